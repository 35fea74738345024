/**
 * The enrolment journeys of the 'Browse, enrol and pay' issue, each from a named scenario, on the
 * demo build with the mock in the browser.
 */
import type { Page } from '@playwright/test';
import { expect, test, type MockDriver } from './support/mock.ts';
import { openInApp } from './support/navigate.ts';

async function classIdNamed(mock: MockDriver, name: string): Promise<number> {
  const { tables } = await mock.state();
  const klass = tables.classes.find((c) => c.name === name);
  if (!klass) throw new Error(`no class named ${name}`);
  return klass.id;
}

/** The parent's children, oldest first (scenario names vary with the seed). */
async function childrenOf(mock: MockDriver, username: string) {
  const { tables } = await mock.state();
  const parent = tables.parents.find((p) => p.username === username)!;
  return tables.contacts.filter((c) => c.parent_id === parent.id && !c.deleted).sort((a, b) => a.birth_date.localeCompare(b.birth_date));
}

/** Chooses the child in the header's selector (cookie contact_id), as a parent does first. */
async function chooseChild(page: Page, contactId: number) {
  await page.context().addCookies([{ name: 'contact_id', value: String(contactId), url: page.url() }]);
  await page.reload();
}

const signUpAction = (page: Page) =>
  page
    .getByRole('link', { name: '立即报名' })
    .or(page.getByRole('button', { name: '立即报名' }))
    .first();

