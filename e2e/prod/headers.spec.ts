/**
 * What nginx answers with deploy/nginx's configuration (npm run serve:prod): the security headers
 * of docs/decisions/017, caching by kind of file, compression, the pages of the app and 404s.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterLoadList, expect, test } from '../support/standalone.ts';

/** The page's own scripts, and inline scripts named by their hashes (src/server/document.test.ts checks which). */
const SCRIPT_SRC = /script-src 'self'( 'sha256-[\w+/]+=*')+;/;

/** The hashes a CSP allows scripts by. */
const allowedHashes = (csp: string) => [.../script-src ([^;]*);/.exec(csp)![1]!.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]!);
/** The hash of each inline script of a page that runs (no src; no type, or a script's: JSON and JSON-LD are data). */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="(?!module"|text\/javascript")[^"]*")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => createHash('sha256').update(m[1]!).digest('base64'));

test("every page answers with the security headers; a signed-out page may be kept seconds, a session's never", async ({ request }) => {
  for (const path of ['/', '/details?id=1', '/searchHome']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-type'], path).toMatch(/text\/html/);
    // nginx keeps a signed-out page 5 s (children-center/page.conf); a browser asks again each time.
    expect(headers['cache-control'], path).toBe('public, max-age=0, s-maxage=5');
    const csp = headers['content-security-policy']!;
    expect(csp, path).toMatch(/default-src 'self'/);
    // No inline script but the check that asks again for a cut-off document (decision 089), the early
    // taps' listener (085) and the loader of a signed-out page's scripts (070), by their hashes; no
    // eval; inline style attributes only (server-rendered sizes, decision 017).
    expect(csp).toMatch(SCRIPT_SRC);
    // Exactly the inline scripts the page carries, by their hashes, and no other (decision 085).
    expect(new Set(inlineHashes(await response.text())), path).toEqual(new Set(allowedHashes(csp)));
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toMatch(/unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // No <base> at all (ASVS 5 3.4.3): the portal has none, and an injected one is refused.
    expect(csp).toMatch(/base-uri 'none'/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
    // Plain HTTP here: HSTS only where the site is served over TLS (deploy/nginx/children-center.conf).
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers.server).toBe('nginx');
  }
  // A personal page asked for without a session: the guard's redirect, an HTTP one.
  const guarded = await request.get('/personal/myOrder', { maxRedirects: 0 });
  expect(guarded.status()).toBe(302);
  expect(guarded.headers().location).toBe('/');
  // A session the backend no longer knows (99994, spec §8): sent to sign in again, its cookies
  // cleared, by the server before any page; an answer for a session is kept nowhere.
  const stale = await request.get('/details?id=1', { headers: { Cookie: 'client_id=c-1; access_token=t-1' }, maxRedirects: 0 });
  expect(stale.status()).toBe(302);
  expect(stale.headers().location).toMatch(/\/__mock\/account\/login\?service=.*details/);
  expect(stale.headers()['cache-control']).toBe('private, no-store');
  expect(
    stale
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value),
  ).toContainEqual(expect.stringMatching(/^client_id=;/));
  expect(stale.headers()['content-security-policy']).toMatch(SCRIPT_SRC);
});

test('hashed assets are cached for a year and sent compressed; a missing one is a plain 404', async ({ request, page }) => {
  await page.goto('/');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\/.+\.js$/);
  const response = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-encoding']).toBe('gzip');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');

  // The real build keeps its source maps beside the chunks for error reports (vite.config.ts:
  // 'hidden'): no chunk names one, and nginx does not serve them.
  expect(existsSync(fileURLToPath(new URL(`../../dist${script}.map`, import.meta.url))), `dist${script}.map`).toBe(true);
  expect(await response.text()).not.toMatch(/sourceMappingURL/);
  expect((await request.get(`${script}.map`)).status()).toBe(404);

  const missing = await request.get('/assets/no-such-chunk.js');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toMatch(/id="root"/);
});

// serve:prod loads Debian's brotli module where it is installed, as production does (decision 041).
const brotliModule = existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');

test("browsers that take brotli get the build's .br files, the same bytes once decoded", async ({ request }) => {
  test.skip(!brotliModule, 'no libnginx-mod-http-brotli-static on this machine: serve:prod sends gzip only');
  // A page is made per request: the document server compresses it as it streams (decision 062).
  const html = await request.get('/details?id=1', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers().vary).toMatch(/Accept-Encoding/);
  // The entry: first in the list of scripts a signed-out page loads after it (decision 070).
  const script = afterLoadList(await html.text())[0]!;
  const [br, gzip] = await Promise.all(['br', 'gzip'].map((encoding) => request.get(script, { headers: { 'Accept-Encoding': encoding } })));
  expect(br!.headers()['content-encoding']).toBe('br');
  expect(gzip!.headers()['content-encoding']).toBe('gzip');
  expect(br!.headers().vary).toMatch(/Accept-Encoding/);
  expect(br!.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await br!.body()).equals(await gzip!.body())).toBe(true);
});

test('an address that is no page answers 404 with the app, which says so', async ({ request, page }) => {
  const response = await request.get('/no/such/page');
  expect(response.status()).toBe(404);
  expect(await response.text()).toMatch(/id="root"/);
  await page.goto('/no/such/page');
  await expect(
    page
      .getByText('This page could not be found')
      .or(page.getByText(/页面不存在|找不到/))
      .first(),
  ).toBeVisible();
});

test('the backend is proxied: calls under /children_center/front/api/ reach it', async ({ request, world }) => {
  await world.reset('family');
  const response = await request.get('/children_center/front/api/class_category', { headers: { 'x-mock-world': world.name } });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { error_code: number }).error_code).toBe(999999);
});
