/**
 * What an order's details render with (decision 080): the order (its failure said on the page,
 * not in a toast), then, where it can be refunded, what a refund would return today.
 */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';

/** Spec §7's refund_remain_query, before the parent asks for a refund; a courtesy, so only logged. */
export const refundRemainQuery = (orderId: number) => apiQuery('refund_remain_query', { pathParams: { id: orderId } }, { errorHandling: 'log' });

export const data: RouteData<'orderDetails'> = async ({ ask, search: { id } }) => {
  if (id === undefined) return [];
  const order = await ask(orderDetailQuery(id, 'manual'));
  return order.can_refund ? [ask(refundRemainQuery(order.id))] : [];
};
