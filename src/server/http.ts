/**
 * The portal's document server (decision 061): it answers page addresses with server-rendered
 * documents and /healthz with its state; nginx sends it the documents and serves /assets/ and
 * the backend itself (deploy/nginx). One log line per request (method, path, status, ms), never
 * a query string, a cookie or a token. Hostile addresses, headers and cookies get the page's own
 * answer or a 4xx; an error of the server's is a Chinese 500 page without a stack.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { compressor, documentEncoding, stream } from './compression.ts';
import { renderPage, type RenderOptions } from './render-page.ts';
import { robotsTxt, sitemapXml } from './site-files.ts';
import { reportLine, type DocumentReport } from './timing.ts';

export { documentEncoding };

export interface DocumentServerOptions extends Omit<RenderOptions, 'document'> {
  /** The document's shape: fixed (a build's), or made per request (the dev server transforms index.html). */
  document: RenderOptions['document'] | ((url: string) => Promise<RenderOptions['document']>);
  /** Writes one line per request; console.log by default. */
  log?: (line: string) => void;
}

/** Longest address the server reads; longer ones are refused (414) before any work. */
const MAX_URL_LENGTH = 4096;

const FAILURE_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>出错了 - 少年儿童活动中心 · 报名服务平台</title></head><body><main style="max-width:40em;margin:4em auto;font-family:sans-serif"><h1>页面暂时无法显示</h1><p>服务器出了点问题，请稍后刷新重试；如果问题仍然存在，请拨打咨询电话。</p><p><a href="/">返回首页</a></p></main></body></html>`;

function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(text);
}

/** The request as the renderer takes it: its public address (as nginx forwards it), its cookies, its language. */
function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost')
    .split(',')[0]!
    .trim();
  const proto =
    String(req.headers['x-forwarded-proto'] ?? 'http')
      .split(',')[0]!
      .trim() === 'https'
      ? 'https'
      : 'http';
  const url = new URL(req.url ?? '/', `${proto}://${/^[\w.-]+(:\d+)?$/.test(host) ? host : 'localhost'}`);
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language', 'user-agent']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, { method: 'GET', headers, signal });
}

/** The request listener: testable without a socket (http.test.ts). */
export function documentHandler(options: DocumentServerOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const inFlight = new Set<Promise<void>>();
  /** Documents rendered and their render passes since the start (/healthz: bench:ssr reads them). */
  const rendered = { documents: 0, passes: 0 };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    let report: DocumentReport | null = null;
    res.on('finish', () => log(`${req.method} ${pathname.slice(0, 200)} ${res.statusCode} ${Math.round(performance.now() - started)}ms${report ? ` ${reportLine(report)}` : ''}`));
    if (pathname === '/healthz') {
      // Memory after a collection where Node exposes one (node --expose-gc: bench:ssr compares it over 10,000 requests).
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      return sendText(
        res,
        200,
        JSON.stringify({ ok: true, in_flight: inFlight.size, rss_bytes: rss, heap_used_bytes: heapUsed, documents_rendered: rendered.documents, render_passes: rendered.passes }),
        'application/json',
      );
    }
    if ((pathname === '/robots.txt' || pathname === '/sitemap.xml') && (req.method === 'GET' || req.method === 'HEAD')) {
      const origin = new URL(toRequest(req, new AbortController().signal).url).origin;
      try {
        const text = pathname === '/robots.txt' ? robotsTxt(origin) : await sitemapXml(origin, options.backendUrl);
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
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    let request: Request;
    try {
      request = toRequest(req, aborted.signal);
    } catch {
      return sendText(res, 400, '网址无法识别');
    }
    try {
      const document = typeof options.document === 'function' ? await options.document(request.url) : options.document;
      const page = await renderPage(request, { ...options, document });
      void page.report.then((done) => {
        report = done;
        if (done) Object.assign(rendered, { documents: rendered.documents + 1, passes: rendered.passes + done.passes });
      });
      const headers: Record<string, string | string[]> = {};
      page.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers[name] = value;
      });
      const cookies = page.headers.getSetCookie();
      if (cookies.length) headers['set-cookie'] = cookies;
      // A signed-in visitor's page is theirs alone; a signed-out one may be kept a few seconds by nginx.
      headers['cache-control'] ??= request.headers.get('cookie')?.includes('client_id=') || cookies.length ? 'private, no-store' : 'public, max-age=0, s-maxage=5';
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
      console.error(`[server] ${req.method} ${pathname.slice(0, 200)} failed`, error);
      if (res.headersSent) return void res.destroy();
      sendText(res, 500, FAILURE_PAGE, 'text/html; charset=utf-8');
    }
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const work = handle(req, res).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  return Object.assign(listener, {
    /** Settles once every request under way has been answered. */
    drain: () => Promise.allSettled([...inFlight]).then(() => undefined),
  });
}

/** Starts the server; SIGTERM and SIGINT stop it gracefully (no new connections, the ones under way answered). */
export function startDocumentServer(options: DocumentServerOptions & { port: number; host: string }): Promise<Server> {
  const handler = documentHandler(options);
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, handler);
  server.keepAliveTimeout = 65_000;
  const stop = (signal: string) => {
    console.log(`[server] ${signal}: finishing the requests under way, then stopping`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    void handler.drain().then(() => setTimeout(() => process.exit(0), 100));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
