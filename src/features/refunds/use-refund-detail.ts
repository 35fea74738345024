/**
 * One refund by its id. A refund id does not say whether its order is an activity, and the
 * backend keeps activity refunds behind their own call: refund_detail answers 404001 (not found)
 * for them, so that answer, and only that one, sends us to activity_refund_detail.
 */
import { errorCodes } from '#contract/index';
import { useApiQuery, type Data } from '../../lib/api/queries.ts';
import type { ApiError } from '../../lib/api/outcome.ts';

export type RefundDetail = Data<'refund_detail'>;

export function isNotFound(error: ApiError | null): boolean {
  const failure = error?.failure;
  return !!failure && (failure.kind === 'http' || failure.kind === 'business') && failure.code === errorCodes.notFound.code;
}

export function useRefundDetail(id: number) {
  const input = { pathParams: { id } };
  // 'manual': a not-found here is a question (is it an activity refund?), not a toast.
  const regular = useApiQuery('refund_detail', input, { errorHandling: 'manual' });
  const tryActivity = isNotFound(regular.error);
  const activity = useApiQuery('activity_refund_detail', input, { enabled: tryActivity, errorHandling: 'manual' });
  const query = tryActivity ? activity : regular;
  return {
    refund: query.data,
    isActivity: tryActivity,
    isPending: query.isPending,
    error: query.error,
    /** Neither call knows the id. */
    missing: tryActivity && isNotFound(activity.error),
    retry: () => void query.refetch(),
  };
}
