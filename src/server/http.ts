/**
 * The portal's document server (decision 061): it answers page addresses with server-rendered
 * documents and /healthz with its state; nginx sends it the documents and serves /assets/ and
 * the backend itself (deploy/nginx). One JSON log line per request and per backend call
 * (request-log.ts), never an address, a query string, a cookie or a token; /metrics for the
 * host's operators (metrics.ts); parents' own figures at /beacon (beacon.ts). Hostile addresses, headers and cookies get the page's own
 * answer or a 4xx; an error of the server's is a Chinese 500 page without a stack.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { isLink } from '#contract/links';
import { onSiteLocation } from '../lib/on-site.ts';
import { compressor, documentEncoding, stream } from './compression.ts';
import { productionFailures } from './failures.ts';
import { renderPage, type RenderOptions } from './render-page.ts';
import { keptSitemap, robotsTxt } from './site-files.ts';
import { reportFields } from './timing.ts';
import { PERSONAL } from './verdict.ts';
import './backend-calls.ts';
import { BEACON_PATH, receiveBeacon } from './beacon.ts';
import { metricsText, rendersInFlight } from './metrics.ts';
import { asRequest, currentRequest, jsonLine } from './request-log.ts';

export { documentEncoding };

export interface DocumentServerOptions extends Omit<RenderOptions, 'document'> {
  /** The document's shape: fixed (a build's), or made per request (the dev server transforms index.html). */
  document: RenderOptions['document'] | ((url: string) => Promise<RenderOptions['document']>);
  /**
   * The site's one public origin (PUBLIC_ORIGIN, e.g. https://portal.example.org): every absolute
   * address the server writes (a page's own, sign-in's return, robots.txt, sitemap.xml) is built
   * from it, never from the request's Host or X-Forwarded-* (decision 075).
   */
  publicOrigin: string;
  /**
   * Renders under way at most in this process (MAX_RENDERS, 32 by default): one more is answered
   * at once with the Chinese 503 page and Retry-After, before any work (issue 38, decision 076).
   */
  maxRenders?: number;
  /** How long sitemap.xml's walk of the catalogue may take in all (site-files.ts: 10 s by default). */
  sitemapDeadlineMs?: number;
  /** Writes the JSON lines (one per request, one per backend call: request-log.ts); console.log by default. */
  log?: (line: string) => void;
}

/** The default of maxRenders: at ~20 ms of CPU a page, 32 under way wait at most about 0.7 s for their turns (decision 076). */
export const MAX_RENDERS = 32;
/** What a visitor past the cap is asked to wait before trying again, in seconds. */
const RETRY_AFTER_S = 5;

/** Longest address the server reads; longer ones are refused (414) before any work. */
const MAX_URL_LENGTH = 4096;

function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
  res.end(text);
}

/**
 * The page of a server past its renders' cap: Chinese, small, no script (the CSP's), and it asks
 * again by itself after a few seconds, spread so the visitors refused together do not return
 * together.
 */
function busyPage(refreshS: number): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta http-equiv="refresh" content="${refreshS}" /><title>访问的人较多 - 少年儿童活动中心 · 报名服务平台</title></head><body><main style="max-width:40em;margin:4em auto;font-family:sans-serif"><h1>访问的人较多，请稍后再试</h1><p>当前访问的家长较多，页面将在几秒后自动刷新，您也可以稍后手动刷新。</p><p><a href="/">返回首页</a></p></main></body></html>`;
}

/**
 * A request target the server reads: a path starting with exactly one slash (`/details?id=1`).
 * `//host/…` and `/\\host` are another site to a browser, `http://host/…` (absolute form) names a
 * host, `*` no page: refused (400) before any work.
 */
export function pageTarget(target: string | undefined): boolean {
  return target !== undefined && /^\/(?![/\\])/.test(target);
}

/** The request as the renderer takes it: its address on the site's public origin, its cookies, its language. */
function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const url = new URL(req.url!, origin);
  if (url.origin !== origin) throw new Error('a target that leaves the origin');
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language', 'user-agent']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, { method: 'GET', headers, signal });
}

/**
 * /healthz (its memory figures, its requests under way) is for the machine's operators and
 * bench:ssr, asking the process itself: never for a request a proxy forwarded, a visitor's
 * (deploy/nginx answers 404 for it too), nor from another host.
 */
function fromOperator(req: IncomingMessage): boolean {
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => req.headers[name] !== undefined);
  const address = req.socket.remoteAddress ?? '';
  return !forwarded && (address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1');
}

/** PUBLIC_ORIGIN as given: `scheme://host[:port]` (http or https), nothing else; thrown otherwise. */
function checkedOrigin(given: string): string {
  let url: URL | null = null;
  try {
    url = new URL(given);
  } catch {
    // below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || given.replace(/\/$/, '') !== url.origin) {
    throw new Error(`PUBLIC_ORIGIN must be the site's origin, scheme://host[:port] (e.g. https://portal.example.org), got ${JSON.stringify(given)}`);
  }
  return url.origin;
}

/** The account service is another site's absolute http(s) address; a path would be this site's own (decision 075). */
function checkedAccountService(given: string): void {
  if (!isLink(given, 'absolute')) throw new Error(`ACCOUNT_SERVICE_URL must be the account service's absolute http(s) address, got ${JSON.stringify(given)}`);
}

