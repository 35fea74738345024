/**
 * The signed-in parent's orders in the given statuses (order_list takes several in one call), all
 * of them, 100 a page (the contract's most): the invoice page shows orders paid at some point,
 * which no single status names (a rejected refund even leaves its order 已支付). The refund records
 * page reads my_refund_list instead (decision 033), and these on a backend without it (decision 057).
 */
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { orderStatus, type ValueOf } from '#contract/index';
import { api, apiQuery, type Data } from './api/queries.ts';

export type OrderSummary = Data<'order_list'>['list'][number];

export const ORDER_PAGE_SIZE = 100;

export interface AllOrders {
  status: 'pending' | 'error' | 'success';
  orders: OrderSummary[];
  retry: () => void;
}

/** Orders that were paid at some point: what invoices are about. */
export const PAID_ONCE: ValueOf<typeof orderStatus>[] = [orderStatus.values.paid, orderStatus.values.refunding, orderStatus.values.refunded, orderStatus.values.partiallyRefunded];

type Statuses = ValueOf<typeof orderStatus>[];

/** One page (100 orders) of the parent's orders in these statuses. */
export const ordersPageQuery = (statuses: Statuses, page: number) => apiQuery('order_list', { query: { status: statuses, page, page_size: ORDER_PAGE_SIZE } });

/** The page count a first page tells. */
const pageCountOf = (first: { total: number; page_size: number }) => Math.ceil(first.total / first.page_size);

export function useAllOrders(statuses: Statuses): AllOrders {
  const first = useQuery(ordersPageQuery(statuses, 1));
  const pageCount = first.data ? pageCountOf(first.data) : 1;
  const more = useQueries({ queries: Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => ordersPageQuery(statuses, i + 2)) });
  const all = [first, ...more];
  const status = all.some((q) => q.isError) ? 'error' : all.some((q) => q.isPending) ? 'pending' : 'success';
  const orders = status === 'success' ? all.flatMap((q) => q.data?.list ?? []) : [];
  return {
    status,
    orders,
    retry: () => all.filter((q) => q.isError).forEach((q) => void q.refetch()),
  };
}

/** The same orders as a route declares them (route-data.ts): the first page, then the others at once. */
export async function askAllOrders(ask: QueryClient['ensureQueryData'], statuses: Statuses): Promise<OrderSummary[]> {
  const first = await ask(ordersPageQuery(statuses, 1));
  const more = await Promise.all(Array.from({ length: Math.max(0, pageCountOf(first) - 1) }, (_, i) => ask(ordersPageQuery(statuses, i + 2))));
  return [first, ...more].flatMap((answer) => answer.list);
}

/**
 * The same orders outside React (a query function's §7 way, decision 057), through the query
 * client's cache. A failure is the caller's to show: these only log it.
 */
export async function fetchAllOrders(client: QueryClient, statuses: ValueOf<typeof orderStatus>[]): Promise<OrderSummary[]> {
  const page = (n: number) => client.fetchQuery({ ...api.order_list.queryOptions({ query: { status: statuses, page: n, page_size: ORDER_PAGE_SIZE } }), meta: { errorHandling: 'log' } });
  const first = await page(1);
  const more = await Promise.all(Array.from({ length: Math.max(0, Math.ceil(first.total / first.page_size) - 1) }, (_, i) => page(i + 2)));
  return [first, ...more].flatMap((answer) => answer.list);
}
