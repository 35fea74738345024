/**
 * What a route says it needs before its page renders (decision 080): a declaration next to the
 * page (`<page>.data.ts`, named by the route table's `page`), run by the route's loader. It asks
 * for the page's calls with `ask` (react-query's ensureQueryData: an answer already in is taken, a
 * call under way joined), the same queries the page renders (`apiQuery`), so the page finds them in
 * the cache. A call that needs another's answer (a list's details) asks after it.
 *
 * In the browser a navigation runs the declarations at once, beside the page's chunk, and waits
 * for none of them (the layout and its skeleton paint meanwhile, decision 025). The server keeps
 * them (`keepData`) and starts them all together once the document's head is out (`startData`),
 * then renders once, within one budget.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReadSearch, RouteName } from '../routes.ts';

export interface DataArgs<N extends RouteName = RouteName> {
  /** The page's search params, read by the route table's codecs. */
  search: ReadSearch<N>;
  /** The address's search params as they are (a page that reads them its own way). */
  params: URLSearchParams;
  /** Asks for a call (`apiQuery(…)`); resolves with its answer, rejects with its failure (the page draws it). */
  ask: QueryClient['ensureQueryData'];
  client: QueryClient;
}

/**
 * A route's declaration of the calls its page renders with: it asks for them and returns what it
 * waits on, one promise or several (each is waited for, whatever another's fate).
 */
export type RouteData<N extends RouteName = RouteName> = (args: DataArgs<N>) => unknown;

const kept = new WeakMap<QueryClient, (() => unknown)[]>();
/** The server's clients (one a document): a call is asked once in a document. */
const documents = new WeakSet<QueryClient>();

/**
 * `ask` for a client: a failure that nobody waits on is not an unhandled rejection (the query
 * keeps it). On the server a call that already failed for this document (the session's check) is
 * not asked again: the page is drawn with the failure, and the browser acts on it (decision 074).
 */
export function askerOf(client: QueryClient): QueryClient['ensureQueryData'] {
  return (query) => {
    const state = documents.has(client) ? client.getQueryState(query.queryKey) : undefined;
    const answer = state?.status === 'error' ? Promise.reject(state.error) : client.ensureQueryData(query);
    answer.catch(() => undefined);
    return answer;
  };
}

/** The server's: this client's declarations wait for `startData` instead of starting at once. */
export function keepData(client: QueryClient): void {
  kept.set(client, []);
  documents.add(client);
}

/** Runs a route's declaration, or keeps it for `startData` where the server asked to. */
export function declareData(client: QueryClient, run: () => unknown): void {
  const list = kept.get(client);
  if (list) list.push(run);
  else void settled(run);
}

/** Starts every kept declaration at once; settles when each has its answers or its failure. */
export function startData(client: QueryClient): Promise<unknown> {
  const list = kept.get(client) ?? [];
  kept.delete(client);
  return Promise.all(list.map(settled));
}

/** A failed call is the query's to show (its error state); a declaration stops where it needed it. */
async function settled(run: () => unknown): Promise<void> {
  try {
    const waits = await run();
    if (Array.isArray(waits)) await Promise.allSettled(waits);
  } catch {
    // drawn by the page
  }
}
