/**
 * How many files a page's first load asks for (decision 042). Each one is a request and, for what
 * a page's chunk needs, a <link> that Vite's preload helper appends on the main thread during the
 * first render (~3–5 ms each at 4x CPU slowdown, measured). The components most pages use come
 * in one shared chunk, so a page asks for its own chunk, the shared one and few others.
 */
import { expect, test } from '../support/standalone.ts';
import type { Page } from '@playwright/test';

/** Before decision 042: 28–34 files on these pages; with the shared chunk: 22–25. */
const FILES_PER_FIRST_LOAD = 26;

async function filesOfFirstLoad(page: Page, path: string, ready: () => Promise<void>): Promise<string[]> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) files.add(pathname);
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  return [...files];
}

for (const [path, heading] of [
  ['/', '即将开始报名'],
  ['/details?id=1', null],
  ['/searchHome', null],
  ['/patriarchFAQ', null],
  ['/apply', null],
] as const) {
  test(`${path}: the first load asks for at most ${FILES_PER_FIRST_LOAD} files`, async ({ page, world }) => {
    await world.reset('default');
    const files = await filesOfFirstLoad(page, path, async () => {
      await expect(heading ? page.getByRole('heading', { name: heading }) : page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(FILES_PER_FIRST_LOAD);
  });
}

test('a signed-in page: the first load asks for at most as many files', async ({ page, world, mock }) => {
  await world.reset('default');
  const files = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) files.add(pathname);
  });
  await mock.signInAs(page, 'gaoyan', '/personal/myOrder');
  await expect(page.getByRole('heading', { name: '我的订单' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(files.size, [...files].join('\n')).toBeLessThanOrEqual(FILES_PER_FIRST_LOAD);
});

/**
 * Every page's first data comes through the contract (zod and the shared schemas, loaded with the
 * first call, decision 026). The document asks for those chunks beside the entry, so they arrive
 * with it instead of one round trip after it (decision 045); they still run only at the first call.
 */
test('the document asks for the contract and zod beside the entry', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(preloaded, html).toContainEqual(expect.stringMatching(/^\/assets\/contract-[\w-]+\.js$/));
  expect(preloaded, html).toContainEqual(expect.stringMatching(/^\/assets\/zod-[\w-]+\.js$/));
});
