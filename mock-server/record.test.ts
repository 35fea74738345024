/**
 * `npm run mock:record` against the standalone mock itself (issue 28): the proxy passes a session
 * through, checks each answer against the contract (a drifting one is reported), and saves a
 * snapshot that reloads into another world identically (the tables the session left, without
 * credentials) and stubs that answer the same calls the same way; no token, ticket or password in
 * either file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE_PATH, SUCCESS_CODE } from '#contract/index';
import { startRecorder, type Recorder } from './http/recorder.ts';
import { parseRecordArgs } from './record.ts';
import { startMockServer, type RunningMockServer } from './serve.ts';

let mock: RunningMockServer;
let recorder: Recorder;
let dir: string;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-record-'));
  mock = await startMockServer({ port: 0, log: null, scenario: 'unpaid-order', snapshotDir: dir });
  recorder = await startRecorder({ upstream: mock.url, port: 0, name: 'recorded', snapshotDir: dir, stubsFile: path.join(dir, 'recorded.stubs.json'), log: (line) => lines.push(line) });
});
afterAll(async () => {
  await recorder.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
async function send(base: string, world: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'X-Mock-World': world, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Json;
}

it('records a session through the proxy, reports drift, and saves a snapshot that reloads identically and stubs that replay it', async () => {
  const via = recorder.url;
  // A drifting answer, as a backend out of step with the contract would give.
  await send(mock.url, 'source', 'POST', '/__mock/faults', { operation: 'pay_type_choose', error_code: SUCCESS_CODE, data: { list: [{ value: '1' }] }, unchecked: true });
  const { ticket } = await send(via, 'source', 'POST', '/__mock/login', { username: 'lina' });
  const session = (await send(via, 'source', 'POST', `${API_BASE_PATH}st_validate`, { st: ticket, is_small_app: true })).data as { client_id: string; access_token: string };
  const me = { client_id: session.client_id, Authorization: session.access_token };
  const orders = (await send(via, 'source', 'GET', `${API_BASE_PATH}order_list?status=1&_t=1`, undefined, me)).data as { list: { id: number }[] };
  const orderId = orders.list[0]!.id;
  const trade = (await send(via, 'source', 'POST', `${API_BASE_PATH}pay_sign_up`, { order_id: orderId, pay_type: 1 }, me)).data as { trade_no: string };
  await send(via, 'source', 'POST', `/__mock/payments/${trade.trade_no}`, { outcome: 'success' });
  const detail = await send(via, 'source', 'GET', `${API_BASE_PATH}order_detail/${orderId}`, undefined, me);
  await send(via, 'source', 'GET', `${API_BASE_PATH}pay_type_choose`);

  expect(recorder.calls.map((c) => c.operation)).toEqual(['st_validate', 'order_list', 'pay_sign_up', 'order_detail', 'pay_type_choose']);
  expect(lines.find((line) => line.startsWith('drift pay_type_choose'))).toMatch(/data\.list\[0\]\.value|data\.list\.0\.value|value/);
  expect(lines.filter((line) => line.startsWith('drift'))).toHaveLength(1);

  const saved = await recorder.save();
  expect(saved).toMatchObject({ calls: 5, drifted: 1 });
  for (const file of [saved.snapshot, saved.stubs]) {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(session.access_token);
    expect(text).not.toContain(session.client_id);
    expect(text).not.toContain(String(ticket));
    expect(text).not.toContain('Passw0rd');
  }

  // The snapshot loads like any other, into another world: the same tables, less the credentials.
  expect(JSON.parse(readFileSync(saved.snapshot, 'utf8')).stubs).toBeUndefined(); // a mock's own tables answer
  expect(await send(mock.url, 'copy', 'POST', '/__mock/reset', { scenario: 'recorded' })).toMatchObject({ snapshot: 'recorded' });
  const source = (await send(mock.url, 'source', 'GET', '/__mock/state')).tables as Record<string, unknown[]>;
  const copy = (await send(mock.url, 'copy', 'GET', '/__mock/state')).tables as Record<string, unknown[]>;
  for (const secret of ['sessions', 'tickets', 'codes', 'captchas']) {
    expect(copy[secret]).toEqual([]);
    delete source[secret];
    delete copy[secret];
  }
  expect(copy.parents!.every((p) => (p as Json).password === null)).toBe(true);
  source.parents = source.parents!.map((p) => ({ ...(p as Json), password: null }));
  expect(copy).toEqual(source);

  // The stubs answer the same calls the same way, in a world that never saw them.
  const stubs = JSON.parse(readFileSync(saved.stubs, 'utf8')) as Json[];
  expect(stubs.find((s) => s.operation === 'pay_type_choose')).toMatchObject({ unchecked: true, note: expect.stringMatching(/^drift: /) });
  expect((await fetch(`${mock.url}/__mock/faults`, { method: 'POST', headers: { 'X-Mock-World': 'replay', 'Content-Type': 'application/json' }, body: JSON.stringify(stubs) })).status).toBe(200);
  expect(await send(mock.url, 'replay', 'GET', `${API_BASE_PATH}order_detail/${orderId}`, undefined, { client_id: 'anyone', Authorization: 'anything' })).toEqual(detail);
});

it('from a backend that is no mock, saves a scenario’s tables with the recording as stubs', async () => {
  const config = { error_code: SUCCESS_CODE, msg: '查询成功', data: { service_phone: '010-12345678' } };
  const backend = createServer((req, res) => res.writeHead(req.url?.startsWith(`${API_BASE_PATH}global_config`) ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(config)));
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const upstream = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  const other = await startRecorder({ upstream, port: 0, name: 'from-backend', snapshotDir: dir, stubsFile: path.join(dir, 'backend.stubs.json'), log: null });
  try {
    await send(other.url, 'any', 'GET', `${API_BASE_PATH}global_config`);
    const saved = await other.save();
    const file = JSON.parse(readFileSync(saved.snapshot, 'utf8')) as { scenario: { name: string }; stubs: Json[] };
    expect(file.scenario.name).toBe('empty');
    expect(file.stubs).toEqual([expect.objectContaining({ operation: 'global_config', times: null, unchecked: true })]);
    await send(mock.url, 'from-backend', 'POST', '/__mock/reset', { scenario: 'from-backend' });
    expect(await send(mock.url, 'from-backend', 'GET', `${API_BASE_PATH}global_config`)).toEqual(config);
  } finally {
    await other.close();
    backend.close();
  }
});

it('refuses at start-up a name that would destroy or hide a saved fixture, before recording anything (issue 44)', async () => {
  const start = (name: string, overwrite?: boolean) =>
    startRecorder({ upstream: mock.url, port: 0, name, snapshotDir: dir, stubsFile: path.join(dir, `${name}.stubs.json`), log: null, ...(overwrite === undefined ? {} : { overwrite }) });
  // `recorded` was saved by the first test: an 11-call recording must not become `{"calls": 0}`.
  const before = readFileSync(path.join(dir, 'recorded.json'), 'utf8');
  await expect(start('recorded')).rejects.toThrow('--name recorded：快照「recorded」已存在；换一个名称，或加 --overwrite 覆盖它');
  expect(readFileSync(path.join(dir, 'recorded.json'), 'utf8')).toBe(before);
  writeFileSync(path.join(dir, 'stubs-only.stubs.json'), '[]\n');
  await expect(start('stubs-only')).rejects.toThrow(/^--name stubs-only：桩文件 .*stubs-only\.stubs\.json 已存在/);
  await expect(start('family')).rejects.toThrow('--name family：「family」是场景的名称，载入时场景优先，快照请换一个名称');
  await expect(start('../x')).rejects.toThrow(/^--name \.\.\/x：快照名称「\.\.\/x」不合规/);
  const again = await start('recorded', true);
  await again.close();
  expect(parseRecordArgs(['--upstream', 'http://127.0.0.1:1', '--overwrite'])).toMatchObject({ overwrite: true });
});

it('reads its command line', () => {
  expect(parseRecordArgs(['--upstream', 'https://staging.example.org', '--port', '9001', '--name', 'x'])).toMatchObject({ upstream: 'https://staging.example.org', port: 9001, name: 'x' });
  expect(() => parseRecordArgs([])).toThrow(/--upstream/);
  expect(() => parseRecordArgs(['--upstream', 'staging'])).toThrow(/http\(s\)/);
});
