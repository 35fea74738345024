import { useIdParam } from '../../features/enrolment/use-id-param.ts';
import { ApplyInvoiceView } from '../../features/invoices/apply-invoice-view.tsx';

export function Component() {
  const orderId = useIdParam('id');
  // A new order starts a new form: nothing typed for one order carries over to another.
  return <ApplyInvoiceView key={orderId ?? 'none'} orderId={orderId} />;
}
