/**
 * The app's QueryClient: failures go to the one place that acts (error-effects.ts), and every
 * call's invalidations are applied here, from the one table (invalidations.ts).
 */
import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import type { createErrorEffects } from './error-effects.ts';
import { isApiError } from './outcome.ts';

type Effects = Pick<ReturnType<typeof createErrorEffects>, 'handleError'>;

/**
 * The table loads with the first answer, not with the app: nothing is invalidated before a call
 * has answered, and the shell paints sooner without it (decision 026).
 */
const table = () => import('./invalidations.ts');

/** Only a lost connection is worth one more try; the backend's refusals are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.failure.kind === 'network';
}

/** A query is fetched by the parts that show it unless it failed with nothing to show (then its error state asks, on request). */
const drawnUnlessFailed = (query: Query): boolean => query.state.status !== 'error' || query.state.data !== undefined;

export function createQueryClient(effects: Effects): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => effects.handleError(error, query.meta?.errorHandling),
      // A read that changes state (a message marked read); not awaited: nothing waits on a read.
      onSuccess: (_data, query) => {
        void table().then(({ applyInvalidations, operationOfKey }) => {
          const id = operationOfKey(query.queryKey);
          if (id) void applyInvalidations(queryClient, id, 'answered');
        });
      },
    }),
    mutationCache: new MutationCache({
      // Awaited: the mutation is done once the views it changed are fresh.
      onSuccess: async (_data, _vars, _ctx, mutation) => {
        const { applyInvalidations, operationOfKey } = await table();
        const id = operationOfKey(mutation.options.mutationKey);
        if (id) await applyInvalidations(queryClient, id, 'answered');
      },
      onError: async (error, _vars, _ctx, mutation) => {
        effects.handleError(error, mutation.meta?.errorHandling);
        const { applyInvalidations, operationOfKey } = await table();
        const id = operationOfKey(mutation.options.mutationKey);
        if (id) await applyInvalidations(queryClient, id, 'refused', error);
      },
    }),
    defaultOptions: {
      // A call that failed is drawn as failed (its error state, with 重新加载), not asked again by
      // each part that mounts: a route's loader asks again at the next navigation (decision 080), and
      // a page the server drew with a failure hydrates as it was drawn.
      // Nor asked again when a mounted page moves onto it (a new tab's or page's address, whose
      // loader has just asked and seen it fail): react-query fetches a query without data whenever
      // an observer switches to it, whatever retryOnMount says, and the failure would never show.
      // 重新加载 (refetch), the next navigation's loader and a page's own timers still ask.
      queries: { retry: shouldRetry, retryOnMount: false, enabled: drawnUnlessFailed, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
