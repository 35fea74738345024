/**
 * No tap lost (issue 41, decision 085): a tap on a control that needs script, before the page's
 * scripts have run, is taken (the control shows it is busy) and done once the page is hydrated,
 * as a tap after it would be; a double tap before it is done once. The test holds the page's
 * scripts back (page.route) so every tap lands before the hydration, whatever the machine's speed.
 */
import type { Page, Route } from '@playwright/test';
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM, MOCK_ACCOUNT_LOGIN_PATH, SERVICE_PARAM } from '#contract/index';
import { expect, isHydrated, test, waitForHydration } from '../support/standalone.ts';

/** Holds every script of the build until `release()`: the page is the server's HTML alone until then. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    /** Lets the scripts through; resolves once React has hydrated the page (its root carries React's container key). */
    async release({ untilHydrated = true } = {}) {
      released = true;
      for (const route of held.splice(0)) await route.continue();
      if (untilHydrated) await waitForHydration(page);
    },
    /** Whether the page has run none of its scripts yet. */
    async held() {
      return !(await isHydrated(page));
    },
  };
}

/** A class open for sign-up in the default world. */
let openClass = 0;
/** A hydration that met another page than the server's draws it again and loses what was typed: none may. */
let hydrationErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  hydrationErrors = [];
  page.on('console', (message) => void (message.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(message.text()) && hydrationErrors.push(message.text())));
});
test.afterEach(() => expect(hydrationErrors, 'hydration errors').toEqual([]));

test.beforeEach(async ({ world }) => {
  await world.reset('default');
  openClass = (await world.state()).tables.classes.find((c) => c.name === '寒假科学探索营')!.id;
});

test('an FAQ question tapped before the hydration opens once the page is hydrated', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/patriarchFAQ', { waitUntil: 'commit' });
  const question = page.getByRole('heading', { level: 3 }).first().getByRole('button');
  await question.click();
  expect(await scripts.held()).toBe(true);
  // Taken: the question says it is busy until the page can answer it.
  await expect(question).toHaveAttribute('aria-busy', 'true');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await scripts.release();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(question).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator(`#${await question.getAttribute('aria-controls')}`)).toBeVisible();
  // And a tap after it closes it: the early one was done once, not twice.
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'false');
});

test('the class page’s sign-up, tapped before the hydration by a signed-out visitor, leads to signing in', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto(`/details?id=${openClass}`, { waitUntil: 'commit' });
  const signUp = page
    .getByRole('main')
    .getByRole('button', { name: /立即报名|登录后报名/ })
    .or(page.getByRole('main').getByRole('link', { name: /立即报名|登录后报名/ }));
  await signUp.first().click();
  // A link goes as a link; a button waits for the page and then does what it does (the page goes).
  if (await scripts.held().catch(() => false)) await scripts.release({ untilHydrated: false });
  await page.waitForURL((url) => url.pathname === MOCK_ACCOUNT_LOGIN_PATH);
  await expect(page.getByText('统一身份认证')).toBeVisible();
});

test('登录/注册 before the hydration is a link: one sign-in through the account service, back on the page it left, signed in', async ({ page }) => {
  const scripts = await holdScripts(page);
  const from = `/patriarchFAQ?keyword=${encodeURIComponent('报名')}`;
  await page.goto(from, { waitUntil: 'commit' });
  await page.getByRole('link', { name: '登录/注册' }).click();
  // The document server started the sign-in (decision 090): no script of the page had run.
  await page.waitForURL((url) => url.pathname === MOCK_ACCOUNT_LOGIN_PATH);
  const service = new URL(new URL(page.url()).searchParams.get(SERVICE_PARAM)!);
  const state = service.searchParams.get(LOGIN_STATE_PARAM);
  const cookie = (await page.context().cookies()).find((c) => c.name === LOGIN_STATE_COOKIE);
  expect(cookie?.value, 'the state in the address is the cookie’s').toBe(state);
  service.searchParams.delete(LOGIN_STATE_PARAM);
  expect(`${service.pathname}${service.search}`).toBe(from);
  // The page it came back to runs its scripts: they take the ticket.
  await scripts.release({ untilHydrated: false });
  await page.locator('button[name="username"][value="gaoyan"]').click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === from);
  await expect(page.getByRole('button', { name: /高燕/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '登录/注册' })).toHaveCount(0);
});

test('a favourite’s heart tapped twice before the hydration adds the class once, and says so', async ({ page, world }) => {
  await world.signInAs(page, 'gaoyan', '/');
  const scripts = await holdScripts(page);
  const before = (await world.requests({ limit: 1 })).requests.at(-1)?.id ?? 0;
  await page.goto(`/details?id=${openClass}`, { waitUntil: 'commit' });
  const heart = page.getByRole('button', { name: '收藏本班' });
  await heart.click();
  await heart.click();
  expect(await scripts.held()).toBe(true);
  await expect(heart).toHaveAttribute('aria-busy', 'true');
  await scripts.release();
  await expect(page.getByRole('button', { name: '已收藏本班' })).toBeVisible();
  await expect(page.getByText('收藏成功')).toBeVisible();
  const added = await world.requests({ operation: 'add_my_collection', after_id: before });
  expect(added.matched, 'add_my_collection calls').toBe(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu button tapped before the hydration opens the menu with the categories', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/searchHome', { waitUntil: 'commit' });
    const menu = page.getByRole('banner').getByRole('button', { name: '菜单' });
    await menu.tap();
    expect(await scripts.held()).toBe(true);
    await expect(menu).toHaveAttribute('aria-busy', 'true');
    await scripts.release();
    const drawer = page.getByRole('dialog', { name: '菜单' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: '课程分类' })).toBeVisible();
  });
});

test('a form that needs script, filled and submitted twice before the hydration, is sent once with what was typed', async ({ page, world }) => {
  await world.signInAs(page, 'gaoyan', '/');
  const scripts = await holdScripts(page);
  const before = (await world.requests({ limit: 1 })).requests.at(-1)?.id ?? 0;
  await page.goto('/feedback', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: '意见反馈' });
  const send = form.getByRole('button', { name: '提交反馈' });
  await send.waitFor();
  const content = '报名页面在手机上很好用，希望增加更多周末的课程。';
  await form.getByRole('radiogroup').getByRole('radio').first().check();
  await form.getByRole('textbox', { name: '问题描述' }).fill(content);
  await send.click();
  await send.click();
  expect(await scripts.held()).toBe(true);
  await expect(send).toHaveAttribute('aria-busy', 'true');
  await scripts.release();
  const sent = async () => (await world.requests({ operation: 'opinion_feedback', after_id: before })).requests;
  await expect.poll(async () => (await sent()).length).toBe(1);
  expect(JSON.stringify((await sent())[0]!.body)).toContain(content);
  // Sent once: the thanks replace the form (nothing left to send again), and one call was made.
  await expect(page.getByRole('heading', { name: '感谢您的反馈' })).toBeVisible();
  await expect(form).toBeHidden();
  expect(await sent()).toHaveLength(1);
});
