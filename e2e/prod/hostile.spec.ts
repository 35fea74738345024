/**
 * Safe on the open internet (issue 38), through nginx as deployed (serve:prod): each request the
 * security review tried is refused or harmless. Redirects stay on the site, nothing of a request's
 * Host is written back, one visitor meets the limits (429 or the server's 503 page, never a
 * dropped connection), a parent's page is never stored whatever the Cookie header looks like, and
 * what is not the public's (health, other methods, the mock's control from another page) is refused.
 */
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { API_BASE_PATH, MOCK_WORLD_COOKIE, MOCK_WORLD_HEADER, TICKET_PARAM } from '#contract/index';
import { expect, test, type WorldDriver } from '../support/standalone.ts';

const site = () => new URL(test.info().project.use.baseURL!);

/** One request as raw bytes to nginx (a client need not clean its address up), and its answer; `null` when the connection closes with none. */
function raw(requestLine: string, headers: string[] = [], { host = site().host, body }: { host?: string | null; body?: string } = {}): Promise<{ status: number; head: string; text: string } | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(site().port), '127.0.0.1', () => {
      const lines = [requestLine, ...(host ? [`Host: ${host}`] : []), 'Connection: close', ...headers];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
    });
    const chunks: Buffer[] = [];
    const answer = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return null;
      const at = text.indexOf('\r\n\r\n');
      const head = at < 0 ? text : text.slice(0, at);
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, text: at < 0 ? '' : text.slice(at + 4) };
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // An answer of a known length is whole once its bytes are in: nginx may then wait a while
      // for a body it refused to read before it closes (lingering close).
      const sofar = answer();
      const length = sofar && /^content-length: (\d+)$/im.exec(sofar.head)?.[1];
      if (length && Buffer.byteLength(sofar.text) >= Number(length)) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer()));
  });
}

const header = (head: string, name: string) => [...head.matchAll(new RegExp(`^${name}: (.*)$`, 'gim'))].map((m) => m[1]!.trim());

/** A session for a parent of the world, as the account service and st_validate would give it. */
async function sessionOf(world: WorldDriver, username: string, request: import('@playwright/test').APIRequestContext) {
  const { ticket } = await world.login(username);
  const answer = await request.post(`${API_BASE_PATH}st_validate`, { headers: { [MOCK_WORLD_HEADER]: world.name }, data: { st: ticket, is_small_app: true } });
  const { data } = (await answer.json()) as { data: { client_id: string; access_token: string } };
  return { clientId: data.client_id, accessToken: data.access_token };
}

test.describe('every address stays on the site (decision 075)', () => {
  test('an address starting with // and a ticket keeps the browser on this site', async ({ page }) => {
    const response = await page.goto(`${site().origin}//evil.example/?${TICKET_PARAM}=ST-x`);
    expect(response!.status()).toBe(400);
    expect(new URL(page.url()).host).toBe(site().host);
    await expect(page.getByText('网址无法识别')).toBeVisible();
  });

  test("a link carrying someone else's ticket signs nobody in (login CSRF)", async ({ page, world }) => {
    await world.reset('default');
    const { ticket } = await world.login('lina');
    await page.goto(`/details?id=1&${TICKET_PARAM}=${ticket}`);
    await expect(page).toHaveURL(/\/details\?id=1$/);
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    const tickets = (await world.state()).tables.tickets as { ticket: string; used: boolean }[];
    expect(tickets.find((t) => t.ticket === ticket)).toMatchObject({ used: false });
  });

  test("no request's Host or X-Forwarded-* is written into an answer", async ({ world }) => {
    await world.reset('default');
    // Another host name: no answer at all (the default server).
    for (const host of ['evil.example', 'localhost.evil.example']) expect(await raw('GET / HTTP/1.1', [], { host }), host).toBeNull();
    // None, or an empty one: nginx's own 400 at most.
    for (const host of ['', null]) {
      const answer = await raw('GET / HTTP/1.1', [], { host });
      expect(answer === null || answer.status === 400, String(host)).toBe(true);
    }
    // Through the portal's own name: the sign-in's return and robots.txt name the configured origin.
    const forwarded = ['X-Forwarded-Host: evil.example', 'X-Forwarded-Proto: https', 'Forwarded: host=evil.example', 'X_Forwarded_Host: evil.example'];
    const stale = await raw('GET /details?id=1 HTTP/1.1', [`Cookie: ${MOCK_WORLD_COOKIE}=${world.name}; client_id=c-gone; access_token=t-gone`, ...forwarded]);
    expect(stale!.status).toBe(302);
    const login = new URL(header(stale!.head, 'Location')[0]!);
    expect(login.origin).toBe(site().origin);
    expect(new URL(login.searchParams.get('service')!).origin).toBe(site().origin);
    const robots = await raw('GET /robots.txt HTTP/1.1', forwarded);
    expect(robots!.text).toContain(`Sitemap: ${site().origin}/sitemap.xml`);
    for (const answer of [stale!, robots!]) expect(`${answer.head}\n${answer.text}`).not.toContain('evil.example');
  });
});

