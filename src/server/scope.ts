/**
 * Each request's own scope (src/stores/request-scope.ts) on the server, carried through its
 * awaits by AsyncLocalStorage: the stores, the cookie jar, the backend's address and the time of
 * the render are the request's, never another's. State read outside a request throws.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createScope, provideScopes } from '../stores/request-scope.ts';

type Scope = ReturnType<typeof createScope>;

const requests = new AsyncLocalStorage<Scope>();

provideScopes(() => {
  const scope = requests.getStore();
  if (!scope) throw new Error('per-visitor state (a store, the cookies) was read outside a request on the server');
  return scope;
});

/** Runs `work` (and everything it awaits) inside a fresh scope holding `seed`. */
export function inRequestScope<T>(seed: Parameters<typeof createScope>[0], work: () => T): T {
  return requests.run(createScope(seed), work);
}
