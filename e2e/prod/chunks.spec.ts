/**
 * How many files a page's first load asks for (decision 042). Each one is a request and, for what
 * a page's chunk needs, a <link> that Vite's preload helper appends on the main thread during the
 * first render (~3–5 ms each at 4x CPU slowdown, measured). The components most pages use come
 * in one shared chunk, so a page asks for its own chunk, the shared one and few others.
 */
import { afterLoadList, expect, test } from '../support/standalone.ts';
import type { Page } from '@playwright/test';

/** Before decision 042: 28–34 files on these pages; with the shared chunk: 22–25. */
const FILES_PER_FIRST_LOAD = 26;
/**
 * The reporter of parents' own figures (decision 083): one chunk with web-vitals, imported when the
 * browser is idle after the app has started, so neither a request nor a link of the first render.
 * Counted apart: there is one at most.
 */
const REPORTER = /^\/assets\/field-reports-[\w-]+\.js$/;
/** A first load's files: the page's own, and the reporter's apart. */
function firstLoad(files: Iterable<string>): string[] {
  const all = [...files];
  expect(all.filter((file) => REPORTER.test(file)).length, 'the reporter, one chunk').toBeLessThanOrEqual(1);
  return all.filter((file) => !REPORTER.test(file));
}

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
    expect(firstLoad(files).length, files.join('\n')).toBeLessThanOrEqual(FILES_PER_FIRST_LOAD);
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
  expect(firstLoad(files).length, [...files].join('\n')).toBeLessThanOrEqual(FILES_PER_FIRST_LOAD);
});

/**
 * zod and the contract's schemas are no part of a page's start-up (decision 091, after 026): the
 * home page's document names neither, signed out (the list its scripts load from after the page,
 * 070) or signed in (its links in the head); they load with the first call or the form that checks
 * with them. A page whose start-up still imports them (a signed-in form: the password's) names
 * each once, as its own chunk, never the template (decision 045, superseded by 066).
 */
test('zod and the contract are not among the home page’s chunks; a form’s page names them once', async ({ page, world }) => {
  await world.reset('default');
  const chunks = [/\/assets\/contract-[\w-]+\.js/, /\/assets\/zod-[\w-]+\.js/];
  const signedOut = await (await page.request.get('/')).text();
  const list = afterLoadList(signedOut);
  const head = signedOut.slice(0, signedOut.indexOf('</head>'));
  expect(head, 'signed out: no script file in the head').not.toMatch(/<script[^>]*\ssrc=|modulepreload/);
  // Its scripts are inline and load nothing: the check for a cut-off page (decision 089) and the early taps' listener (085).
  expect(head.match(/<script>/g), 'signed out: two inline scripts in the head').toHaveLength(2);
  expect(list.length, 'signed out: the scripts after the page').toBeGreaterThan(0);
  await world.signInAs(page, 'gaoyan', '/');
  const signedIn = await (await page.request.get('/')).text();
  expect(afterLoadList(signedIn), 'signed in: the scripts from the head').toEqual([]);
  const links = [...signedIn.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  const form = await (await page.request.get('/personal/password')).text();
  const formLinks = [...form.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  for (const chunk of chunks) {
    expect(
      list.filter((file) => chunk.test(file)),
      signedOut,
    ).toEqual([]);
    expect(
      links.filter((link) => chunk.test(link)),
      signedIn,
    ).toEqual([]);
    const named = formLinks.filter((link) => chunk.test(link));
    expect(named, form).toHaveLength(1);
    expect(named[0], form).toContain('data-page');
  }
});
