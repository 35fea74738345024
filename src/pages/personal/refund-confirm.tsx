import { useIdParam } from '../../features/enrolment/use-id-param.ts';
import { RefundConfirmView } from '../../features/refunds/refund-confirm-view.tsx';

export function Component() {
  const orderId = useIdParam('id');
  // A new order starts a new form: nothing typed for one order carries over to another.
  return <RefundConfirmView key={orderId ?? 'none'} orderId={orderId} />;
}
