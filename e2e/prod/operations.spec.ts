/**
 * What the portal's operators see (issue 42), on the prod stack as deployed (serve:prod writes
 * nginx's and the document servers' JSON lines to PROD_LOG): a signed-in parent's journey leaves
 * a line per page and per backend call, tied by the request's id, and none of them holds the
 * parent's token, cookies, sign-in ticket, phone or ID number; each document server's /metrics
 * (asked on this host, as a scraper asks it; nginx refuses it) counts the journey's routes and
 * calls; and a real page's browser reports its Web Vitals and its uncaught error to /beacon when
 * the page is hidden, which /metrics and the log then show, with the route and nothing else.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/standalone.ts';
import { logLines, scrape } from '../support/prod-stack.ts';

const counted = (samples: Map<string, number>, sample: string) => samples.get(sample) ?? 0;
/** The least any of the samples grew by from `before` to `after`. */
const delta = (before: Map<string, number>, after: Map<string, number>, samples: string[]) => Math.min(...samples.map((sample) => counted(after, sample) - counted(before, sample)));

/** The page's own chunk that reports its figures (decision 083) has loaded and started. */
const reporterLoaded = (page: Page) => page.waitForResponse((response) => /\/assets\/field-reports-[\w-]+\.js$/.test(new URL(response.url()).pathname));

test('a signed-in journey: a line per page and per backend call with one request id, none holding a token, a cookie, the ticket, a phone or an ID number; /metrics counts its routes and calls', async ({
  page,
  world,
  context,
}) => {
  await world.reset('family');
  const { tables } = await world.state();
  const parent = tables.parents.find((p) => p.username === 'zhangwei')!;
  const children = tables.contacts.filter((c) => c.parent_id === parent.id);
  const before = await scrape();

  const documents = new Map<string, string>();
  const tickets: string[] = [];
  page.on('request', (request) => {
    const ticket = new URL(request.url()).searchParams.get('ticket');
    if (ticket) tickets.push(ticket);
  });
  page.on('response', (response) => {
    const id = response.headers()['x-request-id'];
    if (response.request().resourceType() === 'document' && id) documents.set(id, new URL(response.url()).pathname);
  });
  await world.signInAs(page, 'zhangwei', '/personal/personalData');
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  // The pages opened signed in (the one the sign-in came back to had no session yet: its shell).
  const visited = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.headers()['x-request-id']) visited.add(response.headers()['x-request-id']!);
  });
  for (const [path, heading] of [
    ['/personal/personalData', '个人资料'],
    ['/personal/contacts', '孩子信息'],
    ['/personal/myOrder', '我的订单'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }

  const cookies = (await context.cookies()).filter((cookie) => ['access_token', 'client_id'].includes(cookie.name));
  expect(cookies.map((cookie) => cookie.name).sort(), 'the session the journey ran in').toEqual(['access_token', 'client_id']);
  const secrets = [...cookies.map((cookie) => cookie.value), ...tickets, parent.phone, parent.id_number, ...children.flatMap((child) => [child.id_number, child.guardian_phone])].filter(
    (value): value is string => typeof value === 'string' && value.length >= 6,
  );
  expect(tickets.length, 'the sign-in came back with a ticket').toBeGreaterThan(0);
  // Two cookies, a ticket, the parent's phone and ID number, each child's ID number and guardian's phone.
  expect(secrets.length).toBeGreaterThanOrEqual(5 + 2 * children.length);

  // The lines are written as each answer ends: read them once the journey's last page is in.
  let lines: Record<string, unknown>[] = [];
  await expect
    .poll(() => {
      lines = logLines().filter((line) => documents.has(String(line.request_id)));
      return new Set(lines.filter((line) => line.kind === 'request').map((line) => line.request_id)).size;
    })
    .toBeGreaterThanOrEqual(4);
  const text = lines.map((line) => JSON.stringify(line)).join('\n');
  for (const secret of secrets) expect(text, `a secret of the journey (${secret.slice(0, 3)}…) in the log`).not.toContain(secret);
  const all = logLines()
    .map((line) => JSON.stringify(line))
    .join('\n');
  for (const secret of secrets) expect(all.includes(secret), `a secret of the journey (${secret.slice(0, 3)}…) anywhere in the log`).toBe(false);

  // Each page: nginx's line, the document server's (its route's name, signed in, never kept) and its calls', one id.
  expect(visited.size).toBe(3);
  for (const id of visited) {
    const path = documents.get(id)!;
    const mine = lines.filter((line) => line.request_id === id);
    expect(
      mine.map((line) => line.kind),
      path,
    ).toEqual(expect.arrayContaining(['nginx', 'request', 'backend_call']));
    expect(mine.find((line) => line.kind === 'nginx')).toMatchObject({ path, status: 200, method: 'GET' });
    expect(mine.find((line) => line.kind === 'request')).toMatchObject({ method: 'GET', status: 200, signed_in: true, cache: 'private' });
  }
  const routes = lines.filter((line) => line.kind === 'request' && visited.has(String(line.request_id))).map((line) => line.route);
  expect(routes).toEqual(['personalData', 'children', 'orders']);

  // Through nginx, /metrics is nobody's; on the host, each document server's counts the journey.
  expect((await page.request.get('/metrics')).status()).toBe(404);
  // Counted as each answer ends, as its line is written.
  await expect
    .poll(async () =>
      delta(
        before,
        await scrape(),
        ['personalData', 'children', 'orders'].map((route) => `portal_http_requests_total{route="${route}",status="200"}`),
      ),
    )
    .toBeGreaterThanOrEqual(1);
  const after = await scrape();
  for (const route of ['personalData', 'children', 'orders']) {
    const sample = `portal_http_requests_total{route="${route}",status="200"}`;
    expect(counted(after, sample) - counted(before, sample), sample).toBeGreaterThanOrEqual(1);
    expect(counted(after, `portal_render_duration_seconds_count{route="${route}"}`), route).toBeGreaterThan(counted(before, `portal_render_duration_seconds_count{route="${route}"}`));
  }
  const operations = [...new Set(lines.filter((line) => line.kind === 'backend_call' && line.outcome === 'ok').map((line) => String(line.operation)))];
  expect(operations.length).toBeGreaterThan(0);
  for (const operation of operations) {
    const sample = `portal_backend_calls_total{operation="${operation}",outcome="ok"}`;
    expect(counted(after, sample) - counted(before, sample), sample).toBeGreaterThanOrEqual(1);
  }
});

