/**
 * The standalone mock API, started in-process on a free port: every /__mock/ route of the design brief's
 * table (and settings), bad bodies, the portal's calls and files through the same handlers, the
 * server-rendered login page with its same-origin redirect, and the --static SPA fallback.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE_PATH, guardianRelation, invoiceKind, invoiceStatus, invoiceTitleType, paymentStatus, pickerStatus } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { ACCOUNT_LOGIN_PATH } from './core/config.ts';
import { parseArgs, startMockServer, type RunningMockServer } from './serve.ts';

const NOW = Date.parse('2026-09-01T10:00:00+08:00');

/** A small world of our own, so these tests do not depend on the named scenarios' contents. */
function world() {
  return buildWorld(11, NOW, ({ f, add }) => {
    const [parent] = add('parents', f.parent({ username: 'qa-mom', real_name: '王丽', description: '有一个孩子，一笔待支付订单' }));
    add('parents', f.parent({ username: 'qa-dad', real_name: '李强', password: null, description: '没有密码的家长' }));
    const [child] = add('contacts', f.contact(parent!.id, { age: 8 }));
    const [center] = add('centers', f.center({ name: '艺术中心' }));
    const [specialty] = add('specialties', f.specialty(center!.id, { name: '钢琴' }));
    const [klass] = add('classes', f.classRow({ center_id: center!.id, specialty_id: specialty!.id, name: '少儿钢琴启蒙班' }));
    add('classSessions', ...f.sessionsOf(klass!, 0));
    const [signUp] = add('signUps', f.signUp({ parent_id: parent!.id, class_id: klass!.id, contact_id: child!.id }));
    const [order] = add('orders', f.order({ parent_id: parent!.id, sign_up_id: signUp!.id, class_id: klass!.id, contact_id: child!.id, amount: klass!.fee }));
    add('trades', f.trade({ trade_no: 'T-QA-1', parent_id: parent!.id, order_id: order!.id, amount: order!.amount }));
  });
}

let mock: RunningMockServer;
const start = world();

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
});
beforeEach(async () => {
  await mock.state.load(start.snapshot);
  mock.state.clock.set(start.now);
  mock.state.clock.freeze(true);
  mock.state.faults.clear();
});
afterAll(() => mock.close());

