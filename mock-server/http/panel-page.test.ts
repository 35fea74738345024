/** The standalone server serves its panel at /__mock/ui: the page and its script and styles. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../serve.ts';

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
});
afterAll(() => mock.close());

it('answers /__mock/ui with the panel page, its script and its styles', async () => {
  const moved = await fetch(`${mock.url}/__mock/ui?world=qa`, { redirect: 'manual' });
  expect(moved.status).toBe(308);
  expect(moved.headers.get('location')).toBe('/__mock/ui/?world=qa');
  const page = await fetch(`${mock.url}/__mock/ui/`);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('<title>模拟后端 · 控制台</title>');
  const assets = [...html.matchAll(/(?:src|href)="(\/__mock\/ui\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
  for (const asset of assets) expect((await fetch(`${mock.url}${asset}`)).status, asset).toBe(200);
  expect((await fetch(`${mock.url}/__mock/ui/nothing.js`)).status).toBe(404);
});
