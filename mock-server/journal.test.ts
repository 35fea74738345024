/**
 * What QA verifies with (issue 28), over the standalone server: the request journal of a world
 * (listed, filtered, verified, cleared, tokens masked, bounded), faults and fixed answers matched on
 * path params, query and body fields with a priority and a count, the Prefer header, and the
 * network's own faults (reset, empty, malformed, no envelope, trickle) in both kinds of host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, SUCCESS_CODE, errorCodes } from '#contract/index';
import { toResponse } from './core/adapter.ts';
import { JOURNAL_MAX_SIZE, JOURNAL_SIZE, Journal } from './core/journal.ts';
import { parseArgs, startMockServer, type RunningMockServer } from './serve.ts';

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null, scenario: 'default' });
});
afterAll(() => mock.close());

type Json = Record<string, unknown>;
async function send(world: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${mock.url}${url}`, {
    method,
    headers: { 'X-Mock-World': world, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Json | null = null;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // not JSON: the network faults' point
  }
  return { status: response.status, json, text, type: response.headers.get('content-type') };
}
const api = (path: string) => `${API_BASE_PATH}${path}`;

/** wangqiang (orders 154 and 155, both paid) signed in within `world`; lina has an unpaid order. */
async function signIn(world: string, username = 'wangqiang') {
  const { json: ticket } = await send(world, 'POST', '/__mock/login', { username });
  const { json } = await send(world, 'POST', api('st_validate'), { st: ticket!.ticket, is_small_app: true });
  const data = json!.data as { client_id: string; access_token: string };
  return { client_id: data.client_id, Authorization: data.access_token };
}

