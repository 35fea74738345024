/**
 * The refund records page's data: one page of my_refund_list (the project's own call, decision
 * 033), each refund with what the page shows of its order; no order_detail per order.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Data } from '../../lib/api/queries.ts';

export type RefundRecord = Data<'my_refund_list'>['list'][number];

/** A refund is a card with its order's facts: five fill a screen. */
export const REFUNDS_PER_PAGE = 5;

export function useRefundRecords(page: number) {
  return useQuery({
    ...api.my_refund_list.queryOptions({ query: { page, page_size: REFUNDS_PER_PAGE } }),
    // The page being left stays shown until the next one is there.
    placeholderData: keepPreviousData,
  });
}
