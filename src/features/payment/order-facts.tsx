/** Statuses of an order whose money came in at some point: it is never paid again. */
import { orderStatus } from '#contract/coded-values';
import type { Data } from '#src/lib/api/queries.ts';

export type OrderDetail = Data<'order_detail'>;

export const PAID_ONCE: ReadonlySet<OrderDetail['status']> = new Set([orderStatus.values.paid, orderStatus.values.refunding, orderStatus.values.refunded, orderStatus.values.partiallyRefunded]);
