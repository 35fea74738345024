/**
 * Pages rendered on the server (issue 25, decision 061), as deployed: nginx, the document server,
 * the standalone mock (a world per test, support/standalone.ts).
 * - Without JavaScript the public pages show their content, and their links lead to the next page.
 * - With it, the browser hydrates the server's page: it keeps every node the server sent (the
 *   largest text and image are never drawn twice), and reports no hydration error or warning.
 * - Each public page has its own title and description.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { API_BASE_PATH, MOCK_WORLD_COOKIE, MOCK_WORLD_HEADER, buildPath, operations } from '#contract/index';
import { expect, isHydrated, test, waitForHydration } from '../support/standalone.ts';

/** The public pages and what shows each one drew its data: [path, a text of the page's own data]. */
const PUBLIC: [path: string, shows: string | RegExp][] = [
  ['/', '特色中心'],
  ['/searchHome?name=%E7%BE%8E%E6%9C%AF', /个班级|课程/],
  ['/details?id=1', '课程详情'],
  ['/apply', '招生简章'],
  ['/payment', '缴费须知'],
  ['/patriarchFAQ', '怎样为孩子报名？'],
  ['/enrollment', '招生咨询'],
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its content, with the chrome the server fetched', async ({ page, world }) => {
    await world.reset('default');
    for (const [path, shows] of PUBLIC) {
      await page.goto(path);
      await expect(page.getByText(shows).first(), `${path} shows its data`).toBeVisible();
      // The chrome's own calls: the footer's site information on every page, the category menu on home.
      await expect(page.locator('footer'), `${path}: the footer`).toContainText('咨询电话');
      if (path === '/') await expect(page.getByRole('navigation', { name: '课程分类' }).getByRole('listitem').first(), 'the category menu').toBeVisible();
      await expect(page.getByRole('status', { name: '页面加载中' }), `${path}: no page skeleton`).toHaveCount(0);
    }
  });

  test('links navigate: the nav, a class card, the footer', async ({ page, world }) => {
    await world.reset('default');
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: '家长问答' }).first().click();
    await expect(page).toHaveURL(/\/patriarchFAQ$/);
    await expect(page.getByRole('heading', { level: 1, name: '家长问答' })).toBeVisible();
    await page.goto('/searchHome');
    const card = page.locator('a[href^="/details?id="]').first();
    const href = await card.getAttribute('href');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace('?', '\\?')}$`));
    await expect(page.getByText('课程详情').first()).toBeVisible();
    // The FAQ's answers open with a button; without JavaScript a link asks the server for them open.
    await page.goto('/patriarchFAQ');
    await expect(page.locator('[id^="faq-answer-"]:visible')).toHaveCount(0);
    await page.getByRole('link', { name: '显示全部答案' }).click();
    await expect(page).toHaveURL(/expand=all/);
    await expect(page.locator('[id^="faq-answer-"]:visible').first()).toContainText(/\S{4,}/);
  });
});

/**
 * Records, from before the first script runs, every element of the page that leaves the document:
 * a hydration that keeps the server's DOM removes none.
 */
async function watchRemovals(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { __removed: string[] }).__removed = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && node.closest('body') === null && record.target instanceof Element && record.target.closest('#root')) {
            removed.push(`${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}: ${(node.textContent ?? '').slice(0, 40)}`);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test.describe('hydration', () => {
  test('keeps every node the server drew, with no hydration error, on every public page and signed in', async ({ page, world }) => {
    await world.reset('default');
    const problems: string[] = [];
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && !/status of 404/.test(message.text())) problems.push(`${page.url()}: ${message.text().slice(0, 200)}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    await watchRemovals(page);
    const check = async (path: string, shows: string | RegExp) => {
      await page.goto(path);
      // Hydrated: React has taken the root over.
      await expect.poll(() => isHydrated(page)).toBe(true);
      await expect(page.getByText(shows).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __removed: string[] }).__removed), `${path}: nodes the hydration replaced`).toEqual([]);
    };
    for (const [path, shows] of PUBLIC) await check(path, shows);
    await world.signInAs(page, 'gaoyan', '/');
    for (const path of ['/personal/myOrder', '/personal/contacts', '/personal/systemMessages']) await check(path, '高燕');
    expect(problems).toEqual([]);
  });
});

test('each public page has its own title and description', async ({ page, world }) => {
  await world.reset('default');
  const seen = new Map<string, string>();
  for (const [path] of PUBLIC) {
    const response = await page.request.get(path);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(title, `${path}: a title in the server's HTML`).toMatch(/少年儿童活动中心/);
    expect(description, `${path}: a description`).not.toBe('');
    expect(seen.get(title), `${path} has the title of ${seen.get(title)}`).toBeUndefined();
    seen.set(title, path);
  }
});

