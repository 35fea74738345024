import { useIdParam } from '../../lib/use-id-param.ts';
import { ApplyInvoiceView } from './apply-invoice-view.tsx';

export function ApplyInvoicePage() {
  const orderId = useIdParam('id');
  // A new order starts a new form: nothing typed for one order carries over to another.
  return <ApplyInvoiceView key={orderId ?? 'none'} orderId={orderId} />;
}
