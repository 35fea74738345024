/**
 * Worlds and snapshots on the standalone mock: isolated worlds per X-Mock-World (or mock_world
 * cookie), their list, deletion, limit and idle drop; snapshots saved, listed, loaded into another
 * world identically, deleted, and refused when bad; the payment websocket per world; hostile
 * requests answered with a Chinese 4xx envelope.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_BASE_PATH, errorCodes, orderStatus, paymentStatus } from '#contract/index';
import { PAY_WS_PATH } from './core/config.ts';
import { startMockServer, type RunningMockServer } from './serve.ts';
import { WorldRegistry } from './http/worlds.ts';

let mock: RunningMockServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-snapshots-'));
  mock = await startMockServer({ port: 0, log: null, scenario: 'unpaid-order', snapshotDir: dir, maxWorlds: 12 });
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown> & { data?: unknown };

async function call(method: string, url: string, options: { world?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(options.world ? { 'X-Mock-World': options.world } : {}), ...options.headers };
  if (options.body !== undefined && typeof options.body !== 'string') headers['Content-Type'] ??= 'application/json';
  const response = await fetch(`${mock.url}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let json: Json | null;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = null;
  }
  return { status: response.status, json, text, headers: response.headers };
}

const api = (name: string) => `${API_BASE_PATH}${name}`;

/** Signs lina in within a world: a ticket from the mock, then st_validate. */
async function signIn(world: string) {
  const { json: ticket } = await call('POST', '/__mock/login', { world, body: { username: 'lina' } });
  const { json } = await call('POST', api('st_validate'), { world, body: { st: ticket!.ticket, is_small_app: true } });
  const data = json!.data as { client_id: string; access_token: string };
  return { client_id: data.client_id, Authorization: data.access_token };
}

/** lina pays her unpaid order in `world` and the payment is settled: answers the order id. */
async function payTheOrder(world: string): Promise<number> {
  const auth = await signIn(world);
  const { json: orders } = await call('GET', `${api('order_list')}?page=1&page_size=10`, { world, headers: auth });
  const order = (orders!.data as { list: { id: number; status: number }[] }).list.find((o) => o.status === orderStatus.values.unpaid)!;
  const { json: pay } = await call('POST', api('pay_sign_up'), { world, headers: auth, body: { order_id: order.id, pay_type: 1 } });
  const tradeNo = (pay!.data as { trade_no: string }).trade_no;
  expect((await call('POST', `/__mock/payments/${tradeNo}`, { world, body: { outcome: 'success' } })).status).toBe(200);
  return order.id;
}