test('a class page tells search engines what the class is: schema.org Course, its schedule, fee and places', async ({ request, world }) => {
  await world.reset('default');
  // The class as the backend answers it: its fee in yuan on the wire (the app reads it in fen, decision 019).
  const answer = (await (await request.get(`${API_BASE_PATH}${buildPath(operations.class_detail.path, { id: 1 })}`, { headers: { 'X-Mock-World': world.name } })).json()) as {
    data: { name: string; fee: number; session_count: number };
  };
  const klass = answer.data;
  const html = await (await request.get('/details?id=1')).text();
  type Course = { '@type': string; name: string; offers: { price: string; priceCurrency: string; availability: string }; hasCourseInstance: { courseSchedule: { repeatCount: number } } };
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Course);
  expect(blocks).toHaveLength(1);
  const course = blocks[0]!;
  expect(course['@type']).toBe('Course');
  expect(course.name).toBe(klass.name);
  expect(course.offers.price).toBe(klass.fee.toFixed(2));
  expect(course.offers.priceCurrency).toBe('CNY');
  expect(course.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
  expect(course.hasCourseInstance.courseSchedule.repeatCount).toBe(klass.session_count);
  expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toContain(klass.name);
});

/**
 * A document as a browser receives it, compressed: when (ms after asking) the head's styles could
 * be read from what had arrived, and when the last byte came.
 */
function compressedTiming(url: URL, acceptEncoding: string, world: string): Promise<{ encoding: string; head: number; end: number; html: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { 'Accept-Encoding': acceptEncoding, Cookie: `${MOCK_WORLD_COOKIE}=${world}` } }, (response) => {
      const encoding = response.headers['content-encoding'] ?? 'identity';
      const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : encoding === 'gzip' ? zlib.createGunzip() : null;
      if (!decoder) return reject(new Error(`${url.pathname}: not compressed (${encoding})`));
      let html = '';
      let head = Number.NaN;
      decoder.on('data', (chunk: Buffer) => {
        html += chunk.toString('utf8');
        if (Number.isNaN(head) && html.includes('<link rel="stylesheet"')) head = performance.now() - started;
      });
      decoder.on('end', () => resolve({ encoding, head, end: performance.now() - started, html }));
      decoder.on('error', reject);
      response.pipe(decoder);
    });
    request.on('error', reject);
  });
}

test('a compressed document streams its head before a slow backend answers (br and gzip)', async ({ request, world, baseURL }) => {
  await world.reset('default');
  const slow = await request.fetch('/__mock/settings', { method: 'POST', headers: { [MOCK_WORLD_HEADER]: world.name }, data: { latency_ms: [500, 500] } });
  expect(slow.ok()).toBe(true);
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    // A fresh address each time: nginx's few-second cache of signed-out pages never answers.
    const url = new URL(`/details?id=1&slow=${encoding}-${Date.now()}`, baseURL);
    const timing = await compressedTiming(url, acceptEncoding, world.name);
    expect(timing.encoding, acceptEncoding).toBe(encoding);
    // The backend was slow (each call 500 ms): the page itself came after it...
    expect(timing.end, `${encoding}: the last byte`).toBeGreaterThanOrEqual(500);
    expect(timing.html, `${encoding}: the page's data`).toContain('课程详情');
    // ...and the head (its styles; signed out, the scripts come after the page: decision 070) came before its first answer.
    expect(timing.head, `${encoding}: the head`).toBeLessThan(500);
  }
});

/** When the page's scripts were asked for, against its load event (ms since the navigation). */
async function scriptTiming(page: Page): Promise<{ load: number; scripts: number[] }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { load: navigation!.loadEventStart, scripts };
  });
}

test('signed out, a page asks for its scripts once it has loaded; signed in, with its head (decision 070)', async ({ page, world }) => {
  await world.reset('default');
  const hydrated = () => waitForHydration(page);
  await page.goto('/patriarchFAQ');
  await hydrated();
  const signedOut = await scriptTiming(page);
  expect(signedOut.scripts.length).toBeGreaterThan(3);
  for (const start of signedOut.scripts) expect(start, 'a script asked for before the page had loaded').toBeGreaterThanOrEqual(signedOut.load);
  await world.signInAs(page, 'gaoyan', '/patriarchFAQ');
  await page.reload();
  await hydrated();
  const signedIn = await scriptTiming(page);
  expect(Math.min(...signedIn.scripts), 'signed in: the scripts come with the head, before the load').toBeLessThan(signedIn.load);
});
