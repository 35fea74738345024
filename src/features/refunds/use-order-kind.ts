/**
 * Whether an order is for an activity (class_type 活动): activity orders have their own refund
 * calls. order_detail carries the class type (it extends the order summary), so no other call.
 */
import { classType, type ValueOf } from '#contract/coded-values';

export type RefundKind = 'regular' | 'activity';

export function orderKind(order: { class_type: ValueOf<typeof classType> }): RefundKind {
  return order.class_type === classType.values.activity ? 'activity' : 'regular';
}