describe('worlds', () => {
  it('keep their tables, clock and faults apart; no header is the default world', async () => {
    await payTheOrder('alice');
    await call('POST', '/__mock/clock', { world: 'alice', body: { now: '2027-01-01T09:00:00+08:00' } });
    await call('POST', '/__mock/faults', { world: 'alice', body: { operation: 'class_detail', status: 500, times: 1 } });

    const alice = (await call('GET', '/__mock/state', { world: 'alice' })).json!;
    const bob = (await call('GET', '/__mock/state', { world: 'bob' })).json!;
    const standard = (await call('GET', '/__mock/state')).json!;
    expect(alice.world).toBe('alice');
    expect(bob.world).toBe('bob');
    expect(standard.world).toBe('default');
    expect(String(alice.now)).toMatch(/^2027-01-01T09:0/);
    expect(String(bob.now)).toMatch(/^2026-12-05T10:/);
    const paid = (state: Json) => (state.tables as { orders: { status: number }[] }).orders.filter((o) => o.status === orderStatus.values.paid).length;
    expect(paid(alice)).toBe(paid(bob) + 1);
    expect(paid(standard)).toBe(paid(bob));

    expect((await call('GET', api('class_detail/1'), { world: 'bob' })).status).toBe(200);
    expect((await call('GET', api('class_detail/1'), { world: 'alice' })).status).toBe(500);
  });

  it('are chosen by the mock_world cookie too (browsers), the header winning', async () => {
    await call('POST', '/__mock/clock', { world: 'carol', body: { now: '2027-02-02T10:00:00+08:00' } });
    const byCookie = await call('GET', '/__mock/state', { headers: { Cookie: 'other=1; mock_world=carol' } });
    expect(byCookie.json!.world).toBe('carol');
    const byHeader = await call('GET', '/__mock/state', { world: 'bob', headers: { Cookie: 'mock_world=carol' } });
    expect(byHeader.json!.world).toBe('bob');
  });

  it('are listed, and deleted on request; the default world cannot be', async () => {
    await call('GET', api('class_category'), { world: 'to-delete' });
    const listed = (await call('GET', '/__mock/worlds')).json!.worlds as { name: string; scenario: string; requests: number }[];
    expect(listed[0]!.name).toBe('default');
    expect(listed.find((w) => w.name === 'to-delete')).toMatchObject({ scenario: 'unpaid-order', requests: 1 });

    expect(await call('DELETE', '/__mock/worlds/to-delete', { world: 'to-delete' })).toMatchObject({ status: 200, json: { deleted: 'to-delete' } });
    expect(((await call('GET', '/__mock/worlds')).json!.worlds as { name: string }[]).map((w) => w.name)).not.toContain('to-delete');
    const unknown = await call('DELETE', '/__mock/worlds/never-was', { world: 'never-was' });
    expect(unknown.status).toBe(404);
    expect(unknown.json!.error).toMatch(/没有名为「never-was」的世界/);
    const standard = await call('DELETE', '/__mock/worlds/default');
    expect(standard.status).toBe(400);
    expect(standard.json!.error).toMatch(/默认世界不能删除/);
  });

  it('refuse names with path or control characters, in Chinese, for control and API calls alike', async () => {
    for (const name of ['../etc', 'a/b', '.hidden', 'x'.repeat(65)]) {
      const control = await call('GET', '/__mock/state', { world: name });
      expect(control.status, name).toBe(400);
      expect(control.json!.error).toMatch(/世界名称.*不合规/);
      const answer = await call('GET', api('class_category'), { world: name });
      expect(answer.status, name).toBe(400);
      expect(answer.json).toMatchObject({ error_code: errorCodes.invalidRequest.code, msg: expect.stringMatching(/不合规/) });
    }
  });

  it('stop at the limit with a clear error, and a deleted one makes room', async () => {
    const existing = ((await call('GET', '/__mock/worlds')).json!.worlds as unknown[]).length - 1;
    for (let i = existing; i < 12; i++) expect((await call('GET', api('class_category'), { world: `fill-${i}` })).status).toBe(200);
    const refused = await call('GET', api('class_category'), { world: 'one-too-many' });
    expect(refused.status).toBe(429);
    expect(refused.json!.msg).toMatch(/世界数量已达上限（12 个）/);
    expect((await call('GET', '/__mock/state', { world: 'one-too-many' })).json!.error).toMatch(/世界数量已达上限/);
    await call('DELETE', `/__mock/worlds/fill-${existing}`, { world: `fill-${existing}` });
    expect((await call('GET', api('class_category'), { world: 'one-too-many' })).status).toBe(200);
    await call('DELETE', '/__mock/worlds/one-too-many', { world: 'one-too-many' });
    for (let i = existing + 1; i < 12; i++) await call('DELETE', `/__mock/worlds/fill-${i}`, { world: `fill-${i}` });
  });

  it('are dropped after an idle time, never the default one', async () => {
    let now = 0;
    const registry = new WorldRegistry({ start: { scenario: 'empty' }, maxWorlds: 5, idleMs: 1000, now: () => now });
    await registry.get('default');
    await registry.get('busy');
    await registry.get('idle');
    now = 800;
    await registry.get('busy');
    now = 1500;
    expect(registry.sweep()).toEqual(['idle']);
    expect(registry.list().map((w) => w.name)).toEqual(['default', 'busy']);
    now = 10_000;
    expect(registry.sweep()).toEqual(['busy']);
    expect(registry.list().map((w) => w.name)).toEqual(['default']);
  });

  it('each start at the scenario’s own moment, however late they are created', async () => {
    const first = (await call('GET', '/__mock/state', { world: 'late-1' })).json!;
    expect(String(first.now)).toMatch(/^2026-12-05T10:00/);
    await call('DELETE', '/__mock/worlds/late-1', { world: 'late-1' });
  });
});

