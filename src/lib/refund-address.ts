/**
 * The address of a refund's details page. A refund id does not say whether its order is an
 * activity, whose refunds the backend keeps behind their own call: a link that knows says so
 * (`&activity=1`) and the page asks the right call once (decision 033).
 */
import { classType, type ValueOf } from '#contract/coded-values';
import { href, type Href } from '#src/lib/routes.ts';

export function refundDetailsHref(refundId: number, kind?: ValueOf<typeof classType>): Href {
  return href('refundDetails', { id: refundId, activity: kind === classType.values.activity || undefined });
}
