/**
 * The control API refuses mistakes (issue 28): unknown keys, wrong types, null bodies, negative or
 * reversed values and oversized arrays each answer a Chinese 4xx naming the field, and change
 * nothing; names are accepted in either case; a world deletes another's world or snapshot only
 * when it says so; snapshots go outside the repository unless told.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, errorCodes } from '#contract/index';
import { addFaults } from './control/operations.ts';
import { defaultSnapshotDir } from './control/snapshot-store.ts';
import { JSON_MAX_DEPTH } from './core/json-depth.ts';
import { startMockServer, type RunningMockServer } from './serve.ts';

let mock: RunningMockServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-control-'));
  mock = await startMockServer({ port: 0, log: null, scenario: 'unpaid-order', snapshotDir: dir });
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

async function send(method: string, url: string, body?: unknown, world = 'input') {
  const response = await fetch(`${mock.url}${url}`, {
    method,
    // A POST says it is JSON, body or not (control-routes.ts: another page cannot say so).
    headers: { 'X-Mock-World': world, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
const state = async (world = 'input') => (await send('GET', '/__mock/state', undefined, world)).json;

describe('bad input', () => {
  const cases: [string, string, unknown, RegExp][] = [
    ['a typo’d reset key', '/__mock/reset', { scenaro: 'family' }, /^body：未知字段 scenaro（可用：scenario、seed）/],
    ['a null reset body', '/__mock/reset', 'null', /^body：请求体不能是 null/],
    ['a seed as text', '/__mock/reset', { scenario: 'family', seed: '42' }, /^seed：/],
    ['a negative clock advance', '/__mock/clock', { advance_ms: -3_600_000 }, /^advance_ms：advance_ms 不能为负/],
    ['now and advance_ms at once', '/__mock/clock', { now: '2026-10-01T09:30:00+08:00', advance_ms: 1 }, /now 与 advance_ms 只能二选一/],
    ['an unknown clock key', '/__mock/clock', { advance: 1000 }, /^body：未知字段 advance/],
    ['a reversed latency range', '/__mock/settings', { latency_ms: [400, 100] }, /^latency_ms：应为 \[最小, 最大\]，最小不能大于最大/],
    ['an unknown auto-pay key', '/__mock/settings', { auto_pay: { outcome: 'success', after: 5 } }, /^auto_pay：未知字段 after/],
    ['a fault with an unknown key', '/__mock/faults', { operation: 'class_detail', status: 500, tims: 2 }, /^0：未知字段 tims/],
    ['a fault with a status as text', '/__mock/faults', { operation: 'class_detail', status: '500' }, /^0\.status：/],
    ['a null fault', '/__mock/faults', 'null', /^body：/],
    ['an unknown login key', '/__mock/login', { username: 'lina', password: 'x' }, /^body：未知字段 password/],
    ['an outcome typo', '/__mock/payments/T1', { outcome: 'sucess' }, /^outcome：/],
    ['a snapshot without a name', '/__mock/snapshots', {}, /^name：请提供快照名称/],
    ['a name given both ways', '/__mock/settings', { latencyMs: [0, 1], latency_ms: [0, 1] }, /^latency_ms：latencyMs 与 latency_ms 重复/],
  ];
  it.each(cases)('%s is refused in Chinese, naming the field, and changes nothing', async (_what, url, body, message) => {
    const before = await state();
    const answer = await send('POST', url, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.json.error).toMatch(message);
    const after = await state();
    expect(after.tables).toEqual(before.tables);
    expect(after.settings).toEqual(before.settings);
    expect(after.faults).toEqual(before.faults);
    expect(String(after.now).slice(0, 16)).toBe(String(before.now).slice(0, 16));
  });

  it('refuses 200,000 faults in one call without reading them, and caps the pending ones', async () => {
    const many = JSON.stringify(Array.from({ length: 200_000 }, () => ({})));
    const answer = await send('POST', '/__mock/faults', many);
    expect(answer.status).toBe(413);
    expect(answer.json.error).toMatch(/^body：一次最多 500 条故障，收到 200000 条/);
    const many500 = Array.from({ length: 500 }, () => ({ operation: 'class_detail', status: 500, match: { path_params: { id: 99999 } } }));
    expect((await send('POST', '/__mock/faults', many500, 'capped')).status).toBe(200);
    const over = await send('POST', '/__mock/faults', { operation: 'class_detail', status: 500 }, 'capped');
    expect(over.status).toBe(409);
    expect(over.json.error).toMatch(/最多 500 条待生效的故障/);
  });

  it('refuses a body nested 5,000 deep before reading it: nothing stored, the world answers as before', async () => {
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const refused = await send('POST', '/__mock/faults', `{"operation":"class_detail","status":500,"data":${deep(5000)}}`, 'deep');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(`body：嵌套过深，最多 ${JSON_MAX_DEPTH} 层`);
    // An array as deep as JSON.parse itself cannot read is refused the same way, not as "not JSON".
    expect((await send('POST', '/__mock/faults', `${'['.repeat(200_000)}${']'.repeat(200_000)}`, 'deep')).json.error).toBe(`body：嵌套过深，最多 ${JSON_MAX_DEPTH} 层`);
    expect((await send('GET', '/__mock/faults', undefined, 'deep')).json).toEqual({ faults: [] });
    expect((await send('GET', `${API_BASE_PATH}class_detail/1`, undefined, 'deep')).status).not.toBe(500);
    // A portal call as deep is refused too, so the journal that keeps its body stays readable.
    const call = await send('POST', `${API_BASE_PATH}pay_sign_up`, `{"order_id":1,"pay_type":1,"x":${deep(5000)}}`, 'deep');
    expect(call).toMatchObject({ status: 400, json: { error_code: errorCodes.invalidRequest.code, msg: `请求体嵌套过深，最多 ${JSON_MAX_DEPTH} 层` } });
    expect((await send('GET', '/__mock/requests', undefined, 'deep')).status).toBe(200);
    // The browser's window.__mock hands objects over, not text: the same bound.
    const object = JSON.parse(deep(100)) as unknown;
    expect(() => addFaults(mock.state, { operation: 'class_detail', status: 500, data: object })).toThrow(`body：嵌套过深，最多 ${JSON_MAX_DEPTH} 层`);
    expect(mock.state.faults.size).toBe(0);
  });

  it('accepts names in either case, and reads them back', async () => {
    const settings = await send('POST', '/__mock/settings', { latencyMs: [0, 3], autoPay: { outcome: 'fail', afterMs: 2000 } }, 'camel');
    expect(settings.json).toMatchObject({ settings: { latencyMs: [0, 3], autoPay: { outcome: 'fail', afterMs: 2000 } } });
    expect((await send('POST', '/__mock/clock', { advanceMs: 60_000 }, 'camel')).status).toBe(200);
    expect((await send('POST', '/__mock/faults', { operation: 'class_detail', delayMs: 1, match: { pathParams: { id: 1 } } }, 'camel')).json.faults).toEqual([
      expect.objectContaining({ delay_ms: 1, match: { path_params: { id: 1 } } }),
    ]);
  });

  it('keeps an absent body meaning “the defaults” (curl -X POST /__mock/reset)', async () => {
    expect((await send('POST', '/__mock/reset', undefined, 'defaults')).json).toMatchObject({ scenario: 'default', seed: 1 });
  });
});

describe('the words of a refusal (issue 44)', () => {
  // One translation of zod's words, the app's (contract/zod-messages.ts); the name the caller wrote.
  const cases: [string, string, string, unknown, string][] = [
    ['a PascalCase name', 'POST', '/__mock/reset', { Seed: 1 }, 'body：未知字段 Seed（可用：scenario、seed）'],
    ['a seed as text', 'POST', '/__mock/reset', { seed: '42' }, 'seed：应为数字，收到文字'],
    ['a fractional seed', 'POST', '/__mock/reset', { seed: 1.5 }, 'seed：应为整数，收到数字'],
    ['a latency range as text', 'POST', '/__mock/settings', { latency_ms: '1' }, 'latency_ms：应为列表，收到文字'],
    ['an auto-pay as a list', 'POST', '/__mock/settings', { auto_pay: [] }, 'auto_pay：应为对象，收到列表'],
    ['an unknown query parameter', 'GET', '/__mock/requests?limt=1', undefined, 'query：未知字段 limt（可用：operation、method、status、since、until、after_id、limit）'],
    ['a negative limit', 'GET', '/__mock/requests?limit=-1', undefined, 'limit：不能小于1'],
    ['a limit as text', 'GET', '/__mock/requests?limit=ten', undefined, 'limit：应为数字，收到文字'],
  ];
  it.each(cases)('%s: %s %s', async (_what, method, url, body, message) => {
    const answer = await send(method, url, body, 'words');
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe(message);
  });

  it('a missing world is 404, not another world’s', async () => {
    const answer = await send('DELETE', '/__mock/worlds/nope', undefined, 'words');
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatch(/^没有名为「nope」的世界/);
  });

  it('the world limit is a 429 whose envelope carries the code of a refused request', async () => {
    const small = await startMockServer({ port: 0, log: null, maxWorlds: 1, snapshotDir: dir });
    try {
      const call = (world: string) => fetch(`${small.url}${API_BASE_PATH}global_config`, { headers: { 'X-Mock-World': world } });
      expect((await call('first')).status).toBe(200);
      const refused = await call('second');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error_code: errorCodes.invalidRequest.code, msg: expect.stringMatching(/^世界数量已达上限/) });
      const control = await fetch(`${small.url}/__mock/state`, { headers: { 'X-Mock-World': 'second' } });
      expect(control.status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('worlds and snapshots belong to a world', () => {
  it('a world deletes another world only with ?force=true, and itself without', async () => {
    await state('victim');
    const refused = await send('DELETE', '/__mock/worlds/victim', undefined, 'intruder');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatch(/世界「victim」属于世界「victim」，你在「intruder」：要删除别人的，请加 \?force=true/);
    expect(mock.worlds.peek('victim')).not.toBeNull();
    expect((await send('DELETE', '/__mock/worlds/victim?force=true', undefined, 'intruder')).json).toEqual({ deleted: 'victim' });
    await state('self');
    expect((await send('DELETE', '/__mock/worlds/self', undefined, 'self')).json).toEqual({ deleted: 'self' });
  });

  it('a world deletes another’s snapshot only with ?force=true; the list says whose it is and counts bytes', async () => {
    expect((await send('POST', '/__mock/snapshots', { name: 'owned' }, 'owner')).status).toBe(200);
    const listed = (await send('GET', '/__mock/snapshots')).json.snapshots as { name: string; world: string; bytes: number }[];
    const owned = listed.find((s) => s.name === 'owned')!;
    expect(owned.world).toBe('owner');
    const text = JSON.stringify(await (await fetch(`${mock.url}/__mock/state`, { headers: { 'X-Mock-World': 'owner' } })).json());
    expect(owned.bytes).toBeGreaterThan(text.length); // Chinese characters are three bytes each
    const refused = await send('DELETE', '/__mock/snapshots/owned', undefined, 'other');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatch(/快照「owned」属于世界「owner」/);
    expect((await send('DELETE', '/__mock/snapshots/owned?force=true', undefined, 'other')).json).toEqual({ deleted: 'owned' });
  });

  it('a world saves over another’s snapshot only with ?force=true, even with "overwrite": true (issue 44)', async () => {
    expect((await send('POST', '/__mock/snapshots', { name: 'qa-own-snap' }, 'alice')).status).toBe(200);
    const refused = await send('POST', '/__mock/snapshots', { name: 'qa-own-snap', overwrite: true }, 'bob');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('快照「qa-own-snap」属于世界「alice」，你在「bob」：要覆盖别人的，请加 ?force=true');
    const owners = async () => ((await send('GET', '/__mock/snapshots')).json.snapshots as { name: string; world: string }[]).find((s) => s.name === 'qa-own-snap')!.world;
    expect(await owners()).toBe('alice');
    expect((await send('POST', '/__mock/snapshots', { name: 'qa-own-snap', overwrite: true }, 'alice')).status).toBe(200);
    expect((await send('POST', '/__mock/snapshots?force=true', { name: 'qa-own-snap', overwrite: true }, 'bob')).status).toBe(200);
    expect(await owners()).toBe('bob');
    expect((await send('DELETE', '/__mock/snapshots/qa-own-snap', undefined, 'bob')).status).toBe(200);
  });

  it('a world says which snapshot it was loaded from, in GET /__mock/state and the world list, until a reset (issue 44)', async () => {
    const origin = async (world: string) => {
      const own = (await state(world)).snapshot;
      const listed = ((await send('GET', '/__mock/worlds')).json.worlds as { name: string; snapshot: string | null }[]).find((w) => w.name === world)!;
      return [own, listed.snapshot];
    };
    expect((await send('POST', '/__mock/snapshots', { name: 'origin-snap' }, 'origin-saver')).status).toBe(200);
    expect(await origin('origin-loader')).toEqual([null, null]);
    await send('POST', '/__mock/reset', { scenario: 'origin-snap' }, 'origin-loader');
    expect(await origin('origin-loader')).toEqual(['origin-snap', 'origin-snap']);
    await send('POST', '/__mock/reset', { scenario: 'family' }, 'origin-loader');
    expect(await origin('origin-loader')).toEqual([null, null]);
    await send('DELETE', '/__mock/snapshots/origin-snap', undefined, 'origin-saver');
  });

  it('snapshots go outside the repository unless --snapshots or MOCK_SNAPSHOTS says', () => {
    const repository = path.resolve(import.meta.dirname, '..');
    expect(defaultSnapshotDir({}).startsWith(repository)).toBe(false);
    expect(defaultSnapshotDir({ XDG_DATA_HOME: '/data' })).toBe('/data/children-center-mock/snapshots');
    expect(defaultSnapshotDir({ MOCK_SNAPSHOTS: 'qa/snapshots' })).toBe(path.resolve('qa/snapshots'));
  });
});
