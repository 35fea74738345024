/**
 * Every order of the signed-in parent. order_list filters by one status at a time and the refund
 * and invoice pages need orders of several (a rejected refund even leaves its order 已支付), so
 * they read the whole list, 100 a page (the contract's most), and filter it here.
 */
import { useQueries } from '@tanstack/react-query';
import { api, useApiQuery, type Data } from './api/queries.ts';

export type OrderSummary = Data<'order_list'>['list'][number];

export const ORDER_PAGE_SIZE = 100;

export interface AllOrders {
  status: 'pending' | 'error' | 'success';
  orders: OrderSummary[];
  retry: () => void;
}

export function useAllOrders(): AllOrders {
  const first = useApiQuery('order_list', { query: { page: 1, page_size: ORDER_PAGE_SIZE } });
  const pageCount = first.data ? Math.ceil(first.data.total / first.data.page_size) : 1;
  const more = useQueries({
    queries: Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) =>
      api.order_list.queryOptions({ query: { page: i + 2, page_size: ORDER_PAGE_SIZE } }),
    ),
  });
  const all = [first, ...more];
  const status = all.some((q) => q.isError) ? 'error' : all.some((q) => q.isPending) ? 'pending' : 'success';
  const orders = status === 'success' ? all.flatMap((q) => q.data?.list ?? []) : [];
  return {
    status,
    orders,
    retry: () => all.filter((q) => q.isError).forEach((q) => void q.refetch()),
  };
}