describe('snapshots', () => {
  it('save a world after a payment; another world loads it into the same state; they are listed and deleted', async () => {
    await call('POST', '/__mock/reset', { world: 'saver', body: { scenario: 'unpaid-order' } });
    const orderId = await payTheOrder('saver');
    await call('POST', '/__mock/settings', { world: 'saver', body: { latency_ms: [5, 10] } });
    const saved = await call('POST', '/__mock/snapshots', { world: 'saver', body: { name: 'paid-order' } });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ name: 'paid-order', scenario: 'unpaid-order', seed: 1 });

    const listed = (await call('GET', '/__mock/snapshots')).json!.snapshots as { name: string; taken_at: string; scenario: string }[];
    expect(listed).toEqual([expect.objectContaining({ name: 'paid-order', scenario: 'unpaid-order', taken_at: expect.stringMatching(/^\d{4}-/) })]);

    const loaded = await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'paid-order' } });
    expect(loaded.json).toMatchObject({ snapshot: 'paid-order', scenario: 'unpaid-order' });
    const a = (await call('GET', '/__mock/state', { world: 'saver' })).json!;
    const b = (await call('GET', '/__mock/state', { world: 'loader' })).json!;
    expect(b.tables).toEqual(a.tables);
    expect(b.settings).toEqual(a.settings);
    expect(Math.abs(Date.parse(String(b.now)) - Date.parse(String(a.now)))).toBeLessThan(5000);
    const order = (b.tables as { orders: { id: number; status: number }[] }).orders.find((o) => o.id === orderId)!;
    expect(order.status).toBe(orderStatus.values.paid);

    expect(await call('DELETE', '/__mock/snapshots/paid-order', { world: 'saver' })).toMatchObject({ status: 200 });
    expect((await call('GET', '/__mock/snapshots')).json!.snapshots).toEqual([]);
  });

  it('are JSON files in the folder, one per name', async () => {
    await call('POST', '/__mock/snapshots', { world: 'saver', body: { name: 'on-disk' } });
    const file = JSON.parse(readFileSync(path.join(dir, 'on-disk.json'), 'utf8')) as { format: string; name: string; tables: { orders: unknown[] } };
    expect(file).toMatchObject({ format: 'children-center-mock-snapshot', name: 'on-disk' });
    expect(file.tables.orders.length).toBeGreaterThan(0);
    await call('DELETE', '/__mock/snapshots/on-disk', { world: 'saver' });
  });

  it('refuse bad names, unknown names and scenario names, in Chinese', async () => {
    for (const name of ['../escape', 'a/b', '.hidden', 'x.json', '']) {
      const response = await call('POST', '/__mock/snapshots', { world: 'saver', body: { name } });
      expect(response.status, name).toBe(400);
      expect(response.json!.error).toMatch(/快照名称|请提供快照名称/);
    }
    expect((await call('POST', '/__mock/snapshots', { body: { name: 'family' } })).json!.error).toMatch(/是场景的名称/);
    const unknown = await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'no-such-thing' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json!.error).toMatch(/未知场景或快照「no-such-thing」/);
    expect((await call('DELETE', '/__mock/snapshots/no-such-thing')).status).toBe(404);
    expect((await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: '../../etc/passwd' } })).status).toBe(400);
  });

  it('do not overwrite by accident, and two saves of one name at once never interleave', async () => {
    expect((await call('POST', '/__mock/snapshots', { world: 'saver', body: { name: 'twice' } })).status).toBe(200);
    const again = await call('POST', '/__mock/snapshots', { world: 'saver', body: { name: 'twice' } });
    expect(again.status).toBe(409);
    expect(again.json!.error).toMatch(/已存在/);
    const racing = await Promise.all([0, 1, 2].map(() => call('POST', '/__mock/snapshots', { world: 'saver', body: { name: 'race', overwrite: true } })));
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    for (const r of racing.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.json!.error).toMatch(/正在保存中/);
    }
    expect(() => JSON.parse(readFileSync(path.join(dir, 'race.json'), 'utf8'))).not.toThrow();
    expect((await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'race' } })).status).toBe(200);
    await call('DELETE', '/__mock/snapshots/twice', { world: 'saver' });
    await call('DELETE', '/__mock/snapshots/race', { world: 'saver' });
  });

  it('that no longer fit the record schemas are refused on load with the fields named, and the world is left alone', async () => {
    await call('POST', '/__mock/snapshots', { world: 'saver', body: { name: 'drifted' } });
    const file = path.join(dir, 'drifted.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { tables: { orders: Record<string, unknown>[] } };
    json.tables.orders[0]!.status = 'paid';
    delete json.tables.orders[1]!.order_no;
    writeFileSync(file, JSON.stringify(json));
    const before = (await call('GET', '/__mock/state', { world: 'loader' })).json!.tables;
    const refused = await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'drifted' } });
    expect(refused.status).toBe(422);
    expect(refused.json!.error).toMatch(/与当前的数据结构不符/);
    // In the app's words for zod's issues (contract/zod-messages.ts), not zod's (`应为 string`).
    expect(refused.json!.error).toContain('tables.orders[0].status：应为以下之一：1、');
    expect(refused.json!.error).toContain('tables.orders[1].order_no：缺少此项');
    expect((await call('GET', '/__mock/state', { world: 'loader' })).json!.tables).toEqual(before);

    // A file's stubs become the world's faults: one nested 5,000 deep is refused like a control body.
    writeFileSync(file, JSON.stringify({ ...json, stubs: [{ operation: 'global_config', status: 500, data: '' }] }).replace('"data":""', `"data":${'['.repeat(5000)}${']'.repeat(5000)}`));
    const deep = await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'drifted' } });
    expect(deep.status).toBe(422);
    expect(deep.json!.error).toMatch(/嵌套过深/);
    writeFileSync(file, '{"format": "something else"');
    expect((await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'drifted' } })).json!.error).toMatch(/不是合法的 JSON/);
    writeFileSync(file, 'x'.repeat(21 * 1024 * 1024));
    const big = await call('POST', '/__mock/reset', { world: 'loader', body: { scenario: 'drifted' } });
    expect(big.status).toBe(413);
    expect(big.json!.error).toMatch(/过大/);
    await call('DELETE', '/__mock/snapshots/drifted', { world: 'saver' });
  });
});