test.describe('what is not the public’s', () => {
  test("/healthz and its memory figures, the build's template and manifest", async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(404);
    expect(await health.text()).not.toMatch(/rss|heap/);
    for (const path of ['/index.html', '/.vite/manifest.json']) expect((await request.get(path)).status(), path).toBe(404);
  });

  test('a page by any method but GET and HEAD: refused by nginx before its body, in Chinese', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
      for (const path of ['/', '/details?id=1', '/sitemap.xml']) {
        // A body announced and never sent: an answer at all means nginx did not wait for it.
        const answer = await raw(`${method} ${path} HTTP/1.1`, ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 100000']);
        expect([405, 413], `${method} ${path}`).toContain(answer!.status);
        expect(answer!.text, `${method} ${path}`).toMatch(/只支持 GET 和 HEAD 请求|请求内容过大/);
      }
    }
    const small = await raw('POST / HTTP/1.1', ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 3'], { body: 'a=1' });
    expect(small!.status).toBe(405);
    expect(header(small!.head, 'Allow')).toEqual(['GET, HEAD']);
  });

  test("the mock's control API takes no form or plain text from another page", async ({ world, request }) => {
    await world.reset('default');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await request.post('/__mock/reset', { headers: { [MOCK_WORLD_HEADER]: world.name, 'Content-Type': type }, data: '{"scenario": "family"}' });
      expect(answer.status(), type).toBe(415);
    }
    expect((await world.state()).scenario.name).toBe('default');
  });

  test('serve:prod listens on this machine only', async () => {
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
    test.skip(!outward, 'no address but the loopback here');
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(site().port), outward!, () => resolve(true));
      socket.on('error', () => resolve(false));
    });
    expect(reached, `nginx answered on ${outward}:${site().port}`).toBe(false);
  });
});

test.describe('one verdict on "signed in" (decision 076)', () => {
  test('odd Cookie headers (spaces, duplicates, case) never get a personal page stored, nor shown to another visitor', async ({ world, request }) => {
    await world.reset('default');
    const { clientId, accessToken } = await sessionOf(world, 'lina', request);
    const lina = (await world.state()).tables.parents.find((p) => p.username === 'lina')!.real_name!;
    const own = `${MOCK_WORLD_COOKIE}=${world.name}`;
    const odd = [
      `${own}; client_id=${clientId}; access_token=${accessToken}`,
      `${own}; client_id =${clientId}; access_token =${accessToken}`,
      `${own};client_id=${clientId};  access_token=${accessToken}  `,
      `${own}; CLIENT_ID=${clientId}; ACCESS_TOKEN=${accessToken}`,
      `${own}; client_id=; client_id=${clientId}; access_token=${accessToken}`,
      `${own}; client_id=${clientId}; client_id=other; access_token=${accessToken}`,
      `${own}; client_id="${clientId}"; access_token="${accessToken}"`,
    ];
    for (const [i, cookie] of odd.entries()) {
      const path = `/?verdict=${i}`;
      // The world's journal keeps its last 200 calls: counted from the newest one now.
      const since = (await world.requests({ limit: 1 })).requests.at(-1)?.id ?? 0;
      const asked = async () => (await world.requests({ operation: 'personal_data', after_id: since })).matched;
      const before = 0;
      const answers = [];
      for (let n = 0; n < 2; n += 1) answers.push(await raw(`GET ${path} HTTP/1.1`, [`Cookie: ${cookie}`]));
      for (const answer of answers) expect(header(answer!.head, 'Cache-Control'), cookie).toEqual(['private, no-store']);
      // A page drawn for lina both times was rendered both times: nginx kept neither.
      if (answers[0]!.text.includes(lina)) expect((await asked()) - before, cookie).toBe(2);
      // The same address for a visitor of the same world without a session: never lina's page.
      const other = await raw(`GET ${path} HTTP/1.1`, [`Cookie: ${own}`]);
      expect(other!.status).toBe(200);
      expect(other!.text, cookie).not.toContain(lina);
    }
  });

  test('a signed-out page is kept seconds as its Cache-Control says', async ({ world }) => {
    await world.reset('default');
    const cookie = `Cookie: ${MOCK_WORLD_COOKIE}=${world.name}`;
    const since = (await world.requests({ limit: 1 })).requests.at(-1)?.id ?? 0;
    const asked = async () => (await world.requests({ operation: 'class_detail', after_id: since })).matched;
    const before = 0;
    const first = await raw('GET /details?id=1&kept=1 HTTP/1.1', [cookie]);
    const second = await raw('GET /details?id=1&kept=1 HTTP/1.1', [cookie]);
    expect(header(first!.head, 'Cache-Control')).toEqual(['public, max-age=0, s-maxage=5']);
    expect(second!.status).toBe(200);
    // Asked of the backend once: the second came from nginx's cache.
    expect((await asked()) - before).toBe(1);
  });
});

test.describe('the limits on one visitor', () => {
  test('bursts of 60 uncached pages from one visitor meet the limit (429 or the 503 page), never a dropped connection; the site answers the next visitor', async ({ world }) => {
    await world.reset('default');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 60 });
    const statuses: Record<string, number> = {};
    let sequence = 0;
    const ask = (cookie: string) =>
      new Promise<number | string>((resolve) => {
        const request = http.get(
          { host: '127.0.0.1', port: Number(site().port), path: `/details?id=1&burst=${(sequence += 1)}`, agent, headers: { Host: site().host, Cookie: cookie } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    // A visitor of its own (serve:prod keys the limits by address and mock world): the other tests keep theirs.
    const burster = `${MOCK_WORLD_COOKIE}=${world.name}-burst`;
    for (let burst = 0; burst < 3; burst += 1) {
      for (const status of await Promise.all(Array.from({ length: 60 }, () => ask(burster)))) statuses[status] = (statuses[status] ?? 0) + 1;
    }
    agent.destroy();
    expect(
      Object.keys(statuses).filter((status) => !['200', '429', '503'].includes(status)),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses['429'] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
    const next = await raw('GET /details?id=2&after=1 HTTP/1.1', [`Cookie: ${MOCK_WORLD_COOKIE}=${world.name}`]);
    expect(next!.status).toBe(200);
  });
});
