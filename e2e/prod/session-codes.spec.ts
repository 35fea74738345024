/**
 * Spec §8 on a first load, as deployed (issue 39, item 3; decision 074): a code from personal_data
 * (asked before the document starts) or from a page's own call (asked while it is drawn) ends as §8
 * says once the page is in the browser, and no redirect points at the address it came from (before
 * this, 200216, 104010 and 89994 from personal_data made `302 → /` on `/` itself, forever).
 * src/server/session-codes.test.ts holds each code at the server, src/app/server-failures.test.ts
 * each in the hydration; this runs them through nginx, the document server and a browser.
 */
import type { Page } from '@playwright/test';
import { errorCodes, type ErrorCodeName } from '#contract/index';
import { expect, test, type WorldDriver } from '../support/standalone.ts';

function fault(world: WorldDriver, operation: string, name: ErrorCodeName, times = 1) {
  return world.faults([{ operation, status: errorCodes[name].http, error_code: errorCodes[name].code, msg: errorCodes[name].message, times }]);
}

/** The documents the browser asked for, by path and search. */
function documents(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') asked.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  return asked;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: '通知' }).getByRole('alert').filter({ hasText: text });

test('each §8 code on a first load does what §8 says, and never loops', async ({ page, world }) => {
  await world.reset('default');
  await page.goto('/');
  await world.signInAs(page, 'gaoyan', '/');
  await expect(page.getByRole('button', { name: /高燕/ })).toBeVisible();
  const asked = documents(page);

  // 89994 from personal_data on the home page: the home page, once, and not a word.
  await fault(world, 'personal_data', 'silentHome');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '少年儿童活动中心报名服务平台', level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  expect(asked).toEqual(['/']);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // 200216 from personal_data elsewhere: one redirect home, where the browser says the msg.
  asked.length = 0;
  await fault(world, 'personal_data', 'accountUnavailable', 2);
  await page.goto('/personal/myOrder');
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, errorCodes.accountUnavailable.message)).toBeVisible();
  expect(asked).toEqual(['/personal/myOrder', '/']);

  // 104010 from the page's own call: drawn with its error, then home with the msg.
  await fault(world, 'order_list', 'forbidden');
  await page.goto('/personal/myOrder');
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, errorCodes.forbidden.message)).toBeVisible();
  await expect(page.getByRole('heading', { name: '少年儿童活动中心报名服务平台', level: 1 })).toBeVisible();

  // 99993 from the page's own call: the orders drawn, and the browser holds the renewed token.
  await fault(world, 'order_list', 'tokenExpired');
  await page.goto('/personal/myOrder');
  await expect(page.getByRole('table', { name: '订单列表' })).toBeVisible();
  const { tables } = await world.state();
  const session = (tables as unknown as { sessions: { client_id: string; access_token: string; revoked: boolean }[] }).sessions.find((s) => !s.revoked)!;
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'access_token')?.value).toBe(session.access_token);

  // 99994 from the page's own call: the cookies cleared, and the account service's login.
  await fault(world, 'order_list', 'sessionReplaced');
  await page.goto('/personal/myOrder');
  await expect(page).toHaveURL(/\/__mock\/account\/login\?service=/);
  expect((await page.context().cookies()).find((c) => c.name === 'client_id')).toBeUndefined();
});