describe('the payment websocket', () => {
  it('tells a client of the world its trade’s result, and nothing to another world', async () => {
    await call('POST', '/__mock/reset', { world: 'ws-a', body: { scenario: 'unpaid-order' } });
    const wsUrl = `${mock.url.replace('http', 'ws')}${PAY_WS_PATH}`;
    const open = (world: string) =>
      new Promise<{ socket: WebSocket; messages: string[] }>((resolve, reject) => {
        const socket = new WebSocket(wsUrl, { headers: { 'X-Mock-World': world } });
        const messages: string[] = [];
        socket.on('message', (data) => messages.push(data.toString()));
        socket.on('open', () => resolve({ socket, messages }));
        socket.on('error', reject);
      });
    const mine = await open('ws-a');
    const theirs = await open('ws-b');
    await payTheOrder('ws-a');
    await expect.poll(() => mine.messages.length).toBeGreaterThan(0);
    expect(JSON.parse(mine.messages[0]!)).toMatchObject({ type: 'pay_status', status: paymentStatus.values.success, trade_no: expect.stringMatching(/^T/) });
    expect(theirs.messages).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });
});

describe('hostile requests', () => {
  it('a bad escape in a path parameter, a broken multipart body, a huge body: a Chinese 4xx envelope', async () => {
    const escape = await call('GET', api('class_detail/%ZZ'));
    expect(escape.status).toBe(400);
    expect(escape.json).toMatchObject({ error_code: errorCodes.invalidRequest.code, msg: expect.stringMatching(/URL 编码/) });

    const auth = await signIn('hostile');
    const multipart = await call('POST', api('apply_refund/1'), { world: 'hostile', headers: { ...auth, 'Content-Type': 'multipart/form-data' }, body: 'x' });
    expect(multipart.status).toBe(400);
    expect(multipart.json).toMatchObject({ error_code: errorCodes.invalidRequest.code, msg: expect.stringMatching(/multipart/) });

    const huge = await call('POST', api('opinion_feedback'), { world: 'hostile', headers: auth, body: JSON.stringify({ content: 'x'.repeat(11 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ error_code: errorCodes.invalidRequest.code, msg: expect.stringMatching(/请求体过大/) });
  });
});
