/**
 * What 发票管理 renders with (decision 080): with ?id=, that order's invoice (and the order, when
 * none was asked for); else the orders paid at some point, and the invoices of the rows of the page its
 * address asks for.
 */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { PAID_ONCE, askAllOrders } from '#src/lib/use-all-orders.ts';

export const INVOICE_ROWS_PER_PAGE = 10;

export const invoiceQuery = (orderId: number) => apiQuery('query_invoice_detail', { pathParams: { id: orderId } });

export const data: RouteData<'invoices'> = async ({ ask, search: { id, page } }) => {
  if (id !== undefined) return (await ask(invoiceQuery(id))) === null ? ask(orderDetailQuery(id)) : undefined;
  const paid = (await askAllOrders(ask, PAID_ONCE)).filter((o) => o.pay_time !== null);
  // The page the address asks for, as the list shows it (past the last, the last).
  const current = Math.min(page ?? 1, Math.max(1, Math.ceil(paid.length / INVOICE_ROWS_PER_PAGE)));
  return paid.slice((current - 1) * INVOICE_ROWS_PER_PAGE, current * INVOICE_ROWS_PER_PAGE).map((o) => ask(invoiceQuery(o.id)));
};
