/**
 * A page its server died sending (decision 089): nginx cannot ask the other server for a page whose
 * head has gone out, so the browser gets the head and part of the page, without its end. The head's
 * first script sees the end missing and asks once more, before the entry hydrates what is about to
 * be replaced; a page cut again stays as it came (never a loop). Here the cut is made by the test:
 * the real document, through nginx with its CSP, sent up to part of the page.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test, waitForHydration } from '../support/standalone.ts';

const PATH = '/patriarchFAQ';

/** Serves PATH's real document, the first `cuts` times cut off within the page; answers how many were asked for. */
async function cutting(page: Page, cuts: number): Promise<() => number> {
  let asked = 0;
  await page.route(
    (url) => url.pathname === PATH,
    async (route: Route) => {
      asked += 1;
      const response = await route.fetch();
      const html = await response.text();
      // What arrives when the server dies mid-answer: the head and the first part of the page.
      const body = asked <= cuts ? html.slice(0, html.indexOf('<div id="root">') + 400) : html;
      await route.fulfill({ response, body });
    },
  );
  return () => asked;
}

test('a page that arrived cut off asks for itself once more, and the whole page hydrates', async ({ page, world }) => {
  await world.reset('default');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  const asked = await cutting(page, 1);
  await page.goto(PATH);
  await expect.poll(asked).toBe(2);
  await expect(page.locator('#document-end')).toBeAttached();
  await expect(page.getByRole('heading', { name: '家长问答', level: 1 })).toBeVisible();
  // The scripts come at the first touch or after the load (decision 070); the page is React's once hydrated.
  await page.mouse.move(10, 10);
  await waitForHydration(page);
  expect(await page.evaluate(() => [document.documentElement.hasAttribute('data-cut'), sessionStorage.getItem('document-cut')])).toEqual([false, null]);
  expect(errors).toEqual([]);
});

test('a page cut off again stays as it came: asked for twice, never more', async ({ page, world }) => {
  await world.reset('default');
  const asked = await cutting(page, 2);
  await page.goto(PATH);
  await expect.poll(asked).toBe(2);
  // The second copy, cut too, has loaded and is left alone: what arrived is on screen, nothing asks again.
  await page.waitForFunction(() => document.readyState === 'complete' && !document.getElementById('document-end'));
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await page.evaluate(() => sessionStorage.getItem('document-cut'))).toBe('/patriarchFAQ');
  // A later visit whose document comes whole forgets it.
  await page.unrouteAll();
  await page.reload();
  await expect(page.locator('#document-end')).toBeAttached();
  expect(await page.evaluate(() => sessionStorage.getItem('document-cut'))).toBeNull();
  expect(asked()).toBe(2);
});
