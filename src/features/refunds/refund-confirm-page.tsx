import { Link } from 'react-router-dom';
import { LinkButton } from '#src/components/journey/outcome.tsx';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import { RefundConfirmView } from './refund-confirm-view.tsx';

/** What the page says when its address names no record. */
const MISSING = {
  title: '没有找到要退费的订单',
  hint: '请在「我的订单」中选择已支付的订单后申请退费。',
  action: (
    <LinkButton variant="secondary" to="/personal/myOrder">
      去我的订单
    </LinkButton>
  ),
};

export function RefundConfirmPage() {
  return (
    <RecordPage plain title="申请退费" actions={<Link to="/personal/refund">退费记录</Link>} param="id" missing={MISSING}>
      {(orderId) => <RefundConfirmView orderId={orderId} />}
    </RecordPage>
  );
}