async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${mock.url}${url}`, {
    method,
    headers: { ...(body === undefined && method !== 'POST' ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const type = response.headers.get('content-type') ?? '';
  const json = type.includes('json') ? ((await response.json()) as Record<string, unknown>) : null;
  return { status: response.status, json, response };
}

describe('GET /__mock/scenarios', () => {
  it('lists the named scenarios, each with one line', async () => {
    const { status, json } = await send('GET', '/__mock/scenarios');
    expect(status).toBe(200);
    const list = json as unknown as { name: string; description: string }[];
    expect(list.map((s) => s.name)).toContain('default');
    for (const s of list) expect(s.description).toEqual(expect.any(String));
  });
});

describe('POST /__mock/reset', () => {
  it('loads a scenario with a seed and answers where the clock is', async () => {
    const { status, json } = await send('POST', '/__mock/reset', { scenario: 'default', seed: 42 });
    expect(status).toBe(200);
    expect(json).toMatchObject({ scenario: 'default', seed: 42, now: expect.stringMatching(/\+08:00$/) });
    expect(mock.state.scenario).toEqual({ name: 'default', seed: 42 });
  });

  it('refuses a body that does not say it is JSON (curl -d without -H, a form of another page), changing nothing (issue 38)', async () => {
    const before = mock.state.scenario;
    const { status, json } = await send('POST', '/__mock/reset', '{"scenario":"default","seed":3}', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(status).toBe(415);
    expect(json!.error).toMatch(/Content-Type: application\/json/);
    expect(mock.state.scenario).toEqual(before);
  });

  it('refuses an unknown scenario with a Chinese error, leaving the state alone', async () => {
    const { status, json } = await send('POST', '/__mock/reset', { scenario: 'no-such-scenario' });
    expect(status).toBe(400);
    expect(json!.error).toMatch(/未知场景/);
    expect(mock.state.db.parents.count()).toBe(2);
  });

  it('refuses a body that is not JSON', async () => {
    const { status, json } = await send('POST', '/__mock/reset', '{"scenario": ');
    expect(status).toBe(400);
    expect(json).toEqual({ error: '请求体不是合法的 JSON' });
  });
});

describe('GET /__mock/state', () => {
  it('answers the whole state as JSON', async () => {
    const { status, json } = await send('GET', '/__mock/state');
    expect(status).toBe(200);
    expect(json).toMatchObject({ now: '2026-09-01T10:00:00+08:00', clock_frozen: true, faults: [] });
    const tables = json!.tables as Record<string, unknown[]>;
    expect(tables.parents).toHaveLength(2);
    expect(tables.trades).toHaveLength(1);
  });
});

describe('/__mock/faults', () => {
  it('makes the next answers of a call faulty, counts them down, and clears them', async () => {
    const added = await send('POST', '/__mock/faults', [{ operation: 'global_config', status: 503, error_code: 500000, msg: '维护中', times: 2 }]);
    expect(added.status).toBe(200);
    expect(added.json!.faults).toEqual([expect.objectContaining({ operation: 'global_config', times: 2 })]);

    const first = await send('GET', `${API_BASE_PATH}global_config`);
    expect(first.status).toBe(503);
    expect(first.json).toMatchObject({ error_code: 500000, msg: '维护中' });
    expect(mock.state.faults.pending()[0]!.times).toBe(1);

    const cleared = await send('DELETE', '/__mock/faults');
    expect(cleared.json).toEqual({ faults: [] });
    expect(mock.state.faults.pending()).toEqual([]);
  });

  it('carries data: an injected 99993 renews the caller’s token and hands the fresh one over, as an expiry would', async () => {
    const { ticket } = (await send('POST', '/__mock/login', { username: 'qa-mom' })).json as { ticket: string };
    const login = (await send('POST', `${API_BASE_PATH}st_validate`, { st: ticket, is_small_app: true })).json as { data: { client_id: string; access_token: string } };
    const me = { client_id: login.data.client_id, Authorization: login.data.access_token };
    await send('POST', '/__mock/faults', { operation: 'personal_data', error_code: 99993 });
    const renewed = await send('GET', `${API_BASE_PATH}personal_data`, undefined, me);
    expect(renewed.status).toBe(401);
    const fresh = (renewed.json!.data as { access_token: string }).access_token;
    expect(fresh).toMatch(/^AT-/);
    expect(fresh).not.toBe(me.Authorization);
    expect((await send('GET', `${API_BASE_PATH}personal_data`, undefined, { ...me, Authorization: fresh })).json).toMatchObject({ error_code: 999999 });

    await send('POST', '/__mock/faults', { operation: 'global_config', status: 200, error_code: 300101, msg: '报名尚未开始', data: { opens_at: '2026-09-02T10:00:00+08:00' } });
    expect((await send('GET', `${API_BASE_PATH}global_config`)).json).toEqual({ error_code: 300101, msg: '报名尚未开始', data: { opens_at: '2026-09-02T10:00:00+08:00' } });
  });

  it('refuses a fault that would change nothing (only msg or data), naming what it needs', async () => {
    for (const fault of [{ operation: 'class_detail', msg: '出错了' }, { operation: 'class_detail', data: { x: 1 } }, { operation: 'class_detail' }]) {
      const bad = await send('POST', '/__mock/faults', fault);
      expect(bad.status, JSON.stringify(fault)).toBe(400);
      expect(bad.json!.error).toMatch(/故障不完整.*status、error_code、delay_ms 或 hang/);
    }
    expect(mock.state.faults.pending()).toEqual([]);
  });

  it('accepts one fault as an object, and refuses an unknown operation in Chinese', async () => {
    expect((await send('POST', '/__mock/faults', { operation: 'class_detail', delay_ms: 10 })).status).toBe(200);
    const bad = await send('POST', '/__mock/faults', [{ operation: 'no_such_call', status: 500 }]);
    expect(bad.status).toBe(400);
    expect(bad.json!.error).toMatch(/未知的接口/);
  });
});

describe('POST /__mock/clock', () => {
  it('sets the clock, moves it, and freezes or runs it', async () => {
    expect((await send('POST', '/__mock/clock', { now: '2026-10-01T09:30:00+08:00' })).json).toEqual({ now: '2026-10-01T09:30:00+08:00', frozen: true });
    expect((await send('POST', '/__mock/clock', { advance_ms: 3_600_000 })).json).toEqual({ now: '2026-10-01T10:30:00+08:00', frozen: true });
    expect((await send('POST', '/__mock/clock', { frozen: false })).json).toMatchObject({ frozen: false });
  });

  it('refuses a time without an offset, in Chinese', async () => {
    const { status, json } = await send('POST', '/__mock/clock', { now: '2026-10-01 09:30' });
    expect(status).toBe(400);
    expect(json!.error).toMatch(/带时区的 ISO 时间/);
  });
});

describe('POST /__mock/payments/{trade_no}', () => {
  it('settles a waiting payment', async () => {
    const { status, json } = await send('POST', '/__mock/payments/T-QA-1', { outcome: 'success' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ trade_no: 'T-QA-1', status: paymentStatus.values.success });
  });

  it('answers 404 for a trade that is not waiting, and 400 for a bad outcome', async () => {
    const unknown = await send('POST', '/__mock/payments/T-NONE', { outcome: 'success' });
    expect(unknown.status).toBe(404);
    expect(unknown.json!.error).toMatch(/没有待支付的交易/);
    const bad = await send('POST', '/__mock/payments/T-QA-1', { outcome: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.json!.error).toMatch(/^outcome：/);
  });
});

describe('POST /__mock/login', () => {
  it('issues a service ticket that st_validate turns into a session', async () => {
    const { status, json } = await send('POST', '/__mock/login', { username: 'qa-mom' });
    expect(status).toBe(200);
    expect(json!.ticket).toMatch(/^ST-/);
    const session = await send('POST', `${API_BASE_PATH}st_validate`, { st: json!.ticket, is_small_app: true });
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ error_code: 999999, data: { client_id: expect.any(String), access_token: expect.any(String) } });
  });

  it('answers 404 for an unknown parent and 400 without a username', async () => {
    expect((await send('POST', '/__mock/login', { username: 'nobody' })).status).toBe(404);
    const missing = await send('POST', '/__mock/login', {});
    expect(missing.status).toBe(400);
    expect(missing.json!.error).toMatch(/^username：/);
  });
});

describe('/__mock/settings', () => {
  it('reads and changes latency and auto-pay', async () => {
    expect((await send('GET', '/__mock/settings')).json).toMatchObject({ settings: { latencyMs: [0, 0], autoPay: null } });
    const changed = await send('POST', '/__mock/settings', { latency_ms: [0, 5], auto_pay: { outcome: 'fail', after_ms: 1000 } });
    expect(changed.json).toMatchObject({ settings: { latencyMs: [0, 5], autoPay: { outcome: 'fail', afterMs: 1000 } } });
    await send('POST', '/__mock/settings', { latency_ms: [0, 0], auto_pay: null });
  });
});

describe('unknown control routes', () => {
  it('answer 404 JSON naming the routes there are', async () => {
    const { status, json } = await send('GET', '/__mock/nothing');
    expect(status).toBe(404);
    expect(json!.error).toMatch(/没有这个控制接口/);
  });
});

describe('the portal’s calls and files', () => {
  it('answers an unknown call under the API path with the contract’s 404', async () => {
    const { status, json } = await send('GET', `${API_BASE_PATH}no_such_call`);
    expect(status).toBe(404);
    expect(json).toMatchObject({ error_code: 404000 });
  });

  it('draws a class cover as SVG and answers 404 for an unknown file', async () => {
    const klass = mock.state.db.classes.all()[0]!;
    const svg = await fetch(`${mock.url}/mock-oss/${klass.cover_url}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const drawn = await svg.text();
    expect(drawn).toContain('aria-label="少儿钢琴启蒙班 · 钢琴 · 艺术中心"');
    // A photo, as the real backend's covers are: no text for the browser to lay out on its main thread (decision 094).
    expect(drawn).not.toMatch(/<text\b/);
    expect((await fetch(`${mock.url}/mock-oss/class/999.svg`)).status).toBe(404);
  });

  it('draws center covers, avatars and picker photos, serves uploads’ bytes and invoice PDFs', async () => {
    const { db } = mock.state;
    const parent = db.parents.all()[0]!;
    const child = db.contacts.all()[0]!;
    const order = db.orders.all()[0]!;
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await db.uploads.create({
      id: 1,
      parent_id: parent.id,
      url: 'upload/1.png',
      content_type: 'image/png',
      size: png.length,
      data_url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
      created_at: '2026-09-01T10:00:00+08:00',
    });
    await db.pickers.create({
      id: 1,
      parent_id: parent.id,
      contact_id: child.id,
      name: '赵奶奶',
      relation: guardianRelation.values.grandparent,
      phone: '13800000000',
      photo_url: 'avatar/picker-1.svg',
      status: pickerStatus.values.enabled,
      created_at: '2026-09-01T10:00:00+08:00',
    });
    await db.invoices.create({
      id: 1,
      parent_id: parent.id,
      order_id: order.id,
      amount: 1600,
      status: invoiceStatus.values.issued,
      title_type: invoiceTitleType.values.personal,
      title: '个人',
      tax_number: null,
      invoice_kind: invoiceKind.values.electronic,
      email: 'a@example.com',
      mail_info_id: null,
      invoice_no: 'INV-001',
      file_url: 'invoice/1.pdf',
      express_no: null,
      applied_at: '2026-09-01T10:00:00+08:00',
      issued_at: '2026-09-02T10:00:00+08:00',
      remark: null,
    });

    const get = async (path: string) => {
      const response = await fetch(`${mock.url}/mock-oss/${path}`);
      return { status: response.status, type: response.headers.get('content-type'), body: new Uint8Array(await response.arrayBuffer()) };
    };
    const text = (body: Uint8Array) => new TextDecoder().decode(body);

    const center = await get(db.centers.all()[0]!.cover_url);
    expect(center.type).toMatch(/^image\/svg\+xml/);
    expect(text(center.body)).toMatch(/aria-label="[^"]*艺术中心/);
    expect(text(center.body)).not.toMatch(/<text\b/);
    expect(text((await get(`avatar/parent-${parent.id}.svg`)).body)).toContain('>王<');
    expect(text((await get('avatar/picker-1.svg')).body)).toContain('赵奶奶');

    const upload = await get('upload/1.png');
    expect(upload).toMatchObject({ status: 200, type: 'image/png' });
    expect([...upload.body]).toEqual([...png]);

    const pdf = await get('invoice/1.pdf');
    expect(pdf.type).toBe('application/pdf');
    const pdfText = text(pdf.body);
    expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
    expect(pdfText).toContain('INV-001');
    // The xref offsets point at the objects (a PDF reader relies on them).
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdfText)![1]);
    expect(pdfText.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const firstObject = Number(/\n(\d{10}) 00000 n/.exec(pdfText)![1]);
    expect(pdfText.slice(firstObject, firstObject + 7)).toBe('1 0 obj');

    expect((await get('avatar/picker-99.svg')).status).toBe(404);
    expect((await get('nothing/here.svg')).status).toBe(404);
  });
});

