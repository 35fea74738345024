/**
 * Whether the backend takes the project's proposals (its own calls and request fields, decision
 * 057), learnt from the backend's answers, not from the build: the first answer of one of its own
 * calls says it, a "no such call" (answersNoSuchCall: 404, 405, 501, the unknown-call code) meaning no. Kept in the
 * query client, so it lasts as long as the page (until a reload) and a server rendering per
 * request never lends one parent's fact to another; once no, it stays no.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { answersNoSuchCall } from '#contract/http';
import { apiClient } from './api-client.ts';
import { ApiError, isApiError, type ApiFailure } from './outcome.ts';
import { apiKeys, type Data, type Input, type QueryOperationId } from './queries.ts';

export type Proposals = 'taken' | 'absent';

const KEY = ['backend', 'proposals'] as const;

/** A failure of one of the project's own calls that says the backend does not have it. */
export function isNoSuchCall(failure: ApiFailure): boolean {
  return (failure.kind === 'http' || failure.kind === 'business') && answersNoSuchCall(failure.status, failure.code);
}

export function proposalsOf(client: QueryClient): Proposals | undefined {
  return client.getQueryData<Proposals>(KEY);
}

/** Records what an answer of one of the project's own calls said; a failure that is no answer says nothing. */
export function learnProposals(client: QueryClient, failure: ApiFailure | null): void {
  if (failure && failure.kind !== 'http' && failure.kind !== 'business') return;
  const value: Proposals = failure && isNoSuchCall(failure) ? 'absent' : 'taken';
  if (proposalsOf(client) === 'absent' || proposalsOf(client) === value) return;
  // Never stale, never collected: the fact stands for the session.
  client.setQueryDefaults(KEY, { staleTime: Infinity, gcTime: Infinity });
  client.setQueryData<Proposals>(KEY, value);
}

/** Learns from a failed mutation of one of the project's own calls (withdraw_refund). */
export function learnFromError(client: QueryClient, error: unknown): void {
  if (isApiError(error)) learnProposals(client, error.failure);
}

/**
 * A read of one of the project's own calls, or its §7 way (`spec`) when the backend does not have
 * it: asked once per session, then the §7 way straight away.
 */
export async function ownReadOr<Id extends QueryOperationId>(client: QueryClient, id: Id, input: Input<Id>, signal: AbortSignal, spec: () => Promise<Data<Id>>): Promise<Data<Id>> {
  if (proposalsOf(client) !== 'absent') {
    const outcome = await apiClient.call(id, input, { signal });
    learnProposals(client, outcome.ok ? null : outcome.failure);
    if (outcome.ok) return outcome.data;
    if (!isNoSuchCall(outcome.failure)) throw new ApiError(id, outcome.failure);
  }
  return spec();
}

/** The refund records page's page size (five cards fill a screen). */
export const REFUND_RECORDS_PAGE_SIZE = 5;
/** That page's first page: the cheapest of the project's own reads, kept for the page. */
const PROBE = { query: { page: 1, page_size: REFUND_RECORDS_PAGE_SIZE } } satisfies Input<'my_refund_list'>;

/**
 * Whether the backend takes the proposals: 'taken', 'absent', or undefined while nobody knows.
 * With `ask`, a page that needs to know before it offers something (撤回, the bound mailbox) asks
 * the cheapest own read when no answer has said it yet; a failure that is no answer leaves it
 * unknown, and the page goes the §7 way.
 */
export function useProposals(ask: boolean): { proposals: Proposals | undefined; isPending: boolean } {
  const query = useQuery({ ...proposalsQuery(), enabled: ask });
  return { proposals: query.data, isPending: ask && query.isPending };
}

/** The question itself, which a route that renders such an offer declares (route-data.ts). */
export function proposalsQuery() {
  return queryOptions({
    queryKey: KEY,
    queryFn: async ({ client, signal }): Promise<Proposals> => {
      const outcome = await apiClient.call('my_refund_list', PROBE, { signal });
      learnProposals(client, outcome.ok ? null : outcome.failure);
      if (outcome.ok) client.setQueryData(apiKeys.call('my_refund_list', PROBE), outcome.data);
      const known = proposalsOf(client);
      if (!known) throw new ApiError('my_refund_list', outcome.ok ? { kind: 'aborted' } : outcome.failure);
      return known;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { errorHandling: 'log' },
  });
}
