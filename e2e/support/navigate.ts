/**
 * Opening a route without loading a document, as the app's own links do.
 *
 * A `page.goto` loads the document again: the app's script, the mock's worker and its whole saved
 * world are read again before the page shows anything (about three times a router navigation on
 * this machine kind, decision 048). Walks that only need to see each route (the accessibility
 * walk) move the router instead: the address is pushed and the router told (a `popstate`, which
 * React Router's browser history listens to), exactly what the back and forward buttons do.
 */
import type { Page } from '@playwright/test';

/** The app is on the page (not the mock's login page, not a blank or foreign document). */
function showsTheApp(page: Page): Promise<boolean> {
  return page.evaluate(() => !location.pathname.startsWith('/__mock/') && (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

/**
 * Opens `path` in the app already on the page, or loads it when the app is not there yet, the
 * path is the current one (a route the router would keep mounted) or the mock's own (its login
 * page is a document of its own). Resolves once the route that was showing has gone: every page
 * has one level-1 heading (page-frame.tsx), so the heading that was there is marked with its text
 * and the next one must be another element or say another thing. Two routes in a row with the same heading are a mistake of the walk and time out.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const target = new URL(path, page.url());
  const current = new URL(page.url());
  const routed = target.origin === current.origin && !target.pathname.startsWith('/__mock/') && target.pathname !== current.pathname;
  if (!routed || !(await showsTheApp(page))) {
    await page.goto(path);
    return;
  }
  await page.evaluate((href) => {
    for (const heading of document.querySelectorAll('h1')) heading.dataset.e2eLeft = heading.textContent ?? '';
    history.pushState(null, '', href);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, target.href);
  await page.waitForFunction(() => [...document.querySelectorAll('h1')].some((heading) => heading.dataset.e2eLeft !== heading.textContent), undefined, { polling: 50 });
}
