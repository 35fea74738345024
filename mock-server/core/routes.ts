/**
 * The contract's operations as a route table: an operation found by method and path in one lookup
 * (the adapter's dispatcher, and the recorder, which names the calls it passes on).
 */
import { API_BASE_PATH, operationList, operations, type OperationId, type Operation } from '#contract/index';

/** One operation's place in the route table: its method and its path as a pattern. */
export interface Route {
  id: OperationId;
  op: Operation;
  pattern: RegExp;
  names: string[];
}

/** `class_detail/{id}` as a pattern over the path after API_BASE_PATH; params are raw (not decoded). */
export function compileRoute(id: OperationId): Route {
  const op = operations[id] as Operation;
  const names: string[] = [];
  const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { id, op, pattern: new RegExp(`^${source}$`), names };
}

/** What follows API_BASE_PATH in a request's path, or null when the request is not an API call. */
export function apiPathOf(url: URL): string | null {
  const at = url.pathname.indexOf(API_BASE_PATH);
  return at < 0 ? null : url.pathname.slice(at + API_BASE_PATH.length);
}

/** The operations' routes grouped by method (all of the contract's, or those given). */
export function routeTable(ids: readonly OperationId[] = operationList.map((op) => op.id as OperationId)): Map<string, Route[]> {
  const byMethod = new Map<string, Route[]>();
  for (const route of ids.map(compileRoute)) byMethod.set(route.op.method, [...(byMethod.get(route.op.method) ?? []), route]);
  return byMethod;
}

/** The operation a request names, with its path parameters (raw), or null. */
export function routeOf(table: Map<string, Route[]>, method: string, url: URL): { route: Route; params: Record<string, string> } | null {
  const path = apiPathOf(url);
  if (path === null) return null;
  for (const route of table.get(method.toUpperCase()) ?? []) {
    const match = route.pattern.exec(path);
    if (match) return { route, params: Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}
