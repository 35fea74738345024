/**
 * Where per-visitor state lives. In a browser there is one visitor: one scope, for the page. On
 * the server every request is a visitor of its own: the server runs each request's render and
 * calls inside a scope of its own (src/server/, with AsyncLocalStorage), so one parent's session,
 * child, toasts or cookies never reach another's page. Code outside any request on a server finds
 * no scope and throws instead of sharing one (provideScopes).
 */

type Scope = Map<symbol, unknown>;

const pageScope: Scope = new Map();

/**
 * A page's one scope, in a browser. Anywhere else (Node: the document server) there is no scope
 * until the server provides one per request: a read before that, or outside a request, throws
 * rather than share one scope between every visitor (issue 38).
 */
let current: () => Scope =
  typeof window !== 'undefined' && typeof document !== 'undefined'
    ? () => pageScope
    : () => {
        throw new Error('per-visitor state (a store, the cookies, the clock) was read outside a request on the server: no scope is provided here');
      };

/** The server's: how to find the running request's scope (it throws outside a request). */
export function provideScopes(find: () => Scope): void {
  current = find;
}

/** A fresh scope for a request, holding what the server knows beforehand (its cookie jar). */
export function createScope(seed: ReadonlyArray<readonly [accessor: { key: symbol }, value: unknown]> = []): Scope {
  return new Map(seed.map(([accessor, value]) => [accessor.key, value]));
}

export type Scoped<T> = (() => T) & { key: symbol };

/** A value made once per scope, on first use: `const store = scoped(() => proxy({...}))`, then `store()`. */
export function scoped<T>(create: () => T): Scoped<T> {
  const key = Symbol(create.name || 'scoped');
  const read = () => {
    const scope = current();
    if (!scope.has(key)) scope.set(key, create());
    return scope.get(key) as T;
  };
  return Object.assign(read, { key });
}
