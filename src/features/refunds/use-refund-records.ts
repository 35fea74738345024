/**
 * The refund records page's data: one page of my_refund_list (the project's own call, decision
 * 033), each refund with what the page shows of its order; no order_detail per order. On a backend
 * without it (decision 057), the same page from §7's calls: the orders paid at some point, each
 * one's refunds from order_detail, newest application first, paged here.
 */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { REFUND_RECORDS_PAGE_SIZE, ownReadOr } from '../../lib/api/proposals.ts';
import { api, apiKeys, type Data } from '../../lib/api/queries.ts';
import { PAID_ONCE, fetchAllOrders } from '../../lib/use-all-orders.ts';

type RefundPage = Data<'my_refund_list'>;
export type RefundRecord = RefundPage['list'][number];

/** A refund is a card with its order's facts: five fill a screen. */
export const REFUNDS_PER_PAGE = REFUND_RECORDS_PAGE_SIZE;

/** A page of refunds: the project's own call, or §7's (decision 057). */
export function refundRecordsQuery(page: number) {
  const input = { query: { page, page_size: REFUNDS_PER_PAGE } };
  return queryOptions({
    queryKey: apiKeys.call('my_refund_list', input),
    queryFn: ({ client, signal }) => ownReadOr(client, 'my_refund_list', input, signal, () => refundsFromOrders(client, page)),
  });
}

export function useRefundRecords(page: number) {
  // The page being left stays shown until the next one is there.
  return useQuery({ ...refundRecordsQuery(page), placeholderData: keepPreviousData });
}

/** my_refund_list's page as §7's calls give it. */
async function refundsFromOrders(client: QueryClient, page: number): Promise<RefundPage> {
  const orders = await fetchAllOrders(client, PAID_ONCE);
  const details = await Promise.all(orders.map((o) => client.fetchQuery({ ...api.order_detail.queryOptions({ pathParams: { id: o.id } }), meta: { errorHandling: 'log' } })));
  const records = details
    .flatMap((order) => order.refunds.map((refund): RefundRecord => ({ ...refund, order_status: order.status, order_paid_amount: order.paid_amount, class_type: order.class_type })))
    // As my_refund_list orders them: newest application first; ISO times with one offset sort as text.
    .sort((a, b) => b.applied_at.localeCompare(a.applied_at) || b.id - a.id);
  return { list: records.slice((page - 1) * REFUNDS_PER_PAGE, page * REFUNDS_PER_PAGE), total: records.length, page, page_size: REFUNDS_PER_PAGE };
}
