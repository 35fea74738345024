import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { InvoiceDetailView } from './invoice-detail-view.tsx';
import { InvoiceListView } from './invoice-list-view.tsx';

/** 发票管理: the invoice of one order with ?id=, else every paid order and its invoice. */
export function InvoiceInfoPage() {
  const orderId = useRouteSearch('invoices').id;
  return orderId === undefined ? <InvoiceListView /> : <InvoiceDetailView key={orderId} orderId={orderId} />;
}
