/** What asking for a refund renders with (decision 080): the order, then what a refund of its kind would return. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { orderDetailQuery } from '#src/lib/api/shared-queries.ts';
import { orderKind, type RefundKind } from './use-order-kind.ts';

/** Activity orders have their own preview; a refusal is said on the page. */
export const refundPreviewQuery = (kind: RefundKind, orderId: number) =>
  apiQuery(kind === 'activity' ? 'activity_preview_refund_fee' : 'preview_refund_fee', { pathParams: { id: orderId } }, { errorHandling: 'manual' });

export const data: RouteData<'refundRequest'> = async ({ ask, search: { id } }) => {
  if (id === undefined) return undefined;
  const order = await ask(orderDetailQuery(id));
  return ask(refundPreviewQuery(orderKind(order), id));
};
