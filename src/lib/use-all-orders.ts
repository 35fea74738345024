/**
 * The signed-in parent's orders in the given statuses (order_list takes several in one call), all
 * of them, 100 a page (the contract's most): the invoice page shows orders paid at some point,
 * which no single status names (a rejected refund even leaves its order 已支付). The refund records
 * page reads my_refund_list instead (decision 033), and these on a backend without it (decision 057).
 */
import { useQueries, type QueryClient } from '@tanstack/react-query';
import { orderStatus, type ValueOf } from '#contract/coded-values';
import { useState } from 'react';
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

/**
 * How many pages hold every order, from the pages read so far: the count says it; without one
 * (a backend answering as the seed shows, decision 073) each full page asks for the next.
 */
export function pagesNeeded(pages: ({ list: readonly unknown[]; total?: number } | undefined)[]): number {
  const [first] = pages;
  if (!first) return 1;
  if (first.total !== undefined) return Math.max(1, Math.ceil(first.total / ORDER_PAGE_SIZE));
  const short = pages.findIndex((page) => page === undefined || page.list.length < ORDER_PAGE_SIZE);
  return short === -1 ? pages.length + 1 : pages.length;
}

export function useAllOrders(statuses: Statuses): AllOrders {
  const key = statuses.join(',');
  const [asked, setAsked] = useState({ key, pages: 1 });
  const count = asked.key === key ? asked.pages : 1;
  const all = useQueries({ queries: Array.from({ length: count }, (_, i) => ordersPageQuery(statuses, i + 1)) });
  const needed = pagesNeeded(all.map((q) => q.data));
  if (needed !== count) setAsked({ key, pages: needed });
  const status = all.some((q) => q.isError) ? 'error' : all.some((q) => q.isPending) || needed !== count ? 'pending' : 'success';
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
  if (first.total !== undefined) {
    const more = await Promise.all(Array.from({ length: pagesNeeded([first]) - 1 }, (_, i) => ask(ordersPageQuery(statuses, i + 2))));
    return [first, ...more].flatMap((answer) => answer.list);
  }
  const pages = [first];
  while (pagesNeeded(pages) > pages.length) pages.push(await ask(ordersPageQuery(statuses, pages.length + 1)));
  return pages.flatMap((answer) => answer.list);
}

/**
 * The same orders outside React (a query function's §7 way, decision 057), through the query
 * client's cache. A failure is the caller's to show: these only log it.
 */
export async function fetchAllOrders(client: QueryClient, statuses: ValueOf<typeof orderStatus>[]): Promise<OrderSummary[]> {
  const page = (n: number) => client.fetchQuery({ ...api.order_list.queryOptions({ query: { status: statuses, page: n, page_size: ORDER_PAGE_SIZE } }), meta: { errorHandling: 'log' } });
  const first = await page(1);
  if (first.total !== undefined) {
    const more = await Promise.all(Array.from({ length: pagesNeeded([first]) - 1 }, (_, i) => page(i + 2)));
    return [first, ...more].flatMap((answer) => answer.list);
  }
  const pages = [first];
  while (pagesNeeded(pages) > pages.length) pages.push(await page(pages.length + 1));
  return pages.flatMap((answer) => answer.list);
}
