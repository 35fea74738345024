// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '#contract/index';
import { HttpResponse, apiUrl, fail, http, ok, server, TEST_ORIGIN } from '../../test/api-server.ts';
import { AUTH_HEADER, CLIENT_ID_HEADER, SUCCESS_CODE } from '#contract/index';
import { CACHE_BUST_PARAM, REQUEST_TIMEOUT_MS, createApiClient, loadContract, resetContractLoad, type ApiClientOptions, type Credentials } from './client.ts';

const categories = { class_list: [{ id: 1, name: '艺术中心', children: [{ id: 11, name: '美术' }] }] };
const notice = { module: 9, title: '缴费须知', content: '<p>请在30分钟内完成支付</p>', updated_at: '2026-09-01T10:00:00+08:00' };

function setup(credentials: Credentials = { clientId: 'client-1', accessToken: 'token-1' }, more: Partial<ApiClientOptions> = {}) {
  const state = { ...credentials };
  const onContractViolation = vi.fn();
  const client = createApiClient({
    ...more,
    baseUrl: TEST_ORIGIN,
    credentials: () => state,
    onAccessToken: (token) => {
      state.accessToken = token;
    },
    onContractViolation,
    now: () => 1_790_000_000_000,
  });
  return { client, state, onContractViolation };
}

describe('requests', () => {
  it('sends client_id and Authorization from the session', async () => {
    let seen: Headers | undefined;
    server.use(http.get(apiUrl('class_category'), ({ request }) => ((seen = request.headers), ok(categories))));
    await setup().client.call('class_category', {});
    expect(seen?.get(CLIENT_ID_HEADER)).toBe('client-1');
    expect(seen?.get(AUTH_HEADER)).toBe('token-1');
  });

  it('sends no credentials when signed out', async () => {
    let seen: Headers | undefined;
    server.use(http.get(apiUrl('class_category'), ({ request }) => ((seen = request.headers), ok(categories))));
    await setup({ clientId: null, accessToken: null }).client.call('class_category', {});
    expect(seen?.has(CLIENT_ID_HEADER)).toBe(false);
    expect(seen?.has(AUTH_HEADER)).toBe(false);
  });

  it('adds the cache-busting time to GETs of the second client only', async () => {
    const urls: URL[] = [];
    server.use(
      http.get(apiUrl('get_front_content'), ({ request }) => (urls.push(new URL(request.url)), ok(notice))),
      http.get(apiUrl('class_category'), ({ request }) => (urls.push(new URL(request.url)), ok(categories))),
    );
    const { client } = setup();
    await client.call('get_front_content', { query: { module: 9 } });
    await client.call('class_category', {});
    expect(urls[0]?.searchParams.get(CACHE_BUST_PARAM)).toBe('1790000000000');
    expect(urls[0]?.searchParams.get('module')).toBe('9');
    expect(urls[1]?.searchParams.has(CACHE_BUST_PARAM)).toBe(false);
  });

  it('fills path params and encodes the query', async () => {
    let url: URL | undefined;
    server.use(http.get(apiUrl('search_by_screening_conditions'), ({ request }) => ((url = new URL(request.url)), ok({ list: [], total: 0, page: 1, page_size: 10 }))));
    await setup().client.call('search_by_screening_conditions', { query: { name: '美术 启蒙', available: true, page: 2 } });
    expect(url?.searchParams.get('name')).toBe('美术 启蒙');
    expect(url?.searchParams.get('available')).toBe('true');
    expect(url?.searchParams.get('page')).toBe('2');
  });

  it('hands each answer’s Date header over (countdowns follow the server’s clock)', async () => {
    const seen: (string | null)[] = [];
    server.use(http.get(apiUrl('class_category'), () => HttpResponse.json({ error_code: 999999, msg: 'ok', data: categories }, { headers: { Date: 'Sat, 05 Dec 2026 02:00:00 GMT' } })));
    const client = createApiClient({ baseUrl: TEST_ORIGIN, credentials: () => ({ clientId: null, accessToken: null }), onAccessToken: () => {}, onServerDate: (h) => seen.push(h) });
    await client.call('class_category', {});
    expect(seen).toEqual(['Sat, 05 Dec 2026 02:00:00 GMT']);
  });

  it('sends bodies as JSON', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('st_validate'), async ({ request }) => {
        body = await request.json();
        return ok({ client_id: 'c', access_token: 't', user_id: 1, username: 'u', expires_in: 7200 });
      }),
    );
    const outcome = await setup().client.call('st_validate', { body: { st: 'ST-1', is_small_app: true } });
    expect(body).toEqual({ st: 'ST-1', is_small_app: true });
    expect(outcome).toMatchObject({ ok: true, data: { client_id: 'c', access_token: 't' } });
  });

  it('refuses input the contract forbids without sending anything', async () => {
    const outcome = await setup().client.call('add_contact_information', {
      body: { name: '', credential_type: 1, id_number: '110105201801010017', guardian_name: '张伟', guardian_relation: 1, guardian_phone: '13800000000' },
    });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'request', part: 'body' } });
    if (!outcome.ok && outcome.failure.kind === 'request') expect(outcome.failure.issues[0]?.path).toEqual(['name']);
  });
});

