/** What a pay link renders with (decision 080): for a signed-in parent, the order and whether it is still to be paid. */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { sessionStore } from '#src/stores/session-store.ts';
import { payStatusQuery } from './payment-queries.ts';

export const data: RouteData<'payLink'> = ({ ask, search: { orderId } }) =>
  orderId === undefined || sessionStore().clientId === null ? [] : [ask(payStatusQuery(orderId)), ask(orderDetailQuery(orderId, 'manual'))];
