/** The app's QueryClient: failures go to the one place that acts (error-effects.ts). */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { createErrorEffects } from './error-effects.ts';
import { isApiError } from './outcome.ts';

type Effects = ReturnType<typeof createErrorEffects>;

/** Only a lost connection is worth one more try; the backend's refusals are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.failure.kind === 'network';
}

export function createQueryClient(effects: Effects): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => effects.handleError(error, query.meta?.errorHandling) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => effects.handleError(error, mutation.meta?.errorHandling),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
