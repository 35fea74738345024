/**
 * The scripts every page starts with ask Chrome to compile them while they stream in, off the
 * main thread (decision 039), and so do zod and the contract's schemas, which the first call loads
 * (decisions 026, 091); a page's own chunk, loaded only on that page, does not.
 */
import { afterLoadList, expect, test } from '../support/standalone.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';

test('the start-up chunks carry the compile hint, the page chunks do not', async ({ page, request }) => {
  const html = await (await request.get('/details?id=1')).text();
  // What every page starts with: the entry and its preloads, the first of the list a signed-out
  // page loads its scripts from (decision 070); the page's own chunks follow them.
  const startUp = afterLoadList(html).slice(
    0,
    afterLoadList(html).findIndex((file) => /\/class-details-/.test(file)),
  );
  expect(startUp.length).toBeGreaterThan(1);

  const loaded: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) loaded.push(pathname);
  });
  await page.goto('/details?id=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // zod and the contract's schemas load with the first call, not with the page (decision 091): the
  // page may never ask for them, so they are found where the entry names them for its import().
  const texts = await Promise.all(startUp.map(async (script) => (await request.get(script)).text()));
  // Vite's table of an import()'s files names them from the site's root: "assets/zod-….js".
  const named = (chunk: RegExp) =>
    texts
      .map((text) => chunk.exec(text)?.[0])
      .find(Boolean)
      ?.replace(/^\/?/, '/');
  const zod = named(/\/?assets\/zod-[\w-]+\.js/);
  const contract = named(/\/?assets\/contract-[\w-]+\.js/);
  const details = loaded.find((p) => /\/class-details-[^/]+\.js$/.test(p));
  expect([zod, contract, details]).not.toContain(undefined);

  for (const script of [...startUp, zod!, contract!]) {
    expect((await (await request.get(script)).text()).startsWith(HINT), script).toBe(true);
  }
  expect((await (await request.get(details!)).text()).startsWith(HINT), details).toBe(false);
});
