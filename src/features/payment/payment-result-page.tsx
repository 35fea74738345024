import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { parseId } from '../../lib/use-id-param.ts';
import { PaymentResultView } from './payment-result-view.tsx';

export function PaymentResultPage() {
  const [search] = useSearchParams();
  const orderId = parseId(search.get('orderId'));
  return (
    <PageFrame title="支付结果">
      {orderId === null ? (
        <EmptyState title="没有找到订单" hint="请在「我的订单」中查看订单的支付状态。" action={<LinkButton to="/personal/myOrder">查看我的订单</LinkButton>} />
      ) : (
        <PaymentResultView orderId={orderId} reportedSuccess={search.get('status') === 'success'} />
      )}
    </PageFrame>
  );
}
