/**
 * What one visitor, or many, can make a document server do (issue 38): a cap on the renders under
 * way in a process, above it a Chinese 503 page with Retry-After at once; a deadline per render,
 * past which its backend calls are given up (a hanging backend holds nothing) and the page shows
 * its own error states; and no call left running once a page, a redirect or a refusal is sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { templateOf } from './document.ts';
import { documentHandler, type DocumentServerOptions } from './http.ts';

const template = templateOf('<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>');
let mock: RunningMockServer;
const servers: Server[] = [];
/** The backend's calls whose caller gave up (the socket closed before the answer was written): world and address. */
const abandoned: string[] = [];
const worldOf = (req: IncomingMessage) => /mock_world=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? 'default';
/** The calls of a world given up so far. */
const givenUp = (world: string) => abandoned.filter((call) => call.startsWith(`${world} `));

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  mock.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => res.on('close', () => void (res.writableFinished || abandoned.push(`${worldOf(req)} ${req.url}`))));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await mock.close();
});

async function documentServer(options: Partial<DocumentServerOptions>): Promise<string> {
  const server = createServer(
    documentHandler({
      template,
      publicOrigin: 'https://portal.example.org',
      backendUrl: mock.url,
      accountServiceUrl: 'https://account.example.org/login',
      dataBudgetMs: 800,
      log: () => {},
      ...options,
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** A world of the mock of the test's own, whose `operation` never answers; the visitor's cookie that reaches it. */
async function hangIn(world: string, operation: string): Promise<{ headers: Record<string, string> }> {
  const answer = await fetch(`${mock.url}/__mock/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Mock-World': world },
    body: JSON.stringify([{ operation, hang: true, times: null }]),
  });
  expect(answer.ok).toBe(true);
  return { headers: { cookie: `mock_world=${world}` } };
}

const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the renders a process takes on', () => {
  it('answers past its cap at once with a Chinese 503 page and Retry-After, and renders again once there is room', async () => {
    const base = await documentServer({ maxRenders: 2, dataBudgetMs: 1500 });
    const visitor = await hangIn('cap', 'class_detail');
    const held = [fetch(`${base}/details?id=1`, visitor), fetch(`${base}/details?id=2`, visitor)];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const refused = await Promise.all([1, 2, 3].map(() => fetch(`${base}/details?id=3`)));
    const tookMs = Date.now() - started;
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(visible(await answer.text())).toMatch(/访问的人较多.*请稍后/);
    }
    // Refused before any work: not after the renders under way.
    expect(tookMs).toBeLessThan(1000);
    // Once the two pages are sent to their last byte, there is room again.
    for (const answer of await Promise.all(held)) {
      expect(answer.status).toBe(200);
      await answer.text();
    }
    expect((await fetch(`${base}/details?id=3`)).status).toBe(200);
  });
});

describe('the deadline of a render', () => {
  it("past it, a hanging backend's calls are given up and the page shows its own error state", async () => {
    // A budget longer than the deadline: only the deadline can end the wait.
    const base = await documentServer({ dataBudgetMs: 20_000, renderDeadlineMs: 700 });
    const visitor = await hangIn('deadline', 'class_detail');
    const started = Date.now();
    const answer = await fetch(`${base}/details?id=1`, visitor);
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(visible(html)).toContain('班级信息加载失败');
    expect(visible(html)).toContain('重新加载');
    await expect.poll(() => givenUp('deadline').filter((call) => call.includes('class_detail'))).not.toEqual([]);
  });

  it('leaves no call running once the page is sent: what missed the budget is given up, not held until the backend answers', async () => {
    const base = await documentServer({ dataBudgetMs: 300 });
    const visitor = await hangIn('after-page', 'class_detail');
    const answer = await fetch(`${base}/details?id=1`, visitor);
    await answer.text();
    await expect.poll(() => givenUp('after-page').filter((call) => call.includes('class_detail')), { timeout: 2000 }).not.toEqual([]);
  });

  it('nor once a redirect is sent (a session the backend no longer knows: sign in again)', async () => {
    const base = await documentServer({ dataBudgetMs: 300 });
    const visitor = await hangIn('after-redirect', 'class_category');
    const answer = await fetch(`${base}/details?id=1`, { redirect: 'manual', headers: { cookie: `${visitor.headers.cookie}; client_id=c-gone; access_token=t-gone` } });
    expect(answer.status).toBe(302);
    await expect.poll(() => givenUp('after-redirect').filter((call) => call.includes('class_category')), { timeout: 2000 }).not.toEqual([]);
  });
});

describe('sitemap.xml', () => {
  it('is made once for any number of visitors and addresses, and kept: one walk of the catalogue', async () => {
    const base = await documentServer({});
    let walks = 0;
    const count = (req: IncomingMessage) => void (req.url?.includes('search_by_screening_conditions') && /[?&]page=1(&|$)/.test(req.url) && (walks += 1));
    mock.server.on('request', count);
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => fetch(`${base}/sitemap.xml?x=${i}`)));
      for (const answer of answers) expect(answer.status).toBe(200);
      const texts = await Promise.all(answers.map((answer) => answer.text()));
      expect(new Set(texts).size).toBe(1);
      expect((await fetch(`${base}/sitemap.xml`)).status).toBe(200);
      expect(walks).toBe(1);
    } finally {
      mock.server.off('request', count);
    }
  });

  it('is given up past its deadline when the backend hangs: a 503 at once, and no call left waiting', async () => {
    const base = await documentServer({ sitemapDeadlineMs: 500 });
    await hangIn('default', 'search_by_screening_conditions');
    try {
      const started = Date.now();
      const answer = await fetch(`${base}/sitemap.xml`);
      expect(answer.status).toBe(503);
      expect(await answer.text()).toMatch(/请稍后/);
      expect(Date.now() - started).toBeLessThan(3000);
      await expect.poll(() => givenUp('default').filter((call) => call.includes('search_by_screening_conditions'))).not.toEqual([]);
    } finally {
      await fetch(`${mock.url}/__mock/faults`, { method: 'DELETE' });
    }
  });
});
