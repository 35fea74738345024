/**
 * Each request's own scope (src/stores/request-scope.ts) on the server, carried through its
 * awaits by AsyncLocalStorage: the stores, the cookie jar, the backend's address and the time of
 * the render are the request's, never another's. State read outside a request throws.
 *
 * One AsyncLocalStorage carries both what a request is to the log (request-log.ts) and its scope:
 * each one more costs every promise of every page a copy (Node 20's propagation; decision 092).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createScope, provideScopes } from '../stores/request-scope.ts';

type Scope = ReturnType<typeof createScope>;

/** What runs as a request: its log's context (request-log.ts), and its scope once the render has one. */
interface Carried<Request> {
  request?: Request;
  scope?: Scope;
}

const carried = new AsyncLocalStorage<Carried<unknown>>();

provideScopes(() => {
  const scope = carried.getStore()?.scope;
  if (!scope) throw new Error('per-visitor state (a store, the cookies) was read outside a request on the server');
  return scope;
});

/** Runs `work` (and everything it awaits) inside a fresh scope holding `seed`, as the request it is part of. */
export function inRequestScope<T>(seed: Parameters<typeof createScope>[0], work: () => T): T {
  return carried.run({ request: carried.getStore()?.request, scope: createScope(seed) }, work);
}

/** Runs `work` (and everything it awaits) as `request` (request-log.ts), without a scope until it makes one. */
export function asRequestOf<Request, T>(request: Request, work: () => T): T {
  return carried.run({ request }, work);
}

/** The request whose work is running, if any (request-log.ts says which type it is). */
export function runningRequest<Request>(): Request | undefined {
  return carried.getStore()?.request as Request | undefined;
}