describe('the request journal', () => {
  it('lists each call of the world: method, path, query, the headers sent (tokens masked), body, answer and time', async () => {
    const me = await signIn('journal');
    await send('journal', 'GET', api('order_detail/154?_t=1'), undefined, me);
    await send('journal', 'POST', api('pay_sign_up'), { order_id: 154, pay_type: 1 }, me);
    const { json } = await send('journal', 'GET', '/__mock/requests');
    const requests = json!.requests as Json[];
    expect(requests.map((r) => r.operation)).toEqual(['st_validate', 'order_detail', 'pay_sign_up']);
    const [, detail, pay] = requests;
    expect(detail).toMatchObject({ method: 'GET', path: api('order_detail/154'), path_params: { id: '154' }, query: { _t: '1' }, body: null, status: 200, pending: false });
    expect((detail!.response as Json).data).toMatchObject({ id: 154 });
    expect(detail!.headers).toMatchObject({ client_id: me.client_id, authorization: `${me.Authorization.slice(0, 6)}***` });
    expect(JSON.stringify(requests)).not.toContain(me.Authorization);
    expect(pay).toMatchObject({ method: 'POST', body: { order_id: 154, pay_type: 1 }, status: 200, response: { error_code: errorCodes.orderAlreadyPaid.code } });
    expect(typeof detail!.duration_ms).toBe('number');
    expect(String(detail!.at)).toMatch(/\+08:00$/);
    // Another world saw none of it.
    expect((await send('elsewhere', 'GET', '/__mock/requests')).json).toMatchObject({ requests: [], kept: 0 });
  });

  it('filters by operation, status, time and id, with a limit, and is cleared by DELETE', async () => {
    const me = await signIn('filters');
    for (const id of [154, 155, 999]) await send('filters', 'GET', api(`order_detail/${id}`), undefined, me);
    const list = async (query: string) => ((await send('filters', 'GET', `/__mock/requests?${query}`)).json!.requests as Json[]).map((r) => r.path_params);
    expect(await list('operation=order_detail&status=200')).toEqual([{ id: '154' }, { id: '155' }]);
    expect(await list('operation=order_detail&status=4xx')).toEqual([{ id: '999' }]);
    expect(await list('operation=order_detail&limit=1')).toEqual([{ id: '999' }]);
    expect(await list('since=2099-01-01T00:00:00%2B08:00')).toEqual([]);
    expect(await list('after_id=2')).toEqual([{ id: '155' }, { id: '999' }]);
    const bad = await send('filters', 'GET', '/__mock/requests?operaton=order_detail');
    expect(bad.status).toBe(400);
    expect(bad.json!.error).toMatch(/未知字段 operaton/);
    expect((await send('filters', 'DELETE', '/__mock/requests')).json).toEqual({ cleared: 4 });
    expect(await list('')).toEqual([]);
  });

  it('verifies that a call matching a pattern happened N times', async () => {
    const me = await signIn('verify');
    await send('verify', 'POST', api('pay_sign_up'), { order_id: 155, pay_type: 1 }, me);
    await send('verify', 'POST', api('pay_sign_up'), { order_id: 155, pay_type: 2 }, me);
    const verify = async (pattern: Json) => (await send('verify', 'POST', '/__mock/requests/verify', pattern)).json!;
    expect(await verify({ operation: 'pay_sign_up', body: { order_id: 155 }, count: 2 })).toMatchObject({ ok: true, count: 2 });
    expect(await verify({ operation: 'pay_sign_up', body: { pay_type: { matches: '^2$' } } })).toMatchObject({ ok: true, count: 1, expected: { at_least: 1 } });
    expect(await verify({ operation: 'pay_sign_up', body: { order_id: 154 } })).toMatchObject({ ok: false, count: 0 });
    expect(await verify({ operation: 'order_detail', at_most: 0 })).toMatchObject({ ok: true, count: 0 });
    expect((await send('verify', 'POST', '/__mock/requests/verify', { operation: 'pay_sign_up', count: 1, at_least: 1 })).status).toBe(400);
  });

  it('a failed verification names the closest calls and the fields that differed, as WireMock’s near misses (issue 44)', async () => {
    const me = await signIn('near');
    await send('near', 'POST', api('pay_sign_up'), { order_id: 155, pay_type: 1 }, me);
    await send('near', 'GET', api('order_detail/155'), undefined, me);
    await send('near', 'POST', api('pay_sign_up'), { order_id: 155, pay_type: 2 }, me);
    const verify = async (pattern: Json) => (await send('near', 'POST', '/__mock/requests/verify', pattern)).json!;
    const missed = await verify({ operation: 'pay_sign_up', body: { order_id: 154, pay_type: { matches: '^2$' } } });
    expect(missed).toMatchObject({ ok: false, count: 0 });
    expect(missed.near_misses).toEqual([
      { request_id: 4, at: expect.any(String), operation: 'pay_sign_up', method: 'POST', status: 200, differences: [{ field: 'body.order_id', expected: 154, actual: 155 }] },
      {
        request_id: 2,
        at: expect.any(String),
        operation: 'pay_sign_up',
        method: 'POST',
        status: 200,
        differences: [
          { field: 'body.order_id', expected: 154, actual: 155 },
          { field: 'body.pay_type', expected: { matches: '^2$' }, actual: 1 },
        ],
      },
      {
        request_id: 3,
        at: expect.any(String),
        operation: 'order_detail',
        method: 'GET',
        status: 200,
        differences: [
          { field: 'operation', expected: 'pay_sign_up', actual: 'order_detail' },
          { field: 'body.order_id', expected: 154 },
          { field: 'body.pay_type', expected: { matches: '^2$' } },
        ],
      },
    ]);
    // Too many is no near miss: the calls that matched are the ones to read.
    expect(await verify({ operation: 'pay_sign_up', body: { order_id: 155 }, count: 1 })).not.toHaveProperty('near_misses');
    expect(await verify({ operation: 'pay_sign_up', body: { order_id: 155 }, count: 2 })).not.toHaveProperty('near_misses');
  });

  it('keeps the last JOURNAL_SIZE calls and counts the ones it dropped', () => {
    const journal = new Journal();
    for (let i = 0; i < JOURNAL_SIZE + 5; i++) journal.open({ method: 'GET', headers: new Headers() }, new URL(`http://x/${i}`), 0);
    const records = journal.records();
    expect(records).toHaveLength(JOURNAL_SIZE);
    expect(records[0]!.url.pathname).toBe('/5');
    expect(journal.dropped).toBe(5);
  });

  it('keeps as many calls as the world’s journal_size says, up to JOURNAL_MAX_SIZE (issue 44)', async () => {
    const size = await send('size', 'POST', '/__mock/settings', { journal_size: 3 });
    expect(size.json).toMatchObject({ settings: { journalSize: 3 } });
    for (let i = 0; i < 5; i++) await send('size', 'GET', api(`global_config?_t=${i}`));
    const listed = (await send('size', 'GET', '/__mock/requests')).json!;
    expect(listed).toMatchObject({ kept: 3, dropped: 3 }); // the setting itself, and the first two calls
    expect((listed.requests as Json[]).map((r) => r.query)).toEqual([{ _t: '2' }, { _t: '3' }, { _t: '4' }]);
    expect((await send('size', 'POST', '/__mock/settings', { journal_size: JOURNAL_MAX_SIZE + 1 })).json!.error).toBe(`journal_size：不能大于${JOURNAL_MAX_SIZE}`);
    expect((await send('size', 'GET', `/__mock/requests?limit=${JOURNAL_MAX_SIZE}`)).status).toBe(200);
    // --journal-size: every world of the server starts with it.
    expect(parseArgs(['--journal-size', '5000'])).toMatchObject({ journalSize: 5000 });
    const large = await startMockServer({ port: 0, log: null, journalSize: 1000 });
    try {
      const settings = (await (await fetch(`${large.url}/__mock/settings`, { headers: { 'X-Mock-World': 'any' } })).json()) as Json;
      expect(settings).toMatchObject({ settings: { journalSize: 1000 } });
    } finally {
      await large.close();
    }
  });

  it('lists QA’s control actions in their place among the calls: the reset, the clock, a payment settled, faults, settings (issue 44)', async () => {
    await send('actions', 'POST', '/__mock/reset', { scenario: 'unpaid-order' });
    const lina = await signIn('actions', 'lina');
    const order = ((await send('actions', 'GET', api('order_list?status=1'), undefined, lina)).json!.data as { list: { id: number }[] }).list[0]!.id;
    const trade = ((await send('actions', 'POST', api('pay_sign_up'), { order_id: order, pay_type: 1 }, lina)).json!.data as { trade_no: string }).trade_no;
    await send('actions', 'POST', `/__mock/payments/${trade}`, { outcome: 'success' });
    await send('actions', 'POST', '/__mock/clock', { advance_ms: 60_000 });
    await send('actions', 'POST', '/__mock/faults', { operation: 'global_config', status: 503 });
    await send('actions', 'DELETE', '/__mock/faults');
    await send('actions', 'POST', '/__mock/settings', { latency_ms: [0, 0] });
    await send('actions', 'POST', '/__mock/payments/T-NONE', { outcome: 'success' }); // refused: changed nothing, so not listed
    await send('actions', 'GET', api(`order_detail/${order}`), undefined, lina);
    const requests = (await send('actions', 'GET', '/__mock/requests')).json!.requests as Json[];
    expect(requests.map((r) => (r.control ? `${String(r.method)} ${String(r.path)}` : r.operation))).toEqual([
      'POST /__mock/reset',
      'st_validate',
      'order_list',
      'pay_sign_up',
      `POST /__mock/payments/${trade}`,
      'POST /__mock/clock',
      'POST /__mock/faults',
      'DELETE /__mock/faults',
      'POST /__mock/settings',
      'order_detail',
    ]);
    expect(requests[4]).toMatchObject({ control: true, operation: null, body: { outcome: 'success' }, status: 200, response: { trade_no: trade, status: 2 } });
    expect(requests[5]).toMatchObject({ body: { advance_ms: 60_000 }, response: { now: expect.any(String) } });
    // A filter by operation, and a verification, are about the app's calls only.
    expect(((await send('actions', 'GET', '/__mock/requests?method=POST&status=200')).json!.requests as Json[]).filter((r) => r.control)).toHaveLength(5);
    expect(((await send('actions', 'GET', '/__mock/requests?operation=pay_sign_up')).json!.requests as Json[]).map((r) => r.operation)).toEqual(['pay_sign_up']);
  });
});

