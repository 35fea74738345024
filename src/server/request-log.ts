/**
 * One JSON line per request the document server answers, and the request's id and route for
 * everything done on its behalf (its backend calls: backend-calls.ts). Operators read these
 * lines (docs/deploy.md, "Logs"); nothing a visitor sent is written into them but the method: the
 * route is a name from the route table, never the address, its query string or a cookie.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeAt } from '../lib/routes.ts';
import { observeRequest } from './metrics.ts';
import { carriesSession } from './verdict.ts';

/** The request being answered: its id, and where its lines go. */
export interface RequestContext {
  id: string;
  log: (line: string) => void;
}

const requests = new AsyncLocalStorage<RequestContext>();

/** The request whose work is running, if any. */
export const currentRequest = (): RequestContext | undefined => requests.getStore();

/** Addresses the server answers that are no page of the route table, by the name they are logged and counted under. */
const SERVER_PATHS: Record<string, string> = { '/robots.txt': 'robots', '/sitemap.xml': 'sitemap', '/healthz': 'healthz', '/metrics': 'metrics', '/beacon': 'beacon' };

/** The route an address is: a name of the route table (src/lib/routes.ts), one of the server's own, or `other` (the 404 page). */
export function routeLabel(pathname: string): string {
  return SERVER_PATHS[pathname] ?? routeAt(pathname) ?? 'other';
}

/**
 * The request's id: the one nginx gave it (`$request_id`, 32 hex digits, passed as X-Request-Id)
 * or one made here. Anything else a request says is not taken: it would be written into the log.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9-]{16,64}$/.test(header) ? header : randomUUID().replaceAll('-', '');
}

/** A log line: JSON, its time first. */
export function jsonLine(fields: Record<string, unknown>): string {
  return JSON.stringify({ time: new Date().toISOString(), ...fields });
}

const byteLength = (chunk: unknown, encoding?: unknown): number =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk instanceof Uint8Array ? chunk.byteLength : 0;

/**
 * Runs `work` (the answer to one request) as that request: its id on the answer (X-Request-Id)
 * and on every line written for it; when the answer has ended (or the visitor left), its line and
 * its figures (metrics.ts): the time to the first byte of the body and to the last, the bytes.
 */
export function asRequest(req: IncomingMessage, res: ServerResponse, log: (line: string) => void, work: () => Promise<void>): Promise<void> {
  const id = requestIdOf(req.headers['x-request-id']);
  res.setHeader('X-Request-Id', id);
  const started = performance.now();
  const route = routeLabel((req.url ?? '/').split('?')[0] ?? '/');
  let firstByte: number | null = null;
  let bytes = 0;
  // Counted where the body leaves (the compressor pipes into res.write too).
  const { write, end } = res;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    firstByte ??= performance.now();
    bytes += byteLength(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (args[0] !== undefined && typeof args[0] !== 'function') {
      firstByte ??= performance.now();
      bytes += byteLength(args[0], args[1]);
    }
    return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.end;
  let written = false;
  const done = () => {
    if (written) return;
    written = true;
    const ms = performance.now() - started;
    const ttfbMs = (firstByte ?? performance.now()) - started;
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    log(
      jsonLine({
        kind: 'request',
        request_id: id,
        method: req.method,
        route,
        status: res.statusCode,
        duration_ms: round(ms),
        ttfb_ms: round(ttfbMs),
        bytes,
        signed_in: carriesSession(typeof req.headers.cookie === 'string' ? req.headers.cookie : null),
        // Whether nginx may keep it (the render's verdict, verdict.ts): nginx's own log says whether it did.
        cache: /^public\b/.test(cacheControl) ? 'public' : cacheControl ? 'private' : 'none',
        ...(res.writableFinished ? {} : { aborted: true }),
      }),
    );
    observeRequest(route, res.statusCode, ms / 1000, ttfbMs / 1000);
  };
  res.once('finish', done);
  res.once('close', done);
  return requests.run({ id, log }, work);
}

const round = (ms: number) => Math.round(ms * 10) / 10;
