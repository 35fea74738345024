/**
 * The document server under hostile requests (issue 25, item 5): generated and hand-picked
 * addresses, query strings, cookies and headers. Whatever arrives, the answer is the page's own
 * (2xx, a redirect, the 404 page) or a 4xx, never a 5xx, and never a stack trace or an English
 * error; one log line per request, without its query string or cookies. And /healthz answers.
 */
import http, { createServer, type Server } from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { openSession } from '#mock/testing';
import { createRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/api/query-client.ts';
import { requiresSession } from '../lib/session/session-flow.ts';
import { documentShape, templateOf } from './document.ts';
import { documentEncoding, documentHandler } from './http.ts';
import { PRIVATE_PREFIXES, PUBLIC_PAGES } from './site-files.ts';

/** The site's one configured origin (PUBLIC_ORIGIN), and its account service: every absolute address is built from them. */
const PUBLIC_ORIGIN = 'https://portal.example.org';
const ACCOUNT_SERVICE = 'https://account.example.org/login';
const document = documentShape(
  templateOf('<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>'),
  { styles: () => [], chunks: () => [] },
);

let mock: RunningMockServer;
let server: Server;
let port: number;
const lines: string[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  server = createServer(documentHandler({ document, publicOrigin: PUBLIC_ORIGIN, backendUrl: mock.url, accountServiceUrl: ACCOUNT_SERVICE, dataBudgetMs: 2000, log: (line) => lines.push(line) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mock.close();
});

/** Sends a request as raw bytes (fetch would clean the address up first) and reads the answer. */
function raw(requestLine: string, headers: string[] = []): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const host = headers.some((h) => /^host:/i.test(h)) ? '' : `Host: 127.0.0.1:${port}\r\n`;
      socket.write(`${requestLine}\r\n${host}Connection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

function expectCalm({ status, text }: { status: number; text: string }, what: string) {
  expect(status, `${what}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
  expect(status, `${what}: answered ${status}`).toBeLessThan(500);
  expect(text, `${what}: a stack trace`).not.toMatch(/\n\s+at [\w.<]+ \(|Error: |TypeError|node:internal/);
}

const tricks = [
  '/%',
  '/%E4%B8',
  '/..%2F..%2Fetc%2Fpasswd',
  '/details?id=%27%3Bdrop',
  '/details?id=-1',
  '/details?id=99999999999999999999',
  '/details?id=1e309',
  '/searchHome?name=%3Cscript%3E',
  '/searchHome?page=NaN&age=-5',
  '//evil.example/',
  '/personal/../personal/myOrder',
  '/\u0000',
  `/${'a'.repeat(5000)}`,
  '/?ticket=',
  '/?username=%00',
  '/patriarchFAQ?keyword=%F0%9F%98%80&page=999999',
];

describe('the document server under hostile requests', () => {
  it('answers every trick address calmly', async () => {
    // A raw NUL or space cannot be in a request line at all: sent escaped.
    for (const path of tricks) expectCalm(await raw(`GET ${path.split(String.fromCharCode(0)).join('%00').replaceAll(' ', '%20')} HTTP/1.1`), path);
  });

  it('answers generated addresses, cookies and forwarded headers calmly', async () => {
    const segment = fc.oneof(fc.webSegment(), fc.string({ maxLength: 12 }).map(encodeURIComponent), fc.constantFrom('details', 'personal', 'searchHome', 'apply', '%ZZ', '..'));
    const path = fc.array(segment, { maxLength: 3 }).map((parts) => `/${parts.join('/')}`);
    const query = fc.oneof(
      fc.constant(''),
      fc.webQueryParameters().map((q) => `?${q}`),
      fc.dictionary(fc.constantFrom('id', 'page', 'name', 'orderId', 'keyword', 'ticket'), fc.string({ maxLength: 20 })).map((d) => `?${new URLSearchParams(d)}`),
    );
    const cookie = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 60 }).map((text) => `Cookie: ${text.replace(/[\r\n]/g, '')}`),
      fc
        .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }))
        .map(([id, token]) => `Cookie: client_id=${encodeURIComponent(id)}; access_token=${encodeURIComponent(token)}; contact_id=${encodeURIComponent(id)}`),
    );
    const forwarded = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 40 }).map((host) => `X-Forwarded-Host: ${host.replace(/[\r\n]/g, '')}`),
    );
    await fc.assert(
      fc.asyncProperty(path, query, cookie, forwarded, async (p, q, c, f) => {
        expectCalm(
          await raw(
            `GET ${p}${q} HTTP/1.1`,
            [c, f].filter((h): h is string => h !== null),
          ),
          `${p}${q} ${c ?? ''} ${f ?? ''}`,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('refuses what is not a page with a 4xx, and answers its health', async () => {
    expect((await raw('POST / HTTP/1.1', ['Content-Length: 0'])).status).toBe(405);
    expect((await raw('DELETE /details HTTP/1.1')).status).toBe(405);
    expect((await raw(`GET /${'x'.repeat(5000)} HTTP/1.1`)).status).toBe(414);
    const health = await raw('GET /healthz HTTP/1.1');
    expect(health.status).toBe(200);
    expect(health.text).toMatch(/"ok":true/);
  });

  it("answers /healthz to its operators only: a request that came through the proxy (a visitor's) gets the 404 page's status", async () => {
    for (const forwarded of ['X-Forwarded-For: 203.0.113.9', 'Forwarded: for=203.0.113.9', 'X-Real-IP: 203.0.113.9']) {
      const answer = await raw('GET /healthz HTTP/1.1', [forwarded]);
      expect(answer.status, forwarded).toBe(404);
      expect(answer.text, forwarded).not.toMatch(/rss|heap|in_flight/);
    }
  });

  it('logs one JSON line per request (observability.test.ts has its fields): its route, never a query string or a cookie', async () => {
    lines.length = 0;
    await raw('GET /details?id=1&ticket=ST-secret HTTP/1.1', ['Cookie: client_id=c-secret; access_token=t-secret']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requests = lines.map((line) => JSON.parse(line) as { kind: string; method: string; route: string; status: number }).filter((line) => line.kind === 'request');
    expect(requests).toMatchObject([{ method: 'GET', route: 'classDetails', status: expect.any(Number) }]);
    expect(lines.join('\n')).not.toMatch(/secret|ticket|client_id/);
  });
});

/** The Location of an answer, and its Set-Cookie lines. */
function headerOf(text: string, name: string): string[] {
  return [...text.split('\r\n\r\n')[0]!.matchAll(new RegExp(`^${name}: (.*)$`, 'gim'))].map((m) => m[1]!);
}

/** A session the mock does not know (spec §8: 99994): the server sends the visitor to sign in again. */
const STALE_SESSION = 'Cookie: client_id=c-gone; access_token=t-gone';

describe('every absolute address is on the configured origin (issue 38)', () => {
  it('refuses a request target that does not start with exactly one slash, before any work', async () => {
    for (const target of ['//evil.example/?ticket=x', '///evil.example/', '/\\evil.example/', 'http://evil.example/details?id=1', 'https://evil.example/', '*', 'details']) {
      const answer = await raw(`GET ${target} HTTP/1.1`, [STALE_SESSION]);
      expect(answer.status, target).toBe(400);
      // Node's parser refuses a target without a slash itself; the others reach the server, which says why.
      if (target !== 'details') expect(answer.text, target).toContain('网址无法识别');
      expect(headerOf(answer.text, 'Location'), target).toEqual([]);
      expect(answer.text, target).not.toMatch(/evil\.example/);
    }
  });

  it('sends a visitor whose session ended to sign in, back to this site, whatever Host and X-Forwarded-* say', async () => {
    const hostile = ['Host: evil.example', 'X-Forwarded-Host: evil.example', 'X-Forwarded-Proto: http', 'Forwarded: host=evil.example;proto=http'];
    for (const target of ['/details?id=1', '/details?id=1&x=//evil.example']) {
      const answer = await raw(`GET ${target} HTTP/1.1`, [STALE_SESSION, ...hostile]);
      expect(answer.status, target).toBe(302);
      const [location] = headerOf(answer.text, 'Location');
      const login = new URL(location!);
      expect(`${login.origin}${login.pathname}`).toBe(ACCOUNT_SERVICE);
      const service = new URL(login.searchParams.get('service')!);
      expect(service.origin).toBe(PUBLIC_ORIGIN);
      expect(service.pathname).toBe('/details');
    }
  });

  it('names the configured origin in robots.txt and sitemap.xml whatever the request says', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const answer = await raw(`GET ${path} HTTP/1.1`, ['X-Forwarded-Host: evil.example', 'X-Forwarded-Proto: http']);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain('evil.example');
      expect(answer.text, path).toContain(PUBLIC_ORIGIN);
    }
  });

  it('marks the cookies it writes Secure when the site is served over HTTPS', async () => {
    const answer = await raw('GET /details?id=1 HTTP/1.1', [STALE_SESSION]);
    const cookies = headerOf(answer.text, 'Set-Cookie');
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/);
  });

  it('will not start with a relative account service, or an origin that is no origin', () => {
    const options = { document, backendUrl: 'http://127.0.0.1:1', dataBudgetMs: 100 };
    expect(() => documentHandler({ ...options, publicOrigin: PUBLIC_ORIGIN, accountServiceUrl: '/__mock/account/login' })).toThrow(/ACCOUNT_SERVICE_URL/);
    expect(() => documentHandler({ ...options, publicOrigin: PUBLIC_ORIGIN, accountServiceUrl: '//account.example.org/login' })).toThrow(/ACCOUNT_SERVICE_URL/);
    for (const origin of ['', 'portal.example.org', 'https://portal.example.org/path', 'ftp://portal.example.org', 'https://user@portal.example.org']) {
      expect(() => documentHandler({ ...options, publicOrigin: origin, accountServiceUrl: ACCOUNT_SERVICE }), origin).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});

describe('one verdict on "signed in" (issue 38): the render says it, Cache-Control follows it', () => {
  it('marks every answer carrying a session, however its Cookie header is spelled, private and never stored', async () => {
    const parent = mock.state.db.parents.findFirst((q) => q.where({ username: 'lina' }), { strict: true });
    const { clientId: id, accessToken: token } = await openSession(mock.state, parent.id);
    const odd = [
      [`Cookie: client_id=${id}; access_token=${token}`],
      [`Cookie: client_id =${id}; access_token =${token}`],
      [`Cookie:   client_id=${id};access_token=${token}  `],
      [`Cookie: CLIENT_ID=${id}; ACCESS_TOKEN=${token}`],
      [`Cookie: Client_Id=${id}; Access_Token=${token}`],
      [`Cookie: client_id=; client_id=${id}; access_token=${token}`],
      [`Cookie: client_id=${id}; client_id=other; access_token=${token}`],
      [`Cookie: client_id="${id}"; access_token="${token}"`],
      [`Cookie: client_id=${id}`, `Cookie: access_token=${token}`],
      [`Cookie: theme=green; client_id=${id}; access_token=${token}; lang=zh`],
      [`Cookie: access_token=${token}`],
      [`Cookie: user_id=${parent.id}`],
    ];
    for (const cookies of odd) {
      for (const path of ['/', '/details?id=1', '/patriarchFAQ', '/personal/myOrder']) {
        const answer = await raw(`GET ${path} HTTP/1.1`, cookies);
        const what = `${path} with ${cookies.join(' | ')}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(headerOf(answer.text, 'Cache-Control'), what).toEqual(['private, no-store']);
      }
    }
  });

  it('lets nginx keep a page seconds only where the render had no session and wrote no cookie', async () => {
    for (const cookies of [[], ['Cookie: theme=green; mock_world=default'], ['Cookie: client_id_old=x; my_access_token=y']]) {
      const answer = await raw('GET /details?id=1 HTTP/1.1', cookies);
      expect(answer.status).toBe(200);
      expect(headerOf(answer.text, 'Cache-Control'), cookies.join()).toEqual(['public, max-age=0, s-maxage=5']);
      expect(headerOf(answer.text, 'Set-Cookie'), cookies.join()).toEqual([]);
    }
    // An address the browser handles alone (a ticket) is kept nowhere either.
    expect(headerOf((await raw('GET /details?id=1&ticket=ST-1 HTTP/1.1')).text, 'Cache-Control')).toEqual(['private, no-store']);
  });
});

/** Every path of the route table, `personal/x` as `/personal/x`, the index as its parent. */
function routePaths(): string[] {
  const paths: string[] = [];
  const walk = (routes: { path?: string; index?: boolean; children?: unknown[] }[], base: string) => {
    for (const route of routes) {
      const here = route.path ? `${base.replace(/\/$/, '')}/${route.path}`.replace(/^\/\//, '/') : base;
      if (route.path && route.path !== '*' && route.path !== '/') paths.push(here);
      if (route.children) walk(route.children as typeof routes, here);
    }
  };
  walk(createRoutes(createQueryClient({ handleError: () => {} })) as never, '/');
  return paths;
}

describe('robots.txt and sitemap.xml', () => {
  it('every route is either public (in the sitemap) or private (disallowed), and the guard agrees', () => {
    for (const path of routePaths()) {
      const isPrivate = PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
      expect(isPrivate || PUBLIC_PAGES.includes(path) || path === '/details', `${path}: neither listed nor disallowed`).toBe(true);
      if (requiresSession(path)) expect(isPrivate, `${path} needs a session but search engines are not told`).toBe(true);
    }
  });

  it('robots.txt disallows the private pages and names the sitemap; the sitemap lists the public pages and every class', async () => {
    const robots = await raw('GET /robots.txt HTTP/1.1');
    expect(robots.status).toBe(200);
    for (const prefix of PRIVATE_PREFIXES) expect(robots.text).toContain(`Disallow: ${prefix}\n`);
    expect(robots.text).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml\n`);
    const sitemap = await raw('GET /sitemap.xml HTTP/1.1');
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    for (const path of PUBLIC_PAGES) expect(locs.map((u) => u.pathname)).toContain(path);
    const classes = mock.state.db.classes.all().map((c) => c.id);
    expect(
      locs
        .filter((u) => u.pathname === '/details')
        .map((u) => Number(u.searchParams.get('id')))
        .sort((a, b) => a - b),
    ).toEqual([...classes].sort((a, b) => a - b));
    expect(locs.filter((u) => requiresSession(u.pathname))).toEqual([]);
  });
});

describe('compression (decision 062)', () => {
  it('picks brotli where the visitor takes it, else gzip, else none; q=0 refuses', () => {
    expect(documentEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(documentEncoding('gzip, deflate')).toBe('gzip');
    expect(documentEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(documentEncoding('identity')).toBeNull();
    expect(documentEncoding(undefined)).toBeNull();
    expect(documentEncoding('brotli, xgzip')).toBeNull();
  });

  it('sends a page compressed as asked, the same page once decoded, varying by Accept-Encoding', async () => {
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/patriarchFAQ', headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ encoding: response.headers['content-encoding'], vary: response.headers.vary, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const [br, gzip, plain] = await Promise.all([get('gzip, br'), get('gzip'), get('identity')]);
    expect([br.encoding, gzip.encoding, plain.encoding]).toEqual(['br', 'gzip', undefined]);
    for (const answer of [br, gzip, plain]) expect(answer.vary).toMatch(/Accept-Encoding/);
    const text = plain.body.toString('utf8');
    expect(text).toContain('</html>');
    // The same page whatever the encoding, but for its time stamps (the render's, the answers').
    const unstamped = (html: string) => html.replace(/\d{13}/g, 'T');
    expect(unstamped(zlib.brotliDecompressSync(br.body).toString('utf8'))).toBe(unstamped(text));
    expect(unstamped(zlib.gunzipSync(gzip.body).toString('utf8'))).toBe(unstamped(text));
  });
});
