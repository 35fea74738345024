/**
 * The portal as deployed (npm run serve:prod: the real build behind nginx with deploy/nginx, the
 * standalone mock as backend), each test in a world of its own: a parent signs in, signs a child
 * up, pays, and sees the result pushed by the payment websocket, or learned by polling when the
 * socket is down. Any Content-Security-Policy violation fails the test (support/standalone.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test, type WorldDriver } from '../support/standalone.ts';

const CLASS = '寒假科学探索营';

async function signUpAndOrder(page: Page, world: WorldDriver) {
  await world.reset('family');
  const { tables } = await world.state();
  const parent = tables.parents.find((p) => p.username === 'zhangwei')!;
  const [older] = tables.contacts.filter((c) => c.parent_id === parent.id && !c.deleted).sort((a, b) => a.birth_date.localeCompare(b.birth_date));

  await page.goto('/');
  await world.signInAs(page, 'zhangwei', '/');
  await expect(page.getByRole('button', { name: /张伟/ })).toBeVisible();
  // The header's child selector, as a parent chooses first (the page reloads on a change).
  await page.getByRole('button', { name: '请选择宝宝' }).click();
  await page.getByRole('radiogroup', { name: '选择宝宝' }).getByText(older!.name).click();
  await expect(page.getByRole('button', { name: new RegExp(older!.name) })).toBeVisible();
  await page.getByRole('searchbox', { name: '课程名称' }).fill('科学探索');
  await page.getByRole('searchbox', { name: '课程名称' }).press('Enter');
  await page.getByRole('link', { name: CLASS }).first().click();
  await expect(page).toHaveURL(/\/details\?id=\d+/);
  await page
    .getByRole('link', { name: '立即报名' })
    .or(page.getByRole('button', { name: '立即报名' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/appointment\?id=\d+/);
  await page.getByRole('radio', { name: new RegExp(older!.name) }).check();
  await page.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' }).check();
  await page.getByRole('button', { name: /^提交报名/ }).click();
  await expect(page).toHaveURL(/\/settlement\?signUpId=\d+/);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/collectMoney\?orderId=\d+/);
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

async function payAndSettle(page: Page, world: WorldDriver) {
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  const trade = await world.nextTrade();
  await world.settle(trade.trade_no, 'success');
}

test('a parent signs in, signs a child up and pays; the result is pushed by the payment websocket', async ({ page, world }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const orderId = await signUpAndOrder(page, world);
  await payAndSettle(page, world);
  await expect(page).toHaveURL(new RegExp(`/paymentResult\\?orderId=${orderId}`));
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  expect(sockets.some((url) => url.endsWith('/children_center/front/ws/pay'))).toBe(true);
  const { tables } = await world.state();
  const order = tables.orders.find((o) => o.id === orderId)!;
  expect(order.status).toBe(2);
  // The calls behind it, from the world's request journal: one order for the sign-up, one payment of it.
  expect(await world.verifyRequests({ operation: 'place_order', body: { sign_up_id: order.sign_up_id }, status: 200, count: 1 })).toMatchObject({ ok: true });
  expect(await world.verifyRequests({ operation: 'pay_sign_up', body: { order_id: orderId, pay_type: 1 }, status: 200, count: 1 })).toMatchObject({ ok: true });
  const { requests } = await world.requests({ operation: 'pay_sign_up' });
  expect(requests[0]!.headers).toMatchObject({ client_id: expect.any(String), authorization: expect.stringMatching(/\*\*\*$/) });
});

test('with the payment websocket down, the page learns the result by polling', async ({ page, world }) => {
  await page.routeWebSocket(/\/children_center\/front\/ws\/pay$/, (socket) => socket.close({ code: 1011, reason: 'down' }));
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/(get_pay_status|query_order_pay_status)/.test(request.url())) asked.push(request.url());
  });
  const orderId = await signUpAndOrder(page, world);
  await payAndSettle(page, world);
  await expect(page).toHaveURL(new RegExp(`/paymentResult\\?orderId=${orderId}`));
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
});

test('two tests, two worlds: what one does is not in the other', async ({ world, request }) => {
  await world.reset('unpaid-order');
  await world.clock({ now: '2027-03-01T10:00:00+08:00' });
  const mine = await world.state();
  const other = await request.get('/__mock/state', { headers: { 'x-mock-world': `${world.name}-other` } });
  const theirs = (await other.json()) as { now: string; scenario: { name: string } };
  expect(mine.now.startsWith('2027-03-01T10:0')).toBe(true);
  expect(theirs.now.startsWith('2027-03-01')).toBe(false);
  await request.delete(`/__mock/worlds/${world.name}-other`, { headers: { 'x-mock-world': `${world.name}-other` } });
});
