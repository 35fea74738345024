/**
 * The enrolment journey on a phone (project `phone`: 390 × 844, touch; decision 050), by thumb:
 * a parent chooses a child in the header's selector, finds a class with the search box, signs the
 * child up, places the order and pays; another goes through the menu drawer to 我的订单 and asks
 * for a refund. Every page on the way fits the window (no sideways scrolling).
 */
import type { Page } from '@playwright/test';
import { LATENCY_MAX_MS } from '../mock-server/control/operations.ts';
import { expect, test, type MockDriver } from './support/mock.ts';
import { SIDEWAYS_WIDTHS, sidewaysScrolling } from './support/phone.ts';

/** The parent's children, oldest first (names vary with the seed). */
async function childrenOf(mock: MockDriver, username: string) {
  const { tables } = await mock.state();
  const parent = tables.parents.find((p) => p.username === username)!;
  return tables.contacts.filter((c) => c.parent_id === parent.id && !c.deleted).sort((a, b) => a.birth_date.localeCompare(b.birth_date));
}

/** The page fits the window: nothing to pan across. */
async function expectNoSidewaysScrolling(page: Page) {
  const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scrollWidth, `${new URL(page.url()).pathname} scrolls sideways`).toBeLessThanOrEqual(width);
}

test('on a phone a parent chooses a child, finds a class, signs up and pays', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei', path: '/' });
  const [older] = await childrenOf(mock, 'zhangwei');

  // The child selector in the top bar: a tap opens it, a tap on a name chooses and reloads.
  await page.getByRole('button', { name: '请选择宝宝' }).tap();
  await page.getByRole('radiogroup', { name: '选择宝宝' }).locator('label').filter({ hasText: older!.name }).tap();
  await expect(page.getByRole('button', { name: older!.name })).toBeVisible();
  await expectNoSidewaysScrolling(page);

  // The search box of the header, and a class of the results (one to a row).
  const search = page.getByRole('searchbox', { name: '课程名称' });
  await search.tap();
  await search.fill('科学探索');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/searchHome\?name=/);
  await expectNoSidewaysScrolling(page);
  // The conditions folded under their button take its height, not the desktop's 450px band.
  const fold = page.getByText('筛选条件', { exact: true });
  const [folded, button] = await Promise.all([page.getByRole('region', { name: '筛选条件' }).boundingBox(), fold.boundingBox()]);
  expect(folded!.height, 'the folded conditions leave no empty band').toBeLessThanOrEqual(button!.height + 24);
  await page.getByRole('link', { name: '寒假科学探索营' }).first().tap();
  await expect(page).toHaveURL(/\/details\?id=\d+/);
  await expectNoSidewaysScrolling(page);

  // Signing up: the child, the rules, the sign-up.
  await page
    .getByRole('link', { name: '立即报名' })
    .or(page.getByRole('button', { name: '立即报名' }))
    .first()
    .tap();
  await expect(page).toHaveURL(/\/appointment\?id=\d+/);
  await expectNoSidewaysScrolling(page);
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: new RegExp(older!.name) }) })
    .tap();
  await expect(page.getByRole('radio', { name: new RegExp(older!.name) })).toBeChecked();
  await page.locator('label').filter({ hasText: '我已阅读并同意《报名须知》' }).tap();
  await page.getByRole('button', { name: /^提交报名/ }).tap();
  await expect(page).toHaveURL(/\/settlement\?signUpId=\d+/);
  await expectNoSidewaysScrolling(page);
  await page.getByRole('button', { name: '提交订单' }).tap();

  // Paying: the cashier, the payment answered by the mock.
  await expect(page).toHaveURL(/\/collectMoney\?orderId=\d+/);
  await expectNoSidewaysScrolling(page);
  await page.getByRole('button', { name: '立即支付' }).tap();
  const trade = await mock.nextTrade();
  await expect(page.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  await mock.settle(trade.trade_no, 'success');
  await expect(page).toHaveURL(/\/paymentResult\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expectNoSidewaysScrolling(page);
});

test('on a phone a parent finds an order through the menus and asks for its refund', async ({ page, scenario }) => {
  await scenario('paid-refundable', { as: 'wangqiang', path: '/' });

  // 我的订单 through the user menu and the personal center's menu in the drawer.
  await page.getByRole('button', { name: /王强/ }).tap();
  await page.getByRole('menuitem', { name: '个人中心' }).tap();
  await expect(page).toHaveURL(/\/personal\/personalData/);
  await page.getByRole('button', { name: '菜单' }).tap();
  await page.getByRole('dialog', { name: '菜单' }).getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '我的订单' }).tap();
  await expect(page.getByRole('dialog', { name: '菜单' })).toBeHidden();
  await expect(page.getByRole('heading', { name: '我的订单', level: 1 })).toBeVisible();
  await expectNoSidewaysScrolling(page);

  // The order, a card; its refund: the amount first, a reason, the confirmation.
  const order = page.getByRole('row', { name: /^订单 / }).filter({ has: page.getByRole('link', { name: '少儿街舞寒假班', exact: true }) });
  await expect(order).toContainText('已支付');
  await order.getByRole('link', { name: '申请退费' }).tap();
  await expect(page).toHaveURL(/\/personal\/refundConfirm\?id=\d+/);
  await expect(page.getByRole('region', { name: '退费金额' }).getByTestId('refundable-amount')).toHaveText('¥1,100.00');
  await expectNoSidewaysScrolling(page);
  await page.getByRole('button', { name: '孩子时间安排冲突' }).tap();
  await page.getByRole('button', { name: '申请退费' }).tap();
  const dialog = page.getByRole('dialog', { name: '确认申请退费' });
  await expect(dialog).toContainText('本次将退还 ¥1,100.00');
  await dialog.getByRole('button', { name: '确认退费' }).tap();
  await expect(page).toHaveURL(/\/personal\/refundDetails\?id=\d+/);
  await expect(page.getByRole('region', { name: '退费概况' })).toContainText('退费申请中');
  await expectNoSidewaysScrolling(page);
});

/*
 * A slow phone shows a page's loading shape for seconds (CI's journey found the class page's 440 px
 * cover bone 465 px wide on a 390 px phone): each skeleton fits the window as its page does.
 */
test('while its data is on the way, each public page’s loading shape fits the window', async ({ page, scenario, mock }) => {
  await scenario('default');
  const [klass] = (await mock.state()).tables.classes;
  const pages: [string, string | RegExp][] = [
    ['/', '特色中心加载中'],
    ['/searchHome?name=寒假', '搜索结果加载中'],
    [`/details?id=${klass!.id}`, '正在加载班级信息'],
    ['/apply', /正在加载招生简章/],
    ['/payment', /正在加载缴费须知/],
    ['/patriarchFAQ', /正在加载问答/],
  ];
  const problems: string[] = [];
  for (const [path, label] of pages) {
    // Every answer held for the longest latency the mock takes: the page stays in its loading state.
    await scenario('default', { path, latency: [LATENCY_MAX_MS, LATENCY_MAX_MS] });
    await expect(page.getByRole('status', { name: label }).first()).toBeVisible();
    problems.push(...(await sidewaysScrolling(page, SIDEWAYS_WIDTHS)).map((p) => `${path} ${p}`));
  }
  expect(problems).toEqual([]);
});