/** The request listener: testable without a socket (http.test.ts). */
export function documentHandler(options: DocumentServerOptions) {
  const origin = checkedOrigin(options.publicOrigin);
  checkedAccountService(options.accountServiceUrl);
  const log = options.log ?? ((line: string) => console.log(line));
  const failures = options.failures ?? productionFailures;
  const inFlight = new Set<Promise<void>>();
  /** Documents rendered and their render passes since the start (/healthz: bench:ssr reads them). */
  const rendered = { documents: 0, passes: 0 };
  const maxRenders = options.maxRenders ?? MAX_RENDERS;
  let renders = 0;
  const sitemap = keptSitemap(origin, options.backendUrl, options.sitemapDeadlineMs);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if ((pathname === '/healthz' || pathname === '/metrics') && !fromOperator(req)) return sendText(res, 404, '页面不存在');
    if (pathname === '/metrics') {
      const { text, type } = await metricsText();
      return sendText(res, 200, text, type);
    }
    if (pathname === BEACON_PATH) return receiveBeacon(req, res, origin);
    if (pathname === '/healthz') {
      // Memory after a collection where Node exposes one (node --expose-gc: bench:ssr compares it over 10,000 requests).
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      return sendText(
        res,
        200,
        JSON.stringify({
          ok: true,
          pid: process.pid,
          in_flight: inFlight.size,
          renders,
          rss_bytes: rss,
          heap_used_bytes: heapUsed,
          documents_rendered: rendered.documents,
          render_passes: rendered.passes,
        }),
        'application/json',
      );
    }
    if (!pageTarget(req.url)) return sendText(res, 400, '网址无法识别');
    if ((pathname === '/robots.txt' || pathname === '/sitemap.xml') && (req.method === 'GET' || req.method === 'HEAD')) {
      try {
        const text = pathname === '/robots.txt' ? robotsTxt(origin) : await sitemap();
        res.writeHead(200, { 'Content-Type': pathname === '/robots.txt' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
        res.end(req.method === 'HEAD' ? undefined : text);
      } catch (error) {
        console.error(`[server] ${pathname} failed`, error);
        sendText(res, 503, '暂时无法生成，请稍后再试');
      }
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendText(res, 405, '只支持 GET 和 HEAD 请求');
    }
    if ((req.url ?? '').length > MAX_URL_LENGTH) return sendText(res, 414, '网址过长');
    if (renders >= maxRenders) {
      return sendText(res, 503, busyPage(RETRY_AFTER_S + Math.floor(Math.random() * RETRY_AFTER_S)), 'text/html; charset=utf-8', { 'Retry-After': String(RETRY_AFTER_S) });
    }
    renders += 1;
    rendersInFlight.inc();
    try {
      await renderFor(req, res, pathname);
    } finally {
      renders -= 1;
      rendersInFlight.dec();
    }
  }

  /** A page, rendered and streamed: counted against maxRenders until its last byte is written. */
  async function renderFor(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    let request: Request;
    try {
      request = toRequest(req, origin, aborted.signal);
    } catch {
      return sendText(res, 400, '网址无法识别');
    }
    try {
      const document = typeof options.document === 'function' ? await options.document(request.url) : options.document;
      const page = await renderPage(request, { ...options, document });
      const asked = currentRequest();
      void page.report.then((report) => {
        if (!report) return;
        Object.assign(rendered, { documents: rendered.documents + 1, passes: rendered.passes + report.passes });
        // What the render did, on a line of its own beside the request's (the head went before it).
        asked?.log(jsonLine({ kind: 'render', request_id: asked.id, ...reportFields(report) }));
      });
      const headers: Record<string, string | string[]> = {};
      page.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers[name] = value;
      });
      // Whatever made it, a redirect stays on the site or goes to the account service (decision 075).
      if (headers.location) headers.location = onSiteLocation(headers.location as string, { origin, accountService: options.accountServiceUrl });
      const cookies = page.headers.getSetCookie();
      if (cookies.length) headers['set-cookie'] = cookies;
      // The render's verdict (verdict.ts); an answer it said nothing of is kept by nobody.
      headers['cache-control'] ??= PERSONAL;
      headers['vary'] = 'Accept-Encoding, Cookie';
      const encoding = page.body ? documentEncoding(req.headers['accept-encoding']) : null;
      if (encoding) headers['content-encoding'] = encoding;
      res.writeHead(page.status, headers);
      if (!page.body || req.method === 'HEAD') {
        res.end();
        return;
      }
      let out: Writable & { flush?: () => void } = res;
      if (encoding) {
        const compressing = compressor(encoding);
        compressing.on('error', () => res.destroy()).pipe(res);
        out = compressing;
      }
      await stream(page.body, out, aborted.signal);
    } catch (error) {
      failures.log(`[server] ${req.method} ${pathname.slice(0, 200)} failed`, error);
      if (res.headersSent) return void res.destroy();
      sendText(res, 500, failures.page(error), 'text/html; charset=utf-8');
    }
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const work = asRequest(req, res, log, () => handle(req, res)).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  return Object.assign(listener, {
    /** Settles once every request under way has been answered. */
    drain: () => Promise.allSettled([...inFlight]).then(() => undefined),
  });
}

/**
 * Starts the server; SIGTERM and SIGINT stop it gracefully: no new connections, every request
 * already received answered whole (also one that reaches a kept-alive connection meanwhile), each
 * answer from then on closing its connection, and the process exits once the last connection has
 * closed (at most 10 s). A request nginx sends as the listener closes is refused before any byte
 * and asked of another server (deploy/nginx page.conf): a rolling restart loses none (issue 42).
 */
export function startDocumentServer(options: DocumentServerOptions & { port: number; host: string }): Promise<Server> {
  const handler = documentHandler(options);
  let stopping = false;
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    // An answer begun before the stop leaves its connection idle: closed then, not kept for another request.
    res.once('finish', () => stopping && setImmediate(() => server.closeIdleConnections()));
    handler(req, res);
  });
  server.keepAliveTimeout = 65_000;
  const stop = (signal: string) => {
    console.log(`[server] ${signal}: finishing the requests under way, then stopping`);
    stopping = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
