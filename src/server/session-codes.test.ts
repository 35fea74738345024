/**
 * Spec §8 on a server-rendered first load (issue 39, item 3; decision 074): each code from
 * personal_data (asked before the document starts) and from a page's own call (asked while the
 * page is drawn), as the document server answers it. A redirect never points at the address it came
 * from: 200216, 104010 and 89994 from personal_data on `/` draw the home page, not a `302 → /` loop.
 * What the browser does with a failure the page was drawn with (going home, signing in again) is the
 * hydration's (src/app/server-failures.test.ts, e2e/prod/session-codes.spec.ts).
 */
import { createServer, type Server } from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, MOCK_WORLD_COOKIE, MOCK_WORLD_HEADER, errorCodes, type ErrorCodeName } from '#contract/index';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { HYDRATION_PAYLOAD_ID, type HydrationPayload } from '../app/hydration.ts';
import { documentShape, templateOf } from './document.ts';
import { documentHandler } from './http.ts';

let mock: RunningMockServer;
let server: Server;
let base: string;
const LOGIN = '/__mock/account/login';

beforeAll(async () => {
  mock = await startMockServer({ port: 0, log: null });
  const document = documentShape(
    templateOf('<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>t</title><script type="module" src="/src/main.tsx"></script></head><body><div id="root"></div></body></html>'),
    { styles: () => [], chunks: () => [] },
  );
  server = createServer(
    documentHandler({ document, publicOrigin: 'https://portal.example.org', backendUrl: mock.url, accountServiceUrl: `https://account.example.org${LOGIN}`, dataBudgetMs: 2000, log: () => {} }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mock.close();
});

let worlds = 0;

/** A world of its own with gaoyan (default scenario) signed in: the cookies a browser would send. */
async function signedIn(): Promise<{ world: string; cookie: string; token: string }> {
  const world = `codes-${(worlds += 1)}`;
  const control = (path: string, body: unknown) =>
    fetch(`${mock.url}${path}`, { method: 'POST', headers: { [MOCK_WORLD_HEADER]: world, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const { ticket } = (await (await control('/__mock/login', { username: 'gaoyan' })).json()) as { ticket: string };
  const { data } = (await (await control(`${API_BASE_PATH}st_validate`, { st: ticket, is_small_app: true })).json()) as { data: { client_id: string; access_token: string } };
  return { world, token: data.access_token, cookie: `${MOCK_WORLD_COOKIE}=${world}; client_id=${data.client_id}; access_token=${data.access_token}` };
}

async function fault(world: string, operation: string, name: ErrorCodeName | { status: number; code: number; msg: string }) {
  const entry =
    typeof name === 'string' ? { status: errorCodes[name].http, error_code: errorCodes[name].code, msg: errorCodes[name].message } : { status: name.status, error_code: name.code, msg: name.msg };
  const answer = await fetch(`${mock.url}/__mock/faults`, {
    method: 'POST',
    headers: { [MOCK_WORLD_HEADER]: world, 'Content-Type': 'application/json' },
    body: JSON.stringify([{ operation, ...entry, times: 1 }]),
  });
  expect(answer.ok).toBe(true);
}

interface Answer {
  status: number;
  location: string | null;
  setCookies: string[];
  text: string;
  payload: HydrationPayload | null;
}

async function load(path: string, cookie: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  const json = new RegExp(`<script type="application/json" id="${HYDRATION_PAYLOAD_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
  return {
    status: response.status,
    location: response.headers.get('location'),
    setCookies: response.headers.getSetCookie(),
    text: body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
    payload: json ? (JSON.parse(json) as HydrationPayload) : null,
  };
}

/** The failure a call was drawn with, as the payload carries it for the browser. */
function failureOf(payload: HydrationPayload | null, operation: string): { code: number | null; status: number } | undefined {
  const query = payload?.queries.queries.find((q) => q.queryKey[1] === operation);
  return (query?.state.error as { failure?: { code: number | null; status: number } } | undefined)?.failure;
}

const pathOf = (location: string | null) => (location === null ? null : `${new URL(location, base).pathname}${new URL(location, base).search}`);
const cleared = (setCookies: string[], name: string) => setCookies.some((c) => c.startsWith(`${name}=`) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));

describe('§8 from personal_data on a server-rendered first load', () => {
  it('99993: the token is replaced (a cookie) and the call asked again: the page is drawn, signed in', async () => {
    const { world, cookie, token } = await signedIn();
    await fault(world, 'personal_data', 'tokenExpired');
    const answer = await load('/personal/myOrder', cookie);
    expect(answer.status).toBe(200);
    const fresh = answer.setCookies.find((c) => c.startsWith('access_token='));
    expect(fresh).toBeDefined();
    expect(fresh).not.toContain(token);
    expect(answer.text).toContain('高燕');
  });

  it.each(['notSignedIn', 'sessionReplaced'] as const)('%s: the cookies are cleared and the parent goes to sign in, to come back to the page', async (name) => {
    const { world, cookie } = await signedIn();
    await fault(world, 'personal_data', name);
    const answer = await load('/personal/myOrder?page=2', cookie);
    expect(answer.status).toBe(302);
    const login = new URL(answer.location!, base);
    expect(login.pathname).toBe(LOGIN);
    // Back to the page, with the sign-in's state (decision 075) beside its own address.
    const service = new URL(login.searchParams.get('service')!);
    expect(service.searchParams.get('login_state')).toMatch(/^[0-9a-f]{16,}$/);
    service.searchParams.delete('login_state');
    expect(service.pathname + service.search).toBe('/personal/myOrder?page=2');
    expect(cleared(answer.setCookies, 'client_id')).toBe(true);
    expect(cleared(answer.setCookies, 'access_token')).toBe(true);
  });

  it.each(['accountUnavailable', 'forbidden', 'silentHome'] as const)('%s: from any page, one redirect home; on the home page, the page itself (no redirect to where it came from)', async (name) => {
    const { world, cookie } = await signedIn();
    await fault(world, 'personal_data', name);
    const elsewhere = await load('/personal/myOrder', cookie);
    expect(elsewhere.status).toBe(302);
    expect(pathOf(elsewhere.location)).toBe('/');

    // Home asks personal_data again, and the backend says the same: home is drawn, and the browser says it.
    await fault(world, 'personal_data', name);
    const home = await load('/', cookie);
    expect(home.status).toBe(200);
    expect(home.location).toBeNull();
    expect(home.text).toContain('少年儿童活动中心');
    expect(failureOf(home.payload, 'personal_data')).toMatchObject({ code: errorCodes[name].code });
  });

  it.each([
    ['another HTTP code (500000)', { status: 500, code: errorCodes.serverError.code, msg: errorCodes.serverError.message }],
    ['a refusal on a 200 (300999)', { status: 200, code: 300999, msg: '操作过于频繁，请稍后再试' }],
  ])('%s: only logged (spec §8): the page is drawn as it is, no redirect', async (_, answer) => {
    const { world, cookie } = await signedIn();
    await fault(world, 'personal_data', answer);
    const page = await load('/personal/myOrder', cookie);
    expect(page.status).toBe(200);
    expect(page.location).toBeNull();
    expect(page.text).toContain('我的订单');
  });
});

describe('§8 from a page’s own call on a server-rendered first load (order_list on 我的订单)', () => {
  it('99993: the token is replaced and the call asked again: the orders are drawn, and the fresh token goes to the browser with the page', async () => {
    const { world, cookie, token } = await signedIn();
    await fault(world, 'order_list', 'tokenExpired');
    const answer = await load('/personal/myOrder', cookie);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('订单号');
    expect(answer.payload?.accessToken).toMatch(/^AT-/);
    expect(answer.payload?.accessToken).not.toBe(token);
  });

  it.each(['notSignedIn', 'sessionReplaced', 'accountUnavailable', 'forbidden', 'silentHome', 'serverError'] as const)(
    '%s: the page is drawn with its error state, still signed in, the failure in the payload for the browser to act on',
    async (name) => {
      const { world, cookie } = await signedIn();
      await fault(world, 'order_list', name);
      const answer = await load('/personal/myOrder', cookie);
      expect(answer.status).toBe(200);
      expect(answer.location).toBeNull();
      expect(answer.text).toContain('订单加载失败');
      // The chrome as the browser will hydrate it: the session is the browser's to end.
      expect(answer.text).toContain('高燕');
      expect(answer.payload?.accessToken).toBeUndefined();
      expect(failureOf(answer.payload, 'order_list')).toMatchObject({ code: errorCodes[name].code, status: errorCodes[name].http });
    },
  );
});
