/**
 * /login?from=… (decision 090): a sign-in link works as plain HTML. The document server answers it
 * with a 302 to the account service, to come back to `from` on the configured origin, and the
 * sign-in's state in a short-lived cookie (the same state in the address to come back to: the
 * root loader takes a ticket only where the two agree, decision 075). Kept by nobody; never a way
 * off the site.
 */
import net from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM, SERVICE_PARAM } from '#contract/account-service';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { href } from '../lib/routes.ts';
import { documentShape, templateOf } from './document.ts';
import { documentHandler } from './http.ts';

const PUBLIC_ORIGIN = 'https://portal.example.org';
const ACCOUNT_SERVICE = 'https://account.example.org/cas/login';
const document = documentShape(
  templateOf('<!doctype html><html lang="zh-CN"><head><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>'),
  {
    styles: () => [],
    chunks: () => [],
  },
);

let mock: RunningMockServer;
const servers: Server[] = [];

/** A document server on `origin`, answering on a port of its own. */
async function documentServer(origin: string): Promise<number> {
  const server = createServer(documentHandler({ document, publicOrigin: origin, backendUrl: mock.url, accountServiceUrl: ACCOUNT_SERVICE, dataBudgetMs: 2000, log: () => {} }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as net.AddressInfo).port;
}

let https = 0;
let http = 0;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  https = await documentServer(PUBLIC_ORIGIN);
  http = await documentServer('http://localhost:8080');
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await mock.close();
});

interface Answer {
  status: number;
  header: (name: string) => string[];
  body: string;
}

/** A GET of `target` as the bytes say it (fetch would clean the address up first). */
function get(port: number, target: string, headers: string[] = []): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        header: (name) => [...head.matchAll(new RegExp(`^${name}: (.*)$`, 'gim'))].map((m) => m[1]!),
        body,
      });
    });
  });
}

/** The sign-in an answer starts: where it sends the browser, the page to come back to (its state checked and left out), the state's cookie. */
function signInOf(answer: Answer) {
  expect(answer.status).toBe(302);
  const [location] = answer.header('Location');
  const login = new URL(location!);
  const back = new URL(login.searchParams.get(SERVICE_PARAM)!);
  const state = back.searchParams.get(LOGIN_STATE_PARAM);
  back.searchParams.delete(LOGIN_STATE_PARAM);
  const cookies = answer.header('Set-Cookie').filter((c) => c.startsWith(`${LOGIN_STATE_COOKIE}=`));
  expect(cookies, 'one state cookie').toHaveLength(1);
  const cookie = cookies[0]!;
  return { to: `${login.origin}${login.pathname}`, back: back.href, state, cookie, cookieValue: /^[^=]+=([^;]*)/.exec(cookie)![1] };
}

describe('GET /login?from=… on the document server', () => {
  it('sends the visitor to the account service, to come back to the page it names, with the state in the address and in a cookie', async () => {
    const from = '/details?id=3';
    const answer = await get(https, href('login', { from }));
    const signIn = signInOf(answer);
    expect(signIn.to).toBe(ACCOUNT_SERVICE);
    expect(signIn.back).toBe(`${PUBLIC_ORIGIN}/details?id=3`);
    expect(signIn.state).toMatch(/^[0-9a-f]{32}$/);
    expect(signIn.cookieValue).toBe(signIn.state);
    // For the whole site, sent back when the account service returns the browser (a top-level GET), over HTTPS only, for ten minutes.
    expect(signIn.cookie).toMatch(/; Path=\/(;|$)/);
    expect(signIn.cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(signIn.cookie).toMatch(/; Secure(;|$)/);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(signIn.cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    // A visitor's own: kept by no cache, neither nginx nor the browser; and no page to index.
    expect(answer.header('Cache-Control')).toEqual(['private, no-store']);
  });

  it('keeps the page’s whole address, and starts a fresh sign-in each time', async () => {
    const from = `/searchHome?name=${encodeURIComponent('钢琴')}&center=1&page=2`;
    const first = signInOf(await get(https, href('login', { from })));
    const second = signInOf(await get(https, href('login', { from })));
    expect(first.back).toBe(`${PUBLIC_ORIGIN}${from}`);
    expect(second.back).toBe(first.back);
    expect(second.state).not.toBe(first.state);
  });

  it('comes back to the home page for anything that is not a page of this site, or for no page', async () => {
    const offSite = [
      '//evil.example/steal',
      '/\\evil.example/steal',
      '///evil.example',
      'https://evil.example/steal',
      'http://portal.example.org/details?id=3',
      'javascript:alert(1)',
      'details?id=3',
      ' //evil.example',
      '\t//evil.example',
      href('login', { from: '/details?id=3' }),
    ];
    for (const from of offSite) {
      const signIn = signInOf(await get(https, `/login?from=${encodeURIComponent(from)}`));
      expect(signIn.back, from).toBe(`${PUBLIC_ORIGIN}/`);
      expect(signIn.to, from).toBe(ACCOUNT_SERVICE);
    }
    expect(signInOf(await get(https, '/login')).back).toBe(`${PUBLIC_ORIGIN}/`);
    // An address on the site's own origin (what /loginClose is given back) is a page of it.
    expect(signInOf(await get(https, `/login?from=${encodeURIComponent(`${PUBLIC_ORIGIN}/apply`)}`)).back).toBe(`${PUBLIC_ORIGIN}/apply`);
  });

  it('builds the address to come back to on the configured origin, whatever Host and X-Forwarded-* say', async () => {
    const hostile = ['Host: evil.example', 'X-Forwarded-Host: evil.example', 'X-Forwarded-Proto: http', 'Forwarded: host=evil.example;proto=http'];
    const signIn = signInOf(await get(https, href('login', { from: '/apply' }), hostile));
    expect(signIn.back).toBe(`${PUBLIC_ORIGIN}/apply`);
  });

  it('writes the cookie without Secure on a site served over plain HTTP (npm start), where a Secure cookie would be dropped', async () => {
    const signIn = signInOf(await get(http, href('login', { from: '/apply' })));
    expect(signIn.back).toBe('http://localhost:8080/apply');
    expect(signIn.cookie).not.toMatch(/Secure/);
  });

  it('is disallowed in robots.txt', async () => {
    const robots = await get(https, '/robots.txt');
    expect(robots.body).toMatch(new RegExp(`^Disallow: ${href('login')}$`, 'm'));
  });
});
