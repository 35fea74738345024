/**
 * The app's QueryClient: failures go to the one place that acts (error-effects.ts), and every
 * call's invalidations are applied here, from the one table (invalidations.ts).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { createErrorEffects } from './error-effects.ts';
import { applyInvalidations, operationOfKey } from './invalidations.ts';
import { isApiError } from './outcome.ts';

type Effects = ReturnType<typeof createErrorEffects>;

/** Only a lost connection is worth one more try; the backend's refusals are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.failure.kind === 'network';
}

export function createQueryClient(effects: Effects): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => effects.handleError(error, query.meta?.errorHandling),
      // A read that changes state (a message marked read); not awaited: nothing waits on a read.
      onSuccess: (_data, query) => {
        const id = operationOfKey(query.queryKey);
        if (id) void applyInvalidations(queryClient, id, 'answered');
      },
    }),
    mutationCache: new MutationCache({
      // Awaited: the mutation is done once the views it changed are fresh.
      onSuccess: (_data, _vars, _ctx, mutation) => {
        const id = operationOfKey(mutation.options.mutationKey);
        return id ? applyInvalidations(queryClient, id, 'answered') : undefined;
      },
      onError: (error, _vars, _ctx, mutation) => {
        effects.handleError(error, mutation.meta?.errorHandling);
        const id = operationOfKey(mutation.options.mutationKey);
        return id ? applyInvalidations(queryClient, id, 'refused', error) : undefined;
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
