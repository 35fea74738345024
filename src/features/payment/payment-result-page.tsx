import { useSearchParams } from 'react-router-dom';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { PaymentResultView } from './payment-result-view.tsx';

/** What the page says when its address names no record. */
const MISSING = { title: '没有找到订单', hint: '请在「我的订单」中查看订单的支付状态。', action: <LinkButton to="/personal/myOrder">查看我的订单</LinkButton> };

export function PaymentResultPage() {
  const [search] = useSearchParams();
  return (
    <RecordPage title="支付结果" param="orderId" missing={MISSING}>
      {(orderId) => <PaymentResultView orderId={orderId} reportedSuccess={search.get('status') === 'success'} />}
    </RecordPage>
  );
}
