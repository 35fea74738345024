/**
 * react-query, derived from the contract: one key factory, query options for every GET and
 * mutation options for every other method, and an `api` object with them per operation, so no
 * page restates a path, a key or a type.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  type QueryKeyWithDataTag,
  type UnusedSkipTokenOptions,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { MutationOperationId, OperationId, Operations, ParsedInputOf, QueryOperationId, ResponseOf } from '#contract/index';
import { apiClient } from './api-client.ts';
import type { ApiClient } from './client.ts';
import type { ErrorHandling } from './error-effects.ts';
import { ApiError } from './outcome.ts';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    queryMeta: { errorHandling?: ErrorHandling };
    mutationMeta: { errorHandling?: ErrorHandling };
  }
}

export type { QueryOperationId, MutationOperationId };
export type Input<Id extends OperationId> = ParsedInputOf<Operations[Id]>;
export type Data<Id extends OperationId> = ResponseOf<Operations[Id]>;

/** Drops undefined fields so `{page: undefined}` and `{}` share a cache entry. */
function normalise(input: unknown): unknown {
  return JSON.parse(JSON.stringify(input ?? {}));
}

/** Keys: ['api'] ⊃ ['api', id] ⊃ ['api', id, input]; invalidate at any level. */
export const apiKeys = {
  all: ['api'] as const,
  operation: <Id extends OperationId>(id: Id) => ['api', id] as const,
  call: <Id extends OperationId>(id: Id, input?: Input<Id>) => ['api', id, normalise(input)] as const,
};

/** Sends a call and throws its failure as an ApiError (react-query needs a rejection). */
export async function callOrThrow<Id extends OperationId>(id: Id, input: Input<Id>, signal?: AbortSignal, client: ApiClient = apiClient): Promise<Data<Id>> {
  const outcome = await client.call(id, input, { signal });
  if (!outcome.ok) throw new ApiError(id, outcome.failure);
  return outcome.data;
}

type OptionalInput<Id extends OperationId> = Record<never, never> extends Input<Id> ? [input?: Input<Id>] : [input: Input<Id>];

type ApiQueryKey<Id extends OperationId> = ReturnType<typeof apiKeys.call<Id>>;

// The two option makers' types are spelled out: inferred, their declarations spelled out every
// operation's schema (580 KB that each project reading src/ parsed again, decision 069).
export type ApiQueryOptions<Id extends QueryOperationId> = UnusedSkipTokenOptions<Data<Id>, ApiError, Data<Id>, ApiQueryKey<Id>> & QueryKeyWithDataTag<ApiQueryKey<Id>, Data<Id>, ApiError>;
export type ApiMutationOptions<Id extends MutationOperationId> = {
  mutationKey: ReturnType<typeof apiKeys.operation<Id>>;
  mutationFn: (input: Input<Id>) => Promise<Data<Id>>;
};

export function apiQueryOptions<Id extends QueryOperationId>(id: Id, ...[input]: OptionalInput<Id>): ApiQueryOptions<Id> {
  return queryOptions({
    queryKey: apiKeys.call(id, input),
    queryFn: ({ signal }) => callOrThrow(id, (input ?? {}) as Input<Id>, signal),
  });
}

export function apiMutationOptions<Id extends MutationOperationId>(id: Id): ApiMutationOptions<Id> {
  return {
    mutationKey: apiKeys.operation(id),
    mutationFn: (input: Input<Id>) => callOrThrow(id, input),
  } satisfies UseMutationOptions<Data<Id>, ApiError, Input<Id>>;
}

/** How a page handles a call: its failures (error-effects.ts) and how long an answer stays fresh. */
export interface QueryHandling {
  errorHandling?: ErrorHandling;
  staleTime?: number;
}

/**
 * A call with how the page handles it: what a page renders (`useQuery(apiQuery(…))`) and what its
 * route declares it needs (`ask(apiQuery(…))`, src/lib/api/route-data.ts) are one query, key and
 * handling alike, whoever starts it.
 */
export function apiQuery<Id extends QueryOperationId>(id: Id, input: Input<Id>, { errorHandling, staleTime }: QueryHandling = {}): ApiQueryOptions<Id> {
  return { ...apiQueryOptions<Id>(id, ...([input] as OptionalInput<Id>)), ...(staleTime === undefined ? {} : { staleTime }), meta: { errorHandling } };
}

export function useApiQuery<Id extends QueryOperationId>(
  id: Id,
  input: Input<Id>,
  { enabled, refetchInterval, ...handling }: QueryHandling & { enabled?: boolean; refetchInterval?: number | false } = {},
): UseQueryResult<Data<Id>> {
  return useQuery({ ...apiQuery(id, input, handling), enabled, refetchInterval });
}

export function useApiMutation<Id extends MutationOperationId>(
  id: Id,
  options: Omit<UseMutationOptions<Data<Id>, ApiError, Input<Id>>, 'mutationFn' | 'mutationKey' | 'meta'> & {
    errorHandling?: ErrorHandling;
  } = {},
): UseMutationResult<Data<Id>, ApiError, Input<Id>> {
  const { errorHandling, ...rest } = options;
  return useMutation({ ...apiMutationOptions(id), ...rest, meta: { errorHandling } });
}

/** Everything above, per operation: `api.class_detail.queryOptions({ pathParams: { id } })`. */
type QueryEndpoint<Id extends QueryOperationId> = {
  id: Id;
  key: (input?: Input<Id>) => ReturnType<typeof apiKeys.call<Id>>;
  queryOptions: (...args: OptionalInput<Id>) => ReturnType<typeof apiQueryOptions<Id>>;
};
type MutationEndpoint<Id extends MutationOperationId> = {
  id: Id;
  mutationOptions: () => ReturnType<typeof apiMutationOptions<Id>>;
};
export type Api = { [K in QueryOperationId]: QueryEndpoint<K> } & { [K in MutationOperationId]: MutationEndpoint<K> };

/**
 * Built per operation when first used, from its id alone: the operations' schemas load with the
 * first call (client.ts), not with the app. The types above say which of the two a call has.
 */
const endpoints = new Map<string, unknown>();
export const api = new Proxy({} as Api, {
  get(_, id) {
    if (typeof id !== 'string') return undefined;
    let endpoint = endpoints.get(id);
    if (!endpoint) {
      endpoint = {
        id,
        key: (input?: unknown) => apiKeys.call(id as OperationId, input as never),
        queryOptions: (input?: unknown) => apiQueryOptions(id as QueryOperationId, input as never),
        mutationOptions: () => apiMutationOptions(id as MutationOperationId),
      };
      endpoints.set(id, endpoint);
    }
    return endpoint;
  },
});
