/**
 * What 发票管理 renders with (decision 080): with ?id=, that order's invoice (and the order, when
 * none was asked for); else the orders paid at some point, and the invoices of the first page's rows.
 */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { PAID_ONCE, askAllOrders } from '#src/lib/use-all-orders.ts';

export const INVOICE_ROWS_PER_PAGE = 10;

export const invoiceQuery = (orderId: number) => apiQuery('query_invoice_detail', { pathParams: { id: orderId } });

export const data: RouteData<'invoices'> = async ({ ask, search: { id } }) => {
  if (id !== undefined) return (await ask(invoiceQuery(id))) === null ? ask(orderDetailQuery(id)) : undefined;
  const paid = (await askAllOrders(ask, PAID_ONCE)).filter((o) => o.pay_time !== null);
  return paid.slice(0, INVOICE_ROWS_PER_PAGE).map((o) => ask(invoiceQuery(o.id)));
};
