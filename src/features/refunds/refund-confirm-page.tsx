import { Link } from 'react-router-dom';
import { LinkButton } from '#src/components/journey/outcome.tsx';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import { RefundConfirmView } from './refund-confirm-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = {
  title: '没有找到要退费的订单',
  hint: '请在「我的订单」中选择已支付的订单后申请退费。',
  action: (
    <LinkButton variant="secondary" to={href('orders')}>
      去我的订单
    </LinkButton>
  ),
};

export function RefundConfirmPage() {
  const search = useRouteSearch('refundRequest');
  return (
    <RecordPage plain title="申请退费" actions={<Link to={href('refunds')}>退费记录</Link>} id={search.id} missing={MISSING}>
      {(orderId) => <RefundConfirmView orderId={orderId} />}
    </RecordPage>
  );
}
