/**
 * One refund by its id. A refund id does not say whether its order is an activity, and the
 * backend keeps activity refunds behind their own call: refund_detail answers 404001 (not found)
 * for them. A link that knows the kind says so (`&activity=1`, from my_refund_list's class_type
 * or the order's) and the page asks the right call once; for a link without it (an old one), a
 * not-found from the first call, and only that answer, sends us to the other.
 */
import { errorCodes } from '#contract/index';
import { useApiQuery, type Data } from '../../lib/api/queries.ts';
import type { ApiError } from '../../lib/api/outcome.ts';

export type RefundDetail = Data<'refund_detail'>;

export function isNotFound(error: ApiError | null): boolean {
  const failure = error?.failure;
  return !!failure && (failure.kind === 'http' || failure.kind === 'business') && failure.code === errorCodes.notFound.code;
}

export function useRefundDetail(id: number, activityFirst = false) {
  const input = { pathParams: { id } };
  // 'manual': a not-found from the first call is a question (is it the other kind?), not a toast.
  const firstId = activityFirst ? 'activity_refund_detail' : 'refund_detail';
  const first = useApiQuery(firstId, input, { errorHandling: 'manual' });
  const tryOther = isNotFound(first.error);
  const other = useApiQuery(activityFirst ? 'refund_detail' : 'activity_refund_detail', input, { enabled: tryOther, errorHandling: 'manual' });
  const query = tryOther ? other : first;
  return {
    refund: query.data,
    isActivity: activityFirst !== tryOther,
    isPending: query.isPending,
    error: query.error,
    /** Neither call knows the id. */
    missing: tryOther && isNotFound(other.error),
    retry: () => void query.refetch(),
  };
}