describe('matched faults and fixed answers', () => {
  it('a fault on one order leaves another alone; a body field, a query and a pattern match too', async () => {
    const me = await signIn('matched');
    await send('matched', 'POST', '/__mock/faults', [
      { operation: 'order_detail', match: { path_params: { id: 154 } }, status: 500, times: null },
      { operation: 'pay_sign_up', match: { body: { order_id: 155 } }, error_code: errorCodes.orderNotPayable.code, times: null },
      { operation: 'order_list', match: { query: { status: { matches: '^[12]$' } } }, status: 503, times: null },
    ]);
    expect((await send('matched', 'GET', api('order_detail/154'), undefined, me)).status).toBe(500);
    expect((await send('matched', 'GET', api('order_detail/155'), undefined, me)).status).toBe(200);
    expect((await send('matched', 'POST', api('pay_sign_up'), { order_id: 155, pay_type: 1 }, me)).json!.error_code).toBe(errorCodes.orderNotPayable.code);
    expect((await send('matched', 'POST', api('pay_sign_up'), { order_id: 154, pay_type: 1 }, me)).json!.error_code).toBe(errorCodes.orderAlreadyPaid.code);
    expect((await send('matched', 'GET', api('order_list?status=2'), undefined, me)).status).toBe(503);
    expect((await send('matched', 'GET', api('order_list?status=3'), undefined, me)).status).toBe(200);
    const journal = (await send('matched', 'GET', '/__mock/requests?operation=order_detail')).json!.requests as Json[];
    expect(journal.map((r) => [r.status, (r.via as Json | undefined)?.source ?? null])).toEqual([
      [500, 'fault'],
      [200, null],
    ]);
  });

  it('a fault for one signed-in parent (client_id) or one tester’s header leaves the others in a shared world alone (issue 44)', async () => {
    const lina = await signIn('shared', 'lina');
    const wang = await signIn('shared');
    await send('shared', 'POST', '/__mock/faults', [
      { operation: 'personal_data', match: { headers: { client_id: lina.client_id } }, status: 500, times: null },
      { operation: 'global_config', match: { headers: { 'X-Tester': { matches: '^alice$' } } }, status: 503, times: null },
    ]);
    expect((await send('shared', 'GET', api('personal_data'), undefined, lina)).status).toBe(500);
    expect((await send('shared', 'GET', api('personal_data'), undefined, wang)).status).toBe(200);
    expect((await send('shared', 'GET', api('global_config'), undefined, { 'x-tester': 'alice' })).status).toBe(503);
    expect((await send('shared', 'GET', api('global_config'), undefined, { 'X-Tester': 'bob' })).status).toBe(200);
    const verify = await send('shared', 'POST', '/__mock/requests/verify', { operation: 'personal_data', headers: { client_id: wang.client_id }, count: 1 });
    expect(verify.json).toMatchObject({ ok: true, count: 1 });
    const bad = await send('shared', 'POST', '/__mock/faults', { operation: 'global_config', status: 500, match: { headers: { 'a b': 'x' } } });
    expect(bad.json!.error).toBe('0.match.headers.a b：不是合法的请求头名称');
  });

  it('the highest priority answers first, each counting down its times', async () => {
    await send('priority', 'POST', '/__mock/faults', [
      { operation: 'global_config', status: 502, times: 1 },
      { operation: 'global_config', status: 503, times: 2, priority: 5 },
    ]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send('priority', 'GET', api('global_config'))).status);
    expect(statuses).toEqual([503, 503, 502, 200]);
  });

  it('a fixed answer is checked against the contract unless unchecked', async () => {
    const fixed = { operation: 'pay_type_choose', error_code: SUCCESS_CODE, data: { list: [{ value: 1, label: '微信支付' }] } };
    expect((await send('fixed', 'POST', '/__mock/faults', fixed)).status).toBe(200);
    expect((await send('fixed', 'GET', api('pay_type_choose'))).json).toMatchObject({ error_code: SUCCESS_CODE, data: { list: [{ value: 1, label: '微信支付' }] } });
    const broken = await send('fixed', 'POST', '/__mock/faults', { ...fixed, data: { list: [{ value: '1' }] } });
    expect(broken.status).toBe(400);
    expect(broken.json!.error).toMatch(/^0\.data\.list\.0\.value：.*固定应答须符合契约/);
    expect((await send('fixed', 'POST', '/__mock/faults', { ...fixed, data: { list: [{ value: '1' }] }, unchecked: true })).status).toBe(200);
  });
});

