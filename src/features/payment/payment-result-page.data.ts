/** What the payment's outcome renders with (decision 080): whether the order is paid, and the order. */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { payStatusQuery } from './payment-queries.ts';

export const data: RouteData<'paymentResult'> = ({ ask, search: { orderId } }) => (orderId === undefined ? [] : [ask(payStatusQuery(orderId)), ask(orderDetailQuery(orderId, 'log'))]);
