/** What 我的订单 renders with (decision 080): the page of orders its tab and page ask for. */
import { orderStatus, type ValueOf } from '#contract/coded-values';
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import type { ReadSearch } from '#src/lib/routes.ts';
import { PAGE_SIZE } from './list-address.ts';

type OrderStatus = ValueOf<typeof orderStatus>;
const { unpaid, paid, refunding, refunded, partiallyRefunded, cancelled, closed } = orderStatus.values;

/** The tabs a parent reads, each the statuses it groups (order_list takes several in one call). */
export const TAB_GROUPS = [
  { key: 'unpaid', label: '待付款', statuses: [unpaid] },
  { key: 'paid', label: '已付款', statuses: [paid] },
  { key: 'afterSale', label: '退款售后', statuses: [refunding, refunded, partiallyRefunded] },
  { key: 'cancelled', label: '已取消', statuses: [cancelled, closed] },
] as const satisfies readonly { key: string; label: string; statuses: readonly OrderStatus[] }[];

/** The orders of a tab (?status=, its key) and a page. */
export const ordersQuery = ({ status, page }: ReadSearch<'orders'>) => {
  const tab = TAB_GROUPS.find((g) => g.key === status);
  return apiQuery('order_list', { query: { status: tab ? [...tab.statuses] : undefined, page: page ?? 1, page_size: PAGE_SIZE } });
};

export const data: RouteData<'orders'> = ({ ask, search }) => ask(ordersQuery(search));