describe('a fault the call cannot meet is refused, naming the field (issue 44)', () => {
  const refusals: [string, Json, string][] = [
    ['a fixed answer without the data the contract requires', { operation: 'class_detail', error_code: SUCCESS_CODE }, '0.data：缺少此项（固定应答须符合契约；确要偏离契约，加 "unchecked": true）'],
    ['a path param the call does not have', { operation: 'class_detail', status: 500, match: { path_params: { nope: 1 } } }, '0.match.path_params.nope：class_detail 没有路径参数 nope（有：id）'],
    ['a path param of a call without any', { operation: 'global_config', status: 500, match: { path_params: { id: 1 } } }, '0.match.path_params.id：global_config 没有路径参数 id（它没有路径参数）'],
    [
      'a query field the call does not take',
      { operation: 'order_list', status: 500, match: { query: { stauts: 1 } } },
      '0.match.query.stauts：order_list 没有查询参数 stauts（有：status、page、page_size）',
    ],
    ['a body field of a call without a body', { operation: 'class_detail', status: 500, match: { body: { id: 1 } } }, '0.match.body.id：class_detail 没有请求体字段 id（它没有请求体）'],
    [
      'a body field the call does not take',
      { operation: 'pay_sign_up', status: 500, match: { body: { 'orderid.0': 1 } } },
      '0.match.body.orderid.0：pay_sign_up 没有请求体字段 orderid（有：order_id、pay_type）',
    ],
    ['trickle_ms without a trickle', { operation: 'global_config', status: 500, trickle_ms: 5 }, '0.trickle_ms：只在 "network": "trickle" 时生效'],
    ['an answer for a dropped connection', { operation: 'global_config', network: 'reset', status: 500 }, '0.status："network": "reset" 断开连接、没有应答，这一项不会生效'],
    ['an answer for a lost one', { operation: 'pay_sign_up', network: 'lost_answer', msg: '支付成功' }, '0.msg："network": "lost_answer" 断开连接、没有应答，这一项不会生效'],
    [
      'an envelope’s code on an answer without one',
      { operation: 'global_config', network: 'no_envelope', error_code: 300101 },
      '0.error_code："network": "no_envelope" 的应答没有信封，这一项不会生效',
    ],
    ['an answer for a call that never answers', { operation: 'global_config', hang: true, status: 500 }, '0.status："hang": true 的调用永不应答，这一项不会生效'],
  ];
  it.each(refusals)('%s', async (_what, fault, message) => {
    const answer = await send('unmeetable', 'POST', '/__mock/faults', fault);
    expect(answer.status).toBe(400);
    expect(answer.json!.error).toBe(message);
    expect((await send('unmeetable', 'GET', '/__mock/faults')).json).toEqual({ faults: [] });
  });

  it('a fixed answer may leave out data the contract lets be null; a dotted body path and a declared field pass', async () => {
    expect((await send('meetable', 'POST', '/__mock/faults', { operation: 'logout', error_code: SUCCESS_CODE })).status).toBe(200);
    expect((await send('meetable', 'POST', '/__mock/faults', { operation: 'pay_sign_up', status: 500, match: { body: { order_id: 1, 'pay_type.x': 1 }, headers: { client_id: 'C1' } } })).status).toBe(
      200,
    );
  });

  it('in a spec-only world, a fault on a call that answers 404 before any fault', async () => {
    await send('spec-only-faults', 'POST', '/__mock/settings', { spec_only: true });
    const answer = await send('spec-only-faults', 'POST', '/__mock/faults', [
      { operation: 'class_detail', status: 500 },
      { operation: 'my_refund_list', status: 500 },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.json!.error).toBe('1.operation：仅规格接口（spec_only）下 my_refund_list 在任何故障之前答 404「接口不存在」，这条故障不会生效');
    expect((await send('spec-only-faults', 'GET', '/__mock/faults')).json).toEqual({ faults: [] });
  });
});

describe('the Prefer header', () => {
  it('chooses a refusal the contract lists for the call, a network fault or a delay, for that call only', async () => {
    const me = await signIn('prefer');
    const refused = await send('prefer', 'GET', api('order_detail/155'), undefined, { ...me, Prefer: `code=${errorCodes.notFound.code}` });
    expect(refused.status).toBe(404);
    expect(refused.json!.error_code).toBe(errorCodes.notFound.code);
    expect((await send('prefer', 'GET', api('order_detail/155'), undefined, me)).status).toBe(200);
    const unlisted = await send('prefer', 'GET', api('order_detail/155'), undefined, { ...me, Prefer: `code=${errorCodes.orderNotPayable.code}` });
    expect(unlisted.status).toBe(400);
    expect(unlisted.json!.msg).toMatch(/不是 order_detail 在契约中列出的错误码（可选：.*404001/);
    await expect(send('prefer', 'GET', api('global_config'), undefined, { Prefer: 'network=reset' })).rejects.toThrow();
    expect((await send('prefer', 'GET', api('global_config'), undefined, { Prefer: 'wait=1' })).json!.msg).toMatch(/Prefer 只认/);
  });
});

describe('faults of the network', () => {
  it('on the standalone server: a reset, an empty answer, malformed JSON, a 500 without envelope, a trickle', async () => {
    const fault = (network: string, extra: Json = {}) => send('network', 'POST', '/__mock/faults', { operation: 'global_config', network, ...extra });
    await fault('reset');
    await expect(send('network', 'GET', api('global_config'))).rejects.toThrow();
    await fault('empty');
    expect(await send('network', 'GET', api('global_config'))).toMatchObject({ status: 200, text: '' });
    await fault('malformed');
    const malformed = await send('network', 'GET', api('global_config'));
    expect(malformed).toMatchObject({ status: 200, json: null });
    expect(malformed.text).toMatch(/^\{"error_code":999999/);
    await fault('no_envelope');
    expect(await send('network', 'GET', api('global_config'))).toMatchObject({ status: 500, text: 'Internal Server Error', type: expect.stringMatching(/^text\/plain/) });
    await fault('trickle', { trickle_ms: 5 });
    const started = performance.now();
    const trickled = await send('network', 'GET', api('global_config'));
    expect(trickled.json).toMatchObject({ error_code: SUCCESS_CODE });
    expect(performance.now() - started).toBeGreaterThanOrEqual(((trickled.text.length / 16) | 0) * 5 - 5);
    const journal = (await send('network', 'GET', '/__mock/requests?operation=global_config')).json!.requests as Json[];
    // Every fault of the network is named in the journal, not only those the host carries out (issue 44).
    expect(journal.map((r) => [r.network, r.status])).toEqual([
      ['reset', 0],
      ['empty', 200],
      ['malformed', 200],
      ['no_envelope', 500],
      ['trickle', 200],
    ]);
  });

  it('lost_answer: the handler runs and commits, then the connection drops; paying again finds the same trade (issue 44)', async () => {
    const lina = await signIn('lost', 'lina');
    const order = ((await send('lost', 'GET', api('order_list?status=1'), undefined, lina)).json!.data as { list: { id: number }[] }).list[0]!.id;
    await send('lost', 'POST', '/__mock/faults', { operation: 'pay_sign_up', network: 'lost_answer' });
    await expect(send('lost', 'POST', api('pay_sign_up'), { order_id: order, pay_type: 1 }, lina)).rejects.toThrow();
    const [lost] = (await send('lost', 'GET', '/__mock/requests?operation=pay_sign_up')).json!.requests as Json[];
    // The journal keeps what the backend committed and would have answered.
    expect(lost).toMatchObject({ network: 'lost_answer', status: 200, response: { error_code: SUCCESS_CODE, data: { trade_no: expect.any(String) } } });
    const committed = ((lost!.response as Json).data as { trade_no: string }).trade_no;
    const trades = ((await send('lost', 'GET', '/__mock/state')).json!.tables as { trades: { trade_no: string; order_id: number }[] }).trades;
    expect(trades.filter((t) => t.order_id === order).map((t) => t.trade_no)).toEqual([committed]);
    const again = await send('lost', 'POST', api('pay_sign_up'), { order_id: order, pay_type: 1 }, lina);
    expect(again.json).toMatchObject({ error_code: SUCCESS_CODE, data: { trade_no: committed } });
    // Prefer asks for it on one call too.
    await expect(send('lost', 'GET', api('global_config'), undefined, { Prefer: 'network=lost_answer' })).rejects.toThrow();
  });

  it('in the browser and Node hosts (msw): a reset is a network error, a trickle a stream', async () => {
    expect(toResponse({ status: 0, body: '', headers: {}, network: 'reset' }).type).toBe('error');
    expect(toResponse({ status: 200, body: '{}', headers: {}, network: 'lost_answer' }).type).toBe('error');
    const response = toResponse({ status: 200, body: 'x'.repeat(40), headers: {}, network: 'trickle', trickleMs: 1 });
    const chunks: number[] = [];
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value.length);
    expect(chunks).toEqual([16, 16, 8]);
  });
});