describe('answers', () => {
  it('999999 is success: the data, parsed by the contract', async () => {
    server.use(http.get(apiUrl('class_category'), () => ok(categories)));
    expect(await setup().client.call('class_category', {})).toEqual({ ok: true, data: categories, msg: '操作成功' });
  });

  it('another code on a 2xx is a business failure carrying msg', async () => {
    server.use(http.post(apiUrl('sign_up'), () => HttpResponse.json({ error_code: errorCodes.classFull.code, msg: '名额已满', data: null })));
    const outcome = await setup().client.call('sign_up_post', { body: { class_id: 1, contact_id: 2, agree_rules: true } });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'business', status: 200, code: 300103, msg: '名额已满', data: null } });
  });

  it.each([
    [errorCodes.accountUnavailable.code, 403],
    [errorCodes.forbidden.code, 403],
    [errorCodes.silentHome.code, 403],
    [errorCodes.notSignedIn.code, 401],
    [errorCodes.sessionReplaced.code, 401],
    [errorCodes.invalidRequest.code, 400],
  ])('HTTP error with error_code %i is an http failure with that code', async (code, status) => {
    server.use(http.get(apiUrl('personal_data'), () => fail(status, code, '错误说明')));
    const outcome = await setup().client.call('personal_data', {});
    expect(outcome).toEqual({ ok: false, failure: { kind: 'http', status, code, msg: '错误说明', data: null, retried: false } });
  });

  it('an HTTP error without an envelope keeps its status and no code', async () => {
    server.use(http.get(apiUrl('personal_data'), () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    const outcome = await setup().client.call('personal_data', {});
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', status: 502, code: null } });
  });

  it('a network failure is a network outcome, not an exception', async () => {
    server.use(http.get(apiUrl('personal_data'), () => HttpResponse.error()));
    expect(await setup().client.call('personal_data', {})).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });
});

describe('99993: expired access token', () => {
  const user = { user_info: { id: 1, url: null, real_name: '张伟', phone: '138****0000', username: 'zhangwei', mailbox: null, real_name_status: 2, has_password: true, wechat_bound: false } };

  it('replaces the token with the one in the answer and retries once', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.get(apiUrl('personal_data'), ({ request }) => {
        tokens.push(request.headers.get(AUTH_HEADER));
        return tokens.length === 1 ? fail(401, errorCodes.tokenExpired.code, '登录凭证已过期', { access_token: 'token-2' }) : ok(user);
      }),
    );
    const { client, state } = setup();
    const outcome = await client.call('personal_data', {});
    expect(outcome).toMatchObject({ ok: true, data: user });
    expect(tokens).toEqual(['token-1', 'token-2']);
    expect(state.accessToken).toBe('token-2');
  });

  it('does not loop when the retry expires too', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('personal_data'), () => {
        calls += 1;
        return fail(401, errorCodes.tokenExpired.code, '登录凭证已过期', { access_token: `token-${calls + 1}` });
      }),
    );
    const outcome = await setup().client.call('personal_data', {});
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', code: 99993, retried: true } });
  });

  it('does not retry when the answer carries no token', async () => {
    let calls = 0;
    server.use(http.get(apiUrl('personal_data'), () => (calls++, fail(401, errorCodes.tokenExpired.code, '登录凭证已过期'))));
    const outcome = await setup().client.call('personal_data', {});
    expect(calls).toBe(1);
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', code: 99993, retried: false } });
  });
});

describe('the first calls, while the contract chunk loads', () => {
  // The server painted the page: nothing waits on the first calls but the parent who made them,
  // so each sends as soon as the chunk is in (decision 044, superseded by 066).
  it('send as soon as the chunk loaded, in the order they were made', async () => {
    resetContractLoad();
    const sent: string[] = [];
    const answer = (data: unknown) => new Response(JSON.stringify({ error_code: 999999, msg: '操作成功', data }), { headers: { 'content-type': 'application/json' } });
    const client = createApiClient({
      baseUrl: TEST_ORIGIN,
      credentials: () => ({ clientId: null, accessToken: null }),
      onAccessToken: () => {},
      fetch: async (input) => {
        const url = new URL(String(input));
        sent.push(url.pathname.split('/').pop() ?? '');
        return answer(url.pathname.endsWith('class_category') ? categories : notice);
      },
    });
    const first = client.call('class_category', {});
    const second = client.call('get_front_content', { query: { module: 9 } });
    await loadContract();
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(sent).toEqual(['class_category', 'get_front_content']);
    expect(await first).toMatchObject({ ok: true, data: categories });
    expect(await second).toMatchObject({ ok: true, data: notice });
  });
});