describe('the mock account service’s login page', () => {
  const login = (service: string) => `${ACCOUNT_LOGIN_PATH}?service=${encodeURIComponent(service)}`;
  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  const post = (url: string, fields: Record<string, string>) => fetch(`${mock.url}${url}`, { method: 'POST', redirect: 'manual', ...form(fields) });

  it('lists the parents with a form', async () => {
    const page = await fetch(`${mock.url}${login('/personal')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>统一身份认证 · 模拟</title>');
    expect(html).toContain('value="qa-mom"');
    expect(html).toContain('有一个孩子，一笔待支付订单');
    expect(html).toMatch(/<form [^>]*action="\/__mock\/account\/login\?service=%2Fpersonal" method="post"/);
  });

  it('redirects to the same-origin service address with a ticket', async () => {
    const answer = await post(login(`${mock.url}/personal?tab=2`), { mode: 'pick', username: 'qa-mom' });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin).toBe(mock.url);
    expect(location.pathname).toBe('/personal');
    expect(location.searchParams.get('tab')).toBe('2');
    expect(location.searchParams.get('ticket')).toMatch(/^ST-/);
  });

  it('goes to / when no service is given', async () => {
    const answer = await post(ACCOUNT_LOGIN_PATH, { mode: 'pick', username: 'qa-mom' });
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get('location')!).pathname).toBe('/');
  });

  it('checks the password of the form', async () => {
    const wrong = await post(login('/'), { mode: 'password', username: 'qa-mom', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('用户名或密码错误');
    const right = await post(login('/'), { mode: 'password', username: 'qa-mom', password: 'Passw0rd' });
    expect(right.status).toBe(303);
    const none = await post(login('/'), { mode: 'password', username: 'qa-dad', password: 'x' });
    expect(await none.text()).toContain('该账号未设置密码');
  });

  it('refuses to send a ticket to another origin', async () => {
    for (const service of ['https://evil.example.com/steal', '//evil.example.com/', 'javascript:alert(1)']) {
      const page = await fetch(`${mock.url}${login(service)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('拒绝跳转');
      const answer = await post(login(service), { mode: 'pick', username: 'qa-mom' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
    expect(mock.state.db.tickets.count()).toBe(0);
  });
});

describe('--static DIR', () => {
  let dir: string;
  let site: RunningMockServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mock-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    site = await startMockServer({ port: 0, log: null, staticDir: dir });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the built app with SPA fallback beside the API', async () => {
    expect(await (await fetch(`${site.url}/personal/orders`)).text()).toContain('<title>portal</title>');
    expect(await (await fetch(`${site.url}/assets/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${site.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${site.url}${API_BASE_PATH}no_such_call`)).status).toBe(404);
    expect((await fetch(`${site.url}/__mock/scenarios`)).headers.get('content-type')).toMatch(/json/);
  });
});

describe('the command line', () => {
  it('reads the flags', () => {
    expect(parseArgs(['--port', '9000', '--scenario', 'family', '--seed=7', '--latency', '100,400', '--static', 'dist'])).toEqual({
      port: 9000,
      scenario: 'family',
      seed: 7,
      latency: [100, 400],
      staticDir: 'dist',
    });
    expect(parseArgs(['--latency', '50'])).toEqual({ latency: [50, 50] });
    expect(() => parseArgs(['--latency', '400,100'])).toThrow(/MIN,MAX/);
    expect(() => parseArgs(['--port', 'x'])).toThrow(/非负整数/);
    expect(() => parseArgs(['--nope'])).toThrow(/未知参数/);
  });
});
