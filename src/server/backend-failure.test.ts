/**
 * Issue 25, item 2: a backend that fails or hangs gives the page's own Chinese error state in the
 * server's HTML (what a visitor without script reads), never a stack trace, English or a blank page.
 */
import { createServer, type Server } from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { templateOf } from './document.ts';
import { documentHandler } from './http.ts';

let mock: RunningMockServer;
let server: Server;
let base: string;
const BUDGET_MS = 400;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  const template = templateOf('<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>');
  server = createServer(
    documentHandler({ template, publicOrigin: 'https://portal.example.org', backendUrl: mock.url, accountServiceUrl: 'https://account.example.org/login', dataBudgetMs: BUDGET_MS, log: () => {} }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mock.close();
});
beforeEach(async () => {
  await fetch(`${mock.url}/__mock/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
});

async function faults(list: object[]) {
  const answer = await fetch(`${mock.url}/__mock/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(list) });
  expect(answer.ok).toBe(true);
}

/** The page's visible text (the payload and scripts left out). */
async function page(path: string): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${base}${path}`);
  const html = await response.text();
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
  return { status: response.status, text: body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '), ms: Date.now() - started };
}

function expectCalm(text: string) {
  expect(text).not.toMatch(/\bat [\w.<]+ \(|Error:|TypeError|undefined|null|NaN/);
}

describe('the server when the backend fails', () => {
  it('a class whose details fail: the page says so in Chinese, with the chrome around it', async () => {
    await faults([{ operation: 'class_detail', status: 500, times: 5 }]);
    const { status, text } = await page('/details?id=1');
    expect(status).toBe(200);
    expect(text).toContain('班级信息加载失败');
    expect(text).toContain('重新加载');
    expect(text).toMatch(/首页/);
    expectCalm(text);
  });

  it('a refusal with an error code: its Chinese message', async () => {
    await faults([{ operation: 'class_detail', error_code: 500000, times: 5 }]);
    const { text } = await page('/details?id=1');
    expect(text).toContain('班级信息加载失败');
    expectCalm(text);
  });

  it('a backend that hangs: the document comes within the budget, the page keeps its place for the browser', async () => {
    await faults([{ operation: 'class_detail', hang: true, times: 5 }]);
    const { status, text, ms } = await page('/details?id=1');
    expect(status).toBe(200);
    expect(ms).toBeLessThan(BUDGET_MS + 1500);
    expect(text).toMatch(/首页/);
    expectCalm(text);
  });

  it("never writes a backend's raw error body into the page (its payload neither): only what the page says", async () => {
    const cases = [
      // A proxy's page (its status text is another phrase: only the body's words are looked for).
      { fault: { operation: 'class_detail', network: 'no_envelope', status: 503, times: 5 }, secret: 'Internal Server Error' },
      { fault: { operation: 'class_detail', status: 502, error_code: 500000, data: { trace: 'SECRET-TRACE at com.example.Backend' }, unchecked: true, times: 5 }, secret: 'SECRET-TRACE' },
      { fault: { operation: 'class_detail', network: 'malformed', times: 5 }, secret: null },
    ];
    for (const { fault, secret } of cases) {
      await fetch(`${mock.url}/__mock/faults`, { method: 'DELETE' });
      await faults([fault]);
      const html = await (await fetch(`${base}/details?id=1`)).text();
      const what = JSON.stringify(fault);
      expect(html, what).toContain('班级信息加载失败');
      if (secret) expect(html, what).not.toContain(secret);
      const payload = JSON.parse(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
        queries: { queries: { state: { status: string; error?: { failure?: object } } }[] };
      };
      const failures = payload.queries.queries.filter((q) => q.state.status === 'error').map((q) => q.state.error?.failure ?? {});
      expect(failures.length, what).toBeGreaterThan(0);
      for (const failure of failures as { data?: unknown; body?: unknown; issues?: unknown[] }[]) {
        expect(
          [failure.data, failure.body].filter((verbatim) => verbatim != null),
          what,
        ).toEqual([]);
        expect(failure.issues ?? [], what).toEqual([]);
      }
    }
  });
});
