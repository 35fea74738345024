import { RecordPage } from '#src/components/ui/record-page.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { PaymentResultView } from './payment-result-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = { title: '没有找到订单', hint: '请在「我的订单」中查看订单的支付状态。', action: <LinkButton to={href('orders')}>查看我的订单</LinkButton> };

export function PaymentResultPage() {
  const search = useRouteSearch('paymentResult');
  return (
    <RecordPage title="支付结果" id={search.orderId} missing={MISSING}>
      {(orderId) => <PaymentResultView orderId={orderId} reportedSuccess={search.status === 'success'} />}
    </RecordPage>
  );
}
