/**
 * One refund by its id. A refund id does not say whether its order is an activity, and the
 * backend keeps activity refunds behind their own call: refund_detail answers 404001 (not found)
 * for them. A link that knows the kind says so (`&activity=1`, from my_refund_list's class_type
 * or the order's) and the page asks the right call once; for a link without it (an old one), a
 * not-found from the first call, and only that answer, sends us to the other.
 */
import { errorCodes } from '#contract/error-codes';
import { refundStatus } from '#contract/coded-values';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { proposalsQuery } from '../../lib/api/proposals.ts';
import { apiKeys, callOrThrow, type Data } from '../../lib/api/queries.ts';
import type { ApiError } from '../../lib/api/outcome.ts';

export type RefundDetail = Data<'refund_detail'>;

export function isNotFound(error: ApiError | null): boolean {
  const failure = error?.failure;
  return !!failure && (failure.kind === 'http' || failure.kind === 'business') && failure.code === errorCodes.notFound.code;
}

/** The call a refund is asked of first, and the other (`activity`: the link says it is an activity's). */
const callsOf = (activityFirst: boolean) => (activityFirst ? (['activity_refund_detail', 'refund_detail'] as const) : (['refund_detail', 'activity_refund_detail'] as const));

/**
 * The refund, by the first call and, after its not-found (and only that), by the other: one query,
 * so the fallback is asked once whoever asks (the route's declaration, the page). Under the first
 * call's key, so what changes a refund (invalidation-table.ts) refreshes it. 'manual': a not-found is
 * a question (is it the other kind?), then the page's own message, never a toast.
 */
export function refundDetailQuery(id: number, activityFirst: boolean) {
  const [firstId, otherId] = callsOf(activityFirst);
  const input = { pathParams: { id } };
  return queryOptions({
    queryKey: [...apiKeys.call(firstId, input), 'or', otherId] as const,
    queryFn: async ({ signal }): Promise<{ refund: RefundDetail; isActivity: boolean }> => {
      try {
        return { refund: await callOrThrow(firstId, input, signal), isActivity: activityFirst };
      } catch (error) {
        if (!isNotFound(error as ApiError)) throw error;
        return { refund: await callOrThrow(otherId, input, signal), isActivity: !activityFirst };
      }
    },
    meta: { errorHandling: 'manual' },
  });
}

export function useRefundDetail(id: number, activityFirst = false) {
  const query = useQuery(refundDetailQuery(id, activityFirst));
  return {
    refund: query.data?.refund,
    isActivity: query.data?.isActivity ?? activityFirst,
    isPending: query.isPending,
    error: query.error,
    /** Neither call knows the id. */
    missing: isNotFound(query.error),
    retry: () => void query.refetch(),
  };
}

/** The refund as the page asks for it; then, for one still applied for, whether 撤回 can be offered. */
export async function askRefundDetail(ask: QueryClient['ensureQueryData'], id: number, activityFirst: boolean): Promise<unknown> {
  const { refund } = await ask(refundDetailQuery(id, activityFirst));
  return refund.status === refundStatus.values.applying ? ask(proposalsQuery()) : undefined;
}