async function payAndSettle(page: Page, mock: MockDriver, outcome: 'success' | 'fail') {
  await page
    .getByRole('button', { name: /^(立即支付|重新支付)$/ })
    .first()
    .click();
  const trade = await mock.nextTrade();
  await expect(page.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  await mock.settle(trade.trade_no, outcome);
}

test('a parent finds a class, signs a child up, places the order and pays', async ({ page, scenario, signInAs, mock }) => {
  await scenario('family');
  await signInAs('zhangwei', '/');
  const [older] = await childrenOf(mock, 'zhangwei');
  await chooseChild(page, older!.id);
  await page.getByRole('searchbox', { name: '课程名称' }).fill('科学探索');
  await page.getByRole('searchbox', { name: '课程名称' }).press('Enter');
  await expect(page).toHaveURL(/\/searchHome\?name=/);
  await page.getByRole('link', { name: '寒假科学探索营' }).first().click();
  await expect(page).toHaveURL(/\/details\?id=\d+/);
  await signUpAction(page).click();
  await expect(page).toHaveURL(/\/appointment\?id=\d+/);
  await page.getByRole('radio', { name: new RegExp(older!.name) }).check();
  await page.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' }).check();
  await page.getByRole('button', { name: /^提交报名/ }).click();
  await expect(page).toHaveURL(/\/settlement\?signUpId=\d+/);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/collectMoney\?orderId=\d+/);
  await payAndSettle(page, mock, 'success');
  await expect(page).toHaveURL(/\/paymentResult\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  const { tables } = await mock.state();
  const parent = tables.parents.find((p) => p.username === 'zhangwei')!;
  const paid = tables.orders.filter((o) => o.parent_id === parent.id && o.status === 2);
  expect(paid).toHaveLength(1);
  // What the pages asked, from the mock's request journal, kept across the reload of the child's choice.
  expect(await mock.verifyRequests({ operation: 'st_validate', count: 1 })).toMatchObject({ ok: true });
  const signUp = await mock.verifyRequests({ operation: 'sign_up', body: { class_id: paid[0]!.class_id, contact_id: older!.id }, status: 200, count: 1 });
  expect(signUp).toMatchObject({ ok: true });
  expect(await mock.verifyRequests({ operation: 'pay_sign_up', body: { order_id: paid[0]!.id }, count: 1 })).toMatchObject({ ok: true });
  const { requests } = await mock.requests({ operation: 'search_by_screening_conditions' });
  expect(requests.at(-1)!.query).toMatchObject({ name: '科学探索' });
});

test('a payment that fails can be paid again and then succeeds', async ({ page, scenario, mock }) => {
  await scenario('unpaid-order', { as: 'lina' });
  const { tables } = await mock.state();
  const order = tables.orders.find((o) => o.status === 1)!;
  await openInApp(page, `/collectMoney?orderId=${order.id}`);
  await payAndSettle(page, mock, 'fail');
  await expect(page.getByText(/失败/).first()).toBeVisible();
  await payAndSettle(page, mock, 'success');
  await expect(page).toHaveURL(/\/paymentResult\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
});

test('a parent pays, the answer is lost on its way back, and she finds the order paid rather than paying twice', async ({ page, scenario, mock }) => {
  await scenario('unpaid-order', { as: 'lina' });
  const order = (await mock.state()).tables.orders.find((o) => o.status === 1)!;
  // The backend opens the trade and the payment goes through at once; the answer never reaches the page.
  await mock.settings({ auto_pay: { outcome: 'success', after_ms: 0 } });
  await mock.faults({ operation: 'pay_sign_up', network: 'lost_answer' });
  await openInApp(page, `/collectMoney?orderId=${order.id}`);
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByText('未能发起支付')).toBeVisible();
  await page.getByRole('button', { name: '重新发起支付' }).click();
  await expect(page).toHaveURL(/\/paymentResult\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  // One trade paid the order; asked again, the backend said so (300202) instead of taking money twice.
  expect((await mock.state()).tables.trades.filter((t) => t.order_id === order.id).map((t) => t.status)).toEqual([2]);
  const { requests } = await mock.requests({ operation: 'pay_sign_up' });
  expect(requests.map((r) => [r.network ?? null, (r.response as { error_code: number }).error_code])).toEqual([
    ['lost_answer', 999999],
    [null, 300202],
  ]);
});

test('a time conflict is refused with a clear message', async ({ page, scenario, mock }) => {
  await scenario('time-conflict', { as: 'zhenghao' });
  const id = await classIdNamed(mock, '寒假科学探索营');
  await openInApp(page, `/appointment?id=${id}`);
  // The conflict is named before anything is sent, and the sign-up cannot be submitted.
  await expect(page.getByText(/寒假儿童水彩画营/).first()).toBeVisible();
  await expect(page.getByText(/冲突/).first()).toBeVisible();
  await page.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' }).check();
  await expect(page.getByRole('button', { name: /^提交报名/ })).toBeDisabled();
  const { tables } = await mock.state();
  expect(tables.signUps.filter((u) => u.class_id === id)).toHaveLength(0);
});

test('a flash sale cannot be joined before it opens, and can once the clock reaches it', async ({ page, scenario, mock }) => {
  await scenario('flash-sale-soon', { as: 'sunli' });
  const id = await classIdNamed(mock, '寒假Scratch编程营（秒杀）');
  const [child] = await childrenOf(mock, 'sunli');
  await page.context().addCookies([{ name: 'contact_id', value: String(child!.id), url: page.url() }]);
  await page.goto(`/details?id=${id}`);
  await expect(page.getByRole('button', { name: '等待开抢' })).toBeDisabled();
  await mock.setNow('2026-12-05T10:00:05+08:00');
  await page.reload();
  await expect(signUpAction(page)).toBeEnabled();
  await signUpAction(page).click();
  await expect(page).toHaveURL(/\/appointment\?id=\d+/);
});

test('a lottery class ends in a pending sign-up that says what happens next', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei' });
  const id = await classIdNamed(mock, '钢琴精品小班（春季）');
  await openInApp(page, `/appointment?id=${id}`);
  const [older] = await childrenOf(mock, 'zhangwei');
  await page.getByRole('radio', { name: new RegExp(older!.name) }).check();
  await page.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' }).check();
  await page.getByRole('button', { name: '提交报名，参加摇号' }).click();
  await expect(page.getByRole('heading', { name: '报名已提交，等待摇号' })).toBeVisible();
  await expect(page.getByRole('link', { name: '查看报名记录' })).toBeVisible();
});

test('a full class is refused', async ({ page, scenario, mock }) => {
  await scenario('full-class', { as: 'wujing' });
  const id = await classIdNamed(mock, '寒假机器人营（上午班）');
  await openInApp(page, `/details?id=${id}`);
  await expect(page.getByRole('button', { name: '名额已满' })).toBeDisabled();
  await openInApp(page, `/appointment?id=${id}`);
  await page.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' }).check();
  await page.getByRole('button', { name: /^提交报名/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '名额已满' }).first()).toBeVisible();
});