test('a real page reports its Web Vitals and its uncaught error when hidden: /metrics has them by route, the log the error, and nothing about the parent is sent', async ({ page, world }) => {
  await world.reset('default');
  const before = await scrape();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/beacon' && request.method() === 'POST') beacons.push(request.postData() ?? '');
  });
  const loaded = reporterLoaded(page);
  await page.goto('/details?id=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await loaded;
  // An interaction (INP), and an error nobody catches, with a phone number in its message.
  await page.getByRole('heading', { level: 1 }).click();
  // Settles once the rejection has reached the page's listeners (the reporter's were added first).
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        addEventListener('unhandledrejection', () => done(), { once: true });
        setTimeout(() => void Promise.reject(new Error('课程数据异常 13800138000')));
      }),
  );
  // The parent switches to another tab: the page is hidden, and its figures go with a beacon. (Headless
  // Chromium keeps every tab visible, and a beacon sent as a page unloads is out of Playwright's sight:
  // the page is told it is hidden, as the browser tells it, and stays to be watched.)
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/beacon');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  expect((await answered).status()).toBe(204);
  await expect.poll(() => beacons.length).toBeGreaterThanOrEqual(1);
  const reports = beacons.map((body) => JSON.parse(body) as { route: string; release: string; vitals: { name: string; value: number }[]; errors: { message: string }[] });
  expect(reports).toHaveLength(1);
  for (const report of reports) {
    expect(Object.keys(report).sort()).toEqual(['errors', 'release', 'route', 'vitals']);
    expect(report.route).toBe('classDetails');
  }
  const figures = reports.flatMap((report) => report.vitals.map((vital) => vital.name));
  expect(figures.sort(), 'each figure once').toEqual([...new Set(figures)].sort());
  expect(figures).toEqual(expect.arrayContaining(['CLS', 'LCP', 'TTFB']));
  expect(reports.flatMap((report) => report.errors.map((error) => error.message))).toEqual([expect.stringContaining('课程数据异常')]);
  const [report] = reports;

  await expect
    .poll(async () =>
      delta(
        before,
        await scrape(),
        ['lcp_seconds', 'ttfb_seconds', 'cls'].map((metric) => `portal_web_vitals_${metric}_count{route="classDetails"}`),
      ),
    )
    .toBeGreaterThanOrEqual(1);
  const after = await scrape();
  for (const metric of ['lcp_seconds', 'ttfb_seconds', 'cls']) {
    const sample = `portal_web_vitals_${metric}_count{route="classDetails"}`;
    expect(counted(after, sample) - counted(before, sample), sample).toBeGreaterThanOrEqual(1);
  }
  expect(counted(after, 'portal_browser_errors_total{route="classDetails"}') - counted(before, 'portal_browser_errors_total{route="classDetails"}')).toBeGreaterThanOrEqual(1);
  expect([...after.keys()].some((sample) => /portal_web_vitals_lcp_seconds_recent\{quantile="0\.75",route="classDetails"\}/.test(sample))).toBe(true);

  const [error] = logLines().filter((line) => line.kind === 'browser_error' && String(line.message).includes('课程数据异常'));
  expect(error).toMatchObject({ route: 'classDetails', release: report!.release });
  expect(JSON.stringify(error)).not.toContain('13800138000');
});
