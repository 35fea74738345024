import { useIdParam } from '../../lib/use-id-param.ts';
import { RefundConfirmView } from './refund-confirm-view.tsx';

export function RefundConfirmPage() {
  const orderId = useIdParam('id');
  // A new order starts a new form: nothing typed for one order carries over to another.
  return <RefundConfirmView key={orderId ?? 'none'} orderId={orderId} />;
}
