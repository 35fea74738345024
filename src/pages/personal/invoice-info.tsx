import { useIdParam } from '../../features/enrolment/use-id-param.ts';
import { InvoiceDetailView } from '../../features/invoices/invoice-detail-view.tsx';
import { InvoiceListView } from '../../features/invoices/invoice-list-view.tsx';

/** 发票管理: the invoice of one order with ?id=, else every paid order and its invoice. */
export function Component() {
  const orderId = useIdParam('id');
  return orderId === null ? <InvoiceListView /> : <InvoiceDetailView key={orderId} orderId={orderId} />;
}