describe('timeout and abort', () => {
  afterEach(() => vi.useRealTimers());

  /** A backend that never answers, but hears the abort as a real fetch does. */
  const hangingFetch: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with a timeout outcome`, async () => {
    vi.useFakeTimers();
    const client = createApiClient({ baseUrl: TEST_ORIGIN, credentials: () => ({ clientId: null, accessToken: null }), onAccessToken: () => {}, fetch: hangingFetch });
    let settled: unknown;
    void client.call('class_category', {}).then((o) => (settled = o));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ ok: false, failure: { kind: 'timeout', timeoutMs: 20_000 } });
  });

  it('reports a caller’s abort as aborted, not as a timeout', async () => {
    const client = createApiClient({ baseUrl: TEST_ORIGIN, credentials: () => ({ clientId: null, accessToken: null }), onAccessToken: () => {}, fetch: hangingFetch });
    const controller = new AbortController();
    const pending = client.call('class_category', {}, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, failure: { kind: 'aborted' } });
  });
});

describe('answers that break the contract', () => {
  it('a body that is not JSON becomes a reported contract failure', async () => {
    server.use(http.get(apiUrl('class_category'), () => new HttpResponse('<html>ok</html>', { status: 200 })));
    const { client, onContractViolation } = setup();
    expect(await client.call('class_category', {})).toMatchObject({ ok: false, failure: { kind: 'contract', where: 'json' } });
    expect(onContractViolation).toHaveBeenCalledWith('class_category', expect.objectContaining({ kind: 'contract' }));
  });

  it('an envelope without msg becomes a contract failure', async () => {
    server.use(http.get(apiUrl('class_category'), () => HttpResponse.json({ error_code: 999999, data: categories })));
    const { client, onContractViolation } = setup();
    expect(await client.call('class_category', {})).toMatchObject({ ok: false, failure: { kind: 'contract', where: 'envelope' } });
    expect(onContractViolation).toHaveBeenCalledOnce();
  });

  it('data of the wrong shape names the field and is reported, never thrown', async () => {
    server.use(http.get(apiUrl('class_category'), () => ok({ class_list: [{ id: '1', name: '艺术中心', children: [] }] })));
    const { client, onContractViolation } = setup();
    const outcome = await client.call('class_category', {});
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'contract', where: 'data' } });
    if (!outcome.ok && outcome.failure.kind === 'contract') expect(outcome.failure.issues[0]?.path).toEqual(['class_list', 0, 'id']);
    expect(onContractViolation).toHaveBeenCalledOnce();
  });

  describe('a link that is not http(s) or a path of the portal (decision 046)', () => {
    const banner = (link_url: string | null, image_url = 'banner/1.svg') => ({ id: 1, title: '秋季招生', image_url, link_url, sort: 1 });

    it('is left out, as an empty link, and the rest of the answer is read', async () => {
      server.use(http.get(apiUrl('exhibition_banner'), () => ok({ list: [banner('javascript:alert(1)'), banner('/apply', 'data:text/html,<script>alert(1)</script>')] })));
      const onLinksLeftOut = vi.fn();
      const { client, onContractViolation } = setup({ clientId: null, accessToken: null }, { onLinksLeftOut });
      expect(await client.call('exhibition_banner', {})).toEqual({ ok: true, msg: '操作成功', data: { list: [banner(''), banner('/apply', '')] } });
      expect(onLinksLeftOut).toHaveBeenCalledWith('exhibition_banner', ['data.list[0].link_url', 'data.list[1].image_url']);
      expect(onContractViolation).not.toHaveBeenCalled();
    });

    it('beside another broken field is still a contract failure', async () => {
      server.use(http.get(apiUrl('exhibition_banner'), () => ok({ list: [{ ...banner('javascript:alert(1)'), sort: 'first' }] })));
      const onLinksLeftOut = vi.fn();
      const { client, onContractViolation } = setup({ clientId: null, accessToken: null }, { onLinksLeftOut });
      expect(await client.call('exhibition_banner', {})).toMatchObject({ ok: false, failure: { kind: 'contract', where: 'data' } });
      expect(onContractViolation).toHaveBeenCalledOnce();
      expect(onLinksLeftOut).not.toHaveBeenCalled();
    });
  });
});

describe('each call reported once it has settled (the server logs and counts them: src/server/backend-calls.ts)', () => {
  it('reports the operation, the outcome, the HTTP status and the error code, never the input or the answer', async () => {
    const reports: unknown[] = [];
    server.use(
      http.get(apiUrl('class_category'), () => ok(categories)),
      http.get(apiUrl('personal_data'), () => fail(500, errorCodes.serverError.code, '服务器开小差了')),
    );
    const { client } = setup(undefined, { onSettled: (report) => reports.push(report) });
    await client.call('class_category', {});
    await client.call('personal_data', {});
    expect(reports).toEqual([
      { operation: 'class_category', outcome: 'ok', status: 200, errorCode: SUCCESS_CODE, ms: expect.any(Number) },
      { operation: 'personal_data', outcome: 'http', status: 500, errorCode: errorCodes.serverError.code, ms: expect.any(Number) },
    ]);
  });

  it('a call that got no answer is reported without a status', async () => {
    const reports: { outcome: string; status: number | null }[] = [];
    server.use(http.get(apiUrl('class_category'), () => HttpResponse.error()));
    await setup(undefined, { onSettled: (report) => reports.push(report) }).client.call('class_category', {});
    expect(reports).toMatchObject([{ outcome: 'network', status: null, errorCode: null }]);
  });
});
