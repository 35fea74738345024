/**
 * The address of a refund's details page. A refund id does not say whether its order is an
 * activity, whose refunds the backend keeps behind their own call: a link that knows says so
 * (`&activity=1`) and the page asks the right call once (decision 033).
 */
import { classType, type ValueOf } from '#contract/index';

export function refundDetailsHref(refundId: number, kind?: ValueOf<typeof classType>): string {
  return `/personal/refundDetails?id=${refundId}${kind === classType.values.activity ? '&activity=1' : ''}`;
}
