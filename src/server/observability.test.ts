/**
 * What the document server tells its operators (issue 42): one JSON line per request and per
 * backend call, tied by the request's id, which the backend receives too; /metrics for this host
 * only, by route and by operation; and parents' own figures at /beacon, checked and bounded
 * before anything is kept. No line holds a token, a cookie, a phone or an ID number.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { openSession } from '#mock/testing';
import { documentShape, templateOf } from './document.ts';
import { documentHandler } from './http.ts';

const ORIGIN = 'https://portal.example.org';
const document = documentShape(
  templateOf('<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>'),
  { styles: () => [], chunks: () => [] },
);
let mock: RunningMockServer;
let server: Server;
let base: string;
const lines: string[] = [];
/** The X-Request-Id of each backend call the mock received. */
const backendIds: string[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  mock.server.prependListener('request', (req: IncomingMessage) => backendIds.push(String(req.headers['x-request-id'] ?? '')));
  server = createServer(
    documentHandler({ document, publicOrigin: ORIGIN, backendUrl: mock.url, accountServiceUrl: 'https://account.example.org/login', dataBudgetMs: 2000, log: (line) => lines.push(line) }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mock.close();
});

type Line = Record<string, unknown>;
const parsed = (): Line[] => lines.map((line) => JSON.parse(line) as Line);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('log lines', () => {
  it("a page: one request line (route from the route table, status, times, bytes, signed in, cache) and a line per backend call with the request's id, which the backend received", async () => {
    lines.length = 0;
    backendIds.length = 0;
    const answer = await fetch(`${base}/details?id=1`);
    await answer.text();
    await settle();
    const id = answer.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const all = parsed();
    expect(all.every((line) => typeof line.time === 'string' && !Number.isNaN(Date.parse(line.time as string)))).toBe(true);
    const requests = all.filter((line) => line.kind === 'request');
    expect(requests).toEqual([
      {
        time: expect.any(String),
        kind: 'request',
        request_id: id,
        method: 'GET',
        route: 'classDetails',
        status: 200,
        duration_ms: expect.any(Number),
        ttfb_ms: expect.any(Number),
        bytes: expect.any(Number),
        signed_in: false,
        cache: 'public',
      },
    ]);
    expect(requests[0]!.bytes as number).toBeGreaterThan(500);
    expect(requests[0]!.ttfb_ms as number).toBeLessThanOrEqual(requests[0]!.duration_ms as number);
    const calls = all.filter((line) => line.kind === 'backend_call');
    expect(calls.map((call) => call.operation)).toContain('class_detail');
    for (const call of calls)
      expect(call).toEqual({
        time: expect.any(String),
        kind: 'backend_call',
        request_id: id,
        operation: expect.any(String),
        outcome: 'ok',
        status: 200,
        error_code: 999999,
        duration_ms: expect.any(Number),
      });
    expect(backendIds.length).toBe(calls.length);
    expect(new Set(backendIds)).toEqual(new Set([id]));
  });

  it("takes nginx's request id, and makes its own for anything else a request says", async () => {
    const idOf = async (given: string) => {
      const answer = await fetch(`${base}/patriarchFAQ`, { headers: { 'X-Request-Id': given } });
      await answer.text();
      return answer.headers.get('x-request-id');
    };
    const given = 'a3f9c2e4b5d6a7f8091a2b3c4d5e6f70';
    expect(await idOf(given)).toBe(given);
    for (const hostile of ['short', 'x'.repeat(65), '"},{"kind":"forged', 'a3f9c2e4 b5d6a7f8091a2b3c4d5e6f70']) expect(await idOf(hostile), hostile).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a signed-in request with a ticket in its address: the lines say signed in and the route, never the token, the client id, the ticket, a phone or an ID number', async () => {
    const parent = mock.state.db.parents.findFirst((q) => q.where({ username: 'lina' }), { strict: true });
    const { clientId, accessToken } = await openSession(mock.state, parent.id);
    lines.length = 0;
    for (const path of ['/personal/personalData', '/personal/myOrder', '/details?id=1&ticket=ST-9f8e7d6c5b', `/personal/orderDetails?id=1&phone=${parent.phone}`]) {
      await (await fetch(`${base}${path}`, { headers: { Cookie: `client_id=${clientId}; access_token=${accessToken}` } })).text();
    }
    await settle();
    const text = lines.join('\n');
    for (const secret of [clientId, accessToken, 'ST-9f8e7d6c5b', 'ticket', parent.phone, parent.id_number].filter(Boolean)) expect(text).not.toContain(secret);
    const requests = parsed().filter((line) => line.kind === 'request');
    expect(requests.map((line) => [line.route, line.signed_in, line.cache])).toEqual([
      ['personalData', true, 'private'],
      ['orders', true, 'private'],
      ['classDetails', true, 'private'],
      ['orderDetails', true, 'private'],
    ]);
  });
});

describe('/metrics', () => {
  it('answers a direct request from this host only', async () => {
    const forwarded = await fetch(`${base}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(forwarded.status).toBe(404);
    expect(await forwarded.text()).not.toMatch(/portal_|nodejs_/);
  });

  it("says, by route, the pages' render and first-byte times and answers; by operation and outcome, the backend calls; the renders under way, the event loop's delay, the heap", async () => {
    await (await fetch(`${base}/`)).text();
    await (await fetch(`${base}/searchHome?name=x`)).text();
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const route of ['home', 'search', 'classDetails']) {
      expect(text).toMatch(new RegExp(`^portal_render_duration_seconds_bucket\\{le="0\\.5",route="${route}"\\} \\d+`, 'm'));
      expect(text).toMatch(new RegExp(`^portal_ttfb_seconds_count\\{route="${route}"\\} [1-9]`, 'm'));
      expect(text).toMatch(new RegExp(`^portal_http_requests_total\\{route="${route}",status="200"\\} [1-9]`, 'm'));
    }
    expect(text).toMatch(/^portal_backend_calls_total\{operation="class_detail",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^portal_backend_call_duration_seconds_count\{operation="class_category"\} [1-9]/m);
    expect(text).toMatch(/^portal_renders_in_flight 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^portal_build_info\{release="[\w.+-]+"\} 1$/m);
    // An address's own words (a query string, an unknown path) never become a label.
    expect(text).not.toMatch(/name=x|searchHome/);
  });
});

describe('/beacon: parents’ own figures', () => {
  const good = {
    route: 'home',
    release: '1.0.0+abc123',
    vitals: [
      { name: 'LCP', value: 1800 },
      { name: 'CLS', value: 0.02 },
      { name: 'INP', value: 120 },
      { name: 'TTFB', value: 300 },
    ],
    errors: [],
  };
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/beacon`, { method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': 'text/plain;charset=UTF-8', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('keeps a report from this site as figures per route: p75 in /metrics', async () => {
    for (const lcp of [1000, 1800, 2600, 4000]) expect((await send({ ...good, vitals: [{ name: 'LCP', value: lcp }] })).status).toBe(204);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/^portal_web_vitals_lcp_seconds_recent\{quantile="0\.75",route="home"\} (2\.\d+|3\.\d+)/m);
    expect(text).toMatch(/^portal_web_vitals_lcp_seconds_bucket\{le="2\.5",route="home"\} 2$/m);
    expect((await send(good)).status).toBe(204);
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(after).toMatch(/^portal_web_vitals_cls_count\{route="home"\} 1$/m);
    expect(after).toMatch(/^portal_web_vitals_inp_seconds_sum\{route="home"\} 0\.12$/m);
  });

  it('logs an error with its route and release, its message without numbers or query strings', async () => {
    lines.length = 0;
    const message = "Cannot read properties of undefined (reading 'name') at 13800138000 /details?id=1&ticket=ST-1 110101201001011234";
    expect((await send({ ...good, vitals: [], errors: [{ message, source: '/assets/details-Ab1.js:1:23456' }] })).status).toBe(204);
    await settle();
    const [line] = parsed().filter((entry) => entry.kind === 'browser_error');
    expect(line).toMatchObject({ route: 'home', release: '1.0.0+abc123', source: '/assets/details-Ab1.js:1:23456' });
    expect(line!.message).toContain("Cannot read properties of undefined (reading 'name')");
    for (const secret of ['13800138000', 'ticket', 'ST-1', '110101201001011234']) expect(JSON.stringify(line)).not.toContain(secret);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^portal_browser_errors_total\{route="home"\} [1-9]/m);
  });

  it('refuses, keeping nothing: another method, another site, too large (before reading it), not JSON, unknown names, a figure out of range, more than it may hold', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    expect((await fetch(`${base}/beacon`)).status).toBe(405);
    expect((await send(good, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await send('x'.repeat(5000))).status).toBe(413);
    for (const bad of [
      'not json',
      '[]',
      { ...good, route: 'nowhere' },
      { ...good, route: '/details' },
      { ...good, release: 'a b' },
      { ...good, vitals: [{ name: 'FID', value: 10 }] },
      { ...good, vitals: [{ name: 'LCP', value: -1 }] },
      { ...good, vitals: [{ name: 'LCP', value: 1e9 }] },
      { ...good, vitals: [{ name: 'CLS', value: 'NaN' }] },
      {
        ...good,
        vitals: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
      { ...good, phone: '13800138000' },
      { ...good, errors: Array.from({ length: 6 }, () => ({ message: 'x' })) },
      { ...good, errors: [{ message: 'x', source: 'https://evil.example/x.js:1:1' }] },
    ]) {
      expect((await send(bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const after = await (await fetch(`${base}/metrics`)).text();
    const count = (text: string) => /^portal_web_vitals_lcp_seconds_count\{route="home"\} (\d+)/m.exec(text)?.[1];
    expect(count(after)).toBe(count(before));
    expect(after).toMatch(/^portal_beacons_refused_total\{reason="shape"\} 13$/m);
    expect(after).toMatch(/^portal_beacons_refused_total\{reason="size"\} 1$/m);
  });
});
