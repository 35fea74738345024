/**
 * The mock's handler hosted by another server (a dev server in the same process): the mock answers
 * its own paths and the payment websocket's upgrade, and passes everything else on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_BASE_PATH } from '#contract/index';
import { PAY_WS_PATH } from '../core/config.ts';
import { createMockHandler, type MockHandler } from './host.ts';

let mock: MockHandler;
let server: Server;
let url: string;
const otherUpgrades: string[] = [];

beforeAll(async () => {
  mock = createMockHandler({ scenario: 'unpaid-order' });
  server = createServer((req, res) => mock(req, res, () => res.end(`the app answers ${req.url}`)));
  server.on('upgrade', (req, socket, head: Buffer) => {
    if (mock.upgrade(req, socket, head)) return;
    otherUpgrades.push(req.url ?? '');
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  mock.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('answers the portal’s calls and QA control per world, and passes other paths to next()', async () => {
  const config = await fetch(`${url}${API_BASE_PATH}global_config`, { headers: { 'X-Mock-World': 'hosted' } });
  expect(config.status).toBe(200);
  expect(await config.json()).toMatchObject({ error_code: 999999 });
  expect(await (await fetch(`${url}/__mock/state`, { headers: { 'X-Mock-World': 'hosted' } })).json()).toMatchObject({ world: 'hosted', scenario: { name: 'unpaid-order' } });
  expect(mock.worlds.peek('hosted')).not.toBeNull();
  expect(await (await fetch(`${url}/personal?x=1`)).text()).toBe('the app answers /personal?x=1');
});

it('takes the payment websocket’s upgrade and leaves other upgrades to the host', async () => {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${PAY_WS_PATH}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.close();
  const other = new WebSocket(`${url.replace('http', 'ws')}/vite-hmr`);
  await new Promise((resolve) => other.once('error', resolve));
  expect(otherUpgrades).toEqual(['/vite-hmr']);
});

it('takes a POST to the control API as JSON only: another web page (a form, a no-cors fetch) cannot drive it (issue 38)', async () => {
  const world = { 'X-Mock-World': 'forms' };
  await fetch(`${url}/__mock/reset`, { method: 'POST', headers: { ...world, 'Content-Type': 'application/json' }, body: '{"scenario": "family"}' });
  const forged: Record<string, string>[] = [{ 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/x-www-form-urlencoded' }, { 'Content-Type': 'multipart/form-data; boundary=x' }, {}];
  for (const type of forged) {
    const answer = await fetch(`${url}/__mock/reset`, { method: 'POST', headers: { ...world, ...type }, body: '{"scenario": "unpaid-order"}' });
    expect(answer.status, JSON.stringify(type)).toBe(415);
    expect(((await answer.json()) as { error: string }).error).toMatch(/Content-Type: application\/json/);
  }
  expect(await (await fetch(`${url}/__mock/state`, { headers: world })).json()).toMatchObject({ scenario: { name: 'family' } });
  const json = await fetch(`${url}/__mock/reset`, { method: 'POST', headers: { ...world, 'Content-Type': 'application/json; charset=utf-8' }, body: '{"scenario": "unpaid-order"}' });
  expect(json.status).toBe(200);
});
