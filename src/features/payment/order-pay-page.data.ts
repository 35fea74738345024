/** What paying an order renders with (decision 080): the order, then, while it waits to be paid, the pay panel's. */
import { orderStatus } from '#contract/coded-values';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { payPanelData } from './payment-queries.ts';

export const data: RouteData<'orderPayment'> = async ({ ask, search: { orderId } }) => {
  if (orderId === undefined) return [];
  const order = await ask(orderDetailQuery(orderId, 'manual'));
  return order.status === orderStatus.values.unpaid ? payPanelData({ ask }) : [];
};
