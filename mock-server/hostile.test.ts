/**
 * Every request the standalone mock can receive, however broken, is answered with a 4xx envelope
 * whose msg is Chinese, never a 5xx, an HTML page or zod's English; and a refused call changes
 * nothing. Each of the 98 operations gets malformed JSON, a broken multipart body, bodies and
 * queries of the wrong shape, and path parameters that are not ids or not even URL-encoded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, operationList, type Operation } from '#contract/index';
import { startMockServer, type RunningMockServer } from './serve.ts';

let mock: RunningMockServer;
let dir: string;
let auth: Record<string, string>;
let userId: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hostile-'));
  mock = await startMockServer({ port: 0, log: null, snapshotDir: dir, scenario: 'default' });
  const { ticket } = (await (await fetch(`${mock.url}/__mock/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'gaoyan' }) })).json()) as {
    ticket: string;
  };
  const login = (await (
    await fetch(`${mock.url}${API_BASE_PATH}st_validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ st: ticket, is_small_app: true }) })
  ).json()) as {
    data: { client_id: string; access_token: string; user_id: number };
  };
  auth = { client_id: login.data.client_id, Authorization: login.data.access_token };
  userId = login.data.user_id;
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const CJK = /[\u4e00-\u9fff]/;
const ZOD_ENGLISH = /Invalid input|expected \w+, received|Too (small|big)|Unrecognized key|Invalid option/;

/** A path with every parameter replaced by `value`. */
const pathOf = (op: Operation, value: string) => op.path.replace(/\{\w+\}/g, value);

type Attempt = { what: string; op: Operation; url: string; init: RequestInit };

function attempts(op: Operation): Attempt[] {
  const headers = { ...auth };
  const url = (p: string, query = '') => `${mock.url}${API_BASE_PATH}${p}${query}`;
  const list: Attempt[] = [];
  const hasParams = op.path.includes('{');
  if (hasParams) {
    list.push({ what: 'a path parameter that is no id', op, url: url(pathOf(op, 'abc')), init: { method: op.method, headers } });
    list.push({ what: 'a path parameter that is not URL-encoded', op, url: url(pathOf(op, '%ZZ')), init: { method: op.method, headers } });
    list.push({ what: 'a negative id', op, url: url(pathOf(op, '-1')), init: { method: op.method, headers } });
  }
  const okPath = pathOf(op, '1');
  if (op.query)
    list.push({
      what: 'a query of the wrong shape',
      op,
      url: url(okPath, '?page=abc&page_size=-5&status=x&class_id=x&contact_id=x&module=x&trade_no=&order_id=x'),
      init: { method: op.method, headers },
    });
  if (op.body) {
    list.push({ what: 'malformed JSON', op, url: url(okPath), init: { method: op.method, headers: { ...headers, 'content-type': 'application/json' }, body: '{"x": ' } });
    list.push({ what: 'a broken multipart body', op, url: url(okPath), init: { method: op.method, headers: { ...headers, 'content-type': 'multipart/form-data' }, body: 'x' } });
    list.push({
      what: 'a body of the wrong shape',
      op,
      url: url(okPath),
      init: { method: op.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 3, id_number: [], amount: 'x', phone: {}, title: null }) },
    });
    list.push({ what: 'a list for a body', op, url: url(okPath), init: { method: op.method, headers: { ...headers, 'content-type': 'application/json' }, body: '[]' } });
  }
  return list;
}

describe('hostile requests to every operation', () => {
  it('are answered with a 4xx envelope in Chinese, and change nothing', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const op of operationList) {
      for (const attempt of attempts(op)) {
        const before = JSON.stringify(mock.state.snapshot());
        const response = await fetch(attempt.url, attempt.init);
        sent += 1;
        const text = await response.text();
        let body: { error_code?: unknown; msg?: unknown } | null;
        try {
          body = JSON.parse(text) as { error_code?: unknown; msg?: unknown };
        } catch {
          body = null;
        }
        const where = `${op.id} (${attempt.what}): HTTP ${response.status}`;
        if (response.status >= 500) problems.push(`${where}: a server error`);
        else if (!body || typeof body.error_code !== 'number' || typeof body.msg !== 'string') problems.push(`${where}: no envelope: ${text.slice(0, 80)}`);
        else if (response.status >= 200 && response.status < 300 && body.error_code === 999999)
          continue; // a shape the contract happens to accept
        else if (!CJK.test(body.msg) || ZOD_ENGLISH.test(body.msg)) problems.push(`${where}: msg not Chinese: ${body.msg}`);
        else if (response.status >= 400 && JSON.stringify(mock.state.snapshot()) !== before) problems.push(`${where}: the state changed`);
      }
    }
    expect(problems, `${problems.length} of ${sent} hostile requests`).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  });

  it('a body past 10 MB is refused before it is read, in Chinese', async () => {
    const response = await fetch(`${mock.url}${API_BASE_PATH}opinion_feedback`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'content-length': String(11 * 1024 * 1024) },
      body: 'x'.repeat(11 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { msg: string }).msg).toMatch(/请求体过大/);
  });
});

describe('oversized strings', () => {
  const address = { receiver: '张伟', phone: '13800000000', province: '北京市', city: '北京市', district: '朝阳区', address: '建国路88号院3号楼' };
  /** The parent's one mailing address is changed (update_mail_info), so each attempt could be stored. */
  async function send(body: object) {
    const current = (await (await fetch(`${mock.url}${API_BASE_PATH}get_mail_info/${userId}`, { headers: auth })).json()) as { data: { mail_info: { id: number } | null } };
    const [op, init] = current.data.mail_info ? [`update_mail_info/${current.data.mail_info.id}`, 'PUT'] : ['creat_mail_info', 'POST'];
    return fetch(`${mock.url}${API_BASE_PATH}${op}`, { method: init, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  it.each(['province', 'city', 'district', 'receiver', 'address'])('a 100 KB %s is refused in Chinese and nothing is stored; the same address with a real one is kept', async (field) => {
    const before = JSON.stringify(mock.state.snapshot());
    const refused = await send({ ...address, [field]: '区'.repeat(100_000) });
    expect(refused.status).toBe(400);
    const { msg } = (await refused.json()) as { msg: string };
    expect(msg).toMatch(CJK);
    expect(msg).not.toMatch(ZOD_ENGLISH);
    expect(JSON.stringify(mock.state.snapshot())).toBe(before);

    const kept = await send({ ...address, [field]: `${address[field as keyof typeof address]}一` });
    expect(((await kept.json()) as { error_code: number }).error_code).toBe(999999);
  });
});
