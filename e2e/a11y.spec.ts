/**
 * Accessibility of every route (src/app/router.tsx), signed out and signed in, and of the states a
 * parent meets on the way: dialogs open, forms showing their errors, empty lists, open menus, the
 * mock login page. axe-core runs the WCAG 2.0/2.1/2.2 A and AA rules on each; any serious or
 * critical violation fails the test, named with its rule, the elements and axe's reason.
 *
 * One browser context per state (signed out, a parent with everything, a parent with nothing yet,
 * the paying parents), opened once by the describe's beforeAll and kept across its tests: each test
 * checks a few pages of that state, so the spec costs four scenario loads. Every check prints one
 * line (`a11y  <state>  ok|FAIL  …`): the list is the report of what was checked.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, MockDriver, openScenario, signIn, test } from './support/mock.ts';

/** WCAG 2.2 level A and AA, as axe tags them (2.2 adds target-size at AA). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

// The tests of a describe share its page, in order; a failed test restarts the worker, whose
// beforeAll opens the state again for the rest.
test.describe.configure({ mode: 'default' });

type Ready = (page: Page) => Locator;

/** The page's own heading, level 1: every page has one (decision in page-frame.tsx). */
const h1 = (name: string | RegExp): Ready => (page) => page.getByRole('heading', { level: 1, name });

/**
 * Waits until the page shows what it is about (`ready`) and nothing on it is still loading, then
 * runs axe on the whole document. Failures are soft: one test reports every page it checked.
 */
async function check(page: Page, state: string, ready?: Ready) {
  if (ready) await expect(ready(page), `${state}: the page shows its content`).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${state}: nothing still loading`).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '拼命加载中' }), `${state}: no spinner`).toHaveCount(0);
  // Playwright scrolls to what it clicks, and the sticky header then covers part of whatever went
  // under it (axe counts a half-covered link as a small target): judge every state from the top,
  // as a parent first sees it. Dialogs are fixed and stay where they are.
  await page.evaluate(() => window.scrollTo(0, 0));
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const others = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  const tally = (list: typeof violations) => list.map((v) => `${v.id}×${v.nodes.length}`).join(', ');
  console.log(`a11y  ${state.padEnd(56)} ${blocking.length ? `FAIL  ${tally(blocking)}` : 'ok'}${others.length ? `  (minor: ${tally(others)})` : ''}`);
  expect
    .soft(
      blocking.map((v) => ({
        rule: `${v.id} (${v.impact}): ${v.help}`,
        nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`),
      })),
      `${state}: serious or critical accessibility violations`,
    )
    .toEqual([]);
}

/** Opens a path and checks it. */
async function visit(page: Page, path: string, state: string, ready?: Ready) {
  await page.goto(path);
  await check(page, state, ready);
}

/**
 * The personal center's side menu: a parent moves between personal pages with it (no reload).
 * 消息通知 carries the unread count in its name (消息通知3条未读).
 */
async function viaMenu(page: Page, label: string, state: string) {
  await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: new RegExp(`^${label}(\\d+\\+?条未读)?$`) }).click();
  await check(page, state, h1(label));
}

/** Esc closes the open dialog (and the next step can use the page again). */
async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Ids the address of a page needs, read from the mock (names vary with the seed, stories do not). */
async function world(page: Page) {
  const { tables } = await new MockDriver(page).state();
  const parent = (username: string) => tables.parents.find((p) => p.username === username)!;
  const ordersOf = (username: string) => tables.orders.filter((o) => o.parent_id === parent(username).id);
  const className = (id: number) => tables.classes.find((c) => c.id === id)!.name;
  return { tables, parent, ordersOf, className };
}

/**
 * One browser context for the tests of a describe, opened with the `default` scenario (every
 * persona at once) and then `setup`; the returned function gives the tests its page.
 */
function sharedState(setup: (page: Page) => Promise<void> = async () => {}) {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    await openScenario(page, 'default');
    await setup(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => page!;
}

test.describe('accessibility (axe, WCAG 2.2 A/AA), signed out: no serious or critical violation', () => {
  const current = sharedState();

  test('home with the category menu open, and the admissions guide', async () => {
    const page = current();
    await visit(page, '/', 'signed out  /', (p) => p.getByRole('article').first());
    // The category menu opened on a row: the panel of all its specialties.
    const menu = page.getByRole('navigation', { name: '课程分类' });
    await menu.getByRole('listitem').first().hover();
    await check(page, 'signed out  / with the category menu open', () => menu.getByLabel(/的专业$/));
    await visit(page, '/apply', 'signed out  /apply', h1('招生简章'));
  });

  test('the information pages', async () => {
    const page = current();
    await visit(page, '/payment', 'signed out  /payment', h1('缴费须知'));
    await visit(page, '/patriarchFAQ', 'signed out  /patriarchFAQ', h1('家长问答'));
    await visit(page, '/enrollment', 'signed out  /enrollment', h1('招生咨询'));
  });

  test('search, an empty search, a class, a pay link', async () => {
    const page = current();
    const { tables, ordersOf } = await world(page);
    const klass = tables.classes.find((c) => c.name === '寒假科学探索营')!;
    const unpaid = ordersOf('lina').find((o) => o.status === 1)!;
    await visit(page, '/searchHome', 'signed out  /searchHome', (p) => p.getByRole('article').first());
    await visit(page, '/searchHome?name=没有这门课', 'signed out  /searchHome with no result', (p) => p.getByText(/没有找到/).first());
    await visit(page, `/details?id=${klass.id}`, 'signed out  /details', h1(klass.name));
    await visit(page, `/payLink?orderId=${unpaid.id}`, 'signed out  /payLink', (p) => p.getByRole('heading', { name: '请先登录' }));
  });

  test('the feedback form and its errors, the end pages', async () => {
    const page = current();
    await visit(page, '/feedback', 'signed out  /feedback', h1('意见反馈'));
    await page.getByRole('button', { name: '提交反馈' }).click();
    await check(page, 'signed out  /feedback showing its errors', (p) => p.getByRole('form', { name: '意见反馈' }).locator('[aria-invalid="true"]').first());
    await visit(page, '/loginClose', 'signed out  /loginClose', h1('登录未完成'));
    await visit(page, '/no/such/page', 'signed out  404', h1('This page could not be found'));
  });

  test('a signed-in page sends home; the mock login page and its refusal', async () => {
    const page = current();
    // Signed out, the personal center and the paying pages send the parent home (spec §2).
    await page.goto('/personal/myOrder');
    await expect(page).toHaveURL(/\/$/);
    await visit(page, '/__mock/account/login?service=%2F', 'signed out  mock login page', (p) => p.getByRole('button', { name: '登 录' }));
    await page.getByLabel('用户名', { exact: true }).fill('nobody');
    await page.getByLabel('密码', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: '登 录' }).click();
    await check(page, 'signed out  mock login page refusing a password', (p) => p.getByRole('alert'));
  });
});

test.describe('accessibility (axe, WCAG 2.2 A/AA), signed in (gaoyan): no serious or critical violation', () => {
  const current = sharedState((page) => signIn(page, 'gaoyan', '/'));

  test('home with the user menu and the child selector open', async () => {
    const page = current();
    await visit(page, '/', 'signed in  /', (p) => p.getByRole('article').first());
    await page.getByRole('button', { name: /高燕/ }).click();
    await check(page, 'signed in  / with the user menu open', (p) => p.getByRole('menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /请选择宝宝|当前宝宝/ }).click();
    await check(page, 'signed in  / with the child selector open', (p) => p.getByRole('radiogroup', { name: '选择宝宝' }));
    await page.keyboard.press('Escape');
  });

  test('the information pages', async () => {
    const page = current();
    await visit(page, '/apply', 'signed in  /apply', h1('招生简章'));
    await visit(page, '/payment', 'signed in  /payment', h1('缴费须知'));
    await visit(page, '/patriarchFAQ', 'signed in  /patriarchFAQ', h1('家长问答'));
    await visit(page, '/enrollment', 'signed in  /enrollment', h1('招生咨询'));
  });

  test('search, the feedback form and its errors', async () => {
    const page = current();
    await visit(page, '/searchHome', 'signed in  /searchHome', (p) => p.getByRole('article').first());
    await visit(page, '/feedback', 'signed in  /feedback', h1('意见反馈'));
    await page.getByRole('button', { name: '提交反馈' }).click();
    await check(page, 'signed in  /feedback showing its errors', (p) => p.getByRole('form', { name: '意见反馈' }).locator('[aria-invalid="true"]').first());
  });

  test('a class, signing up, the order to place, a paid result', async () => {
    const page = current();
    const { tables, parent, ordersOf } = await world(page);
    const me = parent('gaoyan');
    const klass = tables.classes.find((c) => c.name === '寒假科学探索营')!;
    const admitted = tables.signUps.find((s) => s.parent_id === me.id && s.order_id === null && s.status === 5) ?? tables.signUps.find((s) => s.parent_id === me.id && s.order_id === null)!;
    const paid = ordersOf('gaoyan').find((o) => o.status === 2)!;
    await visit(page, `/details?id=${klass.id}`, 'signed in  /details', h1(klass.name));
    await visit(page, `/appointment?id=${klass.id}`, 'signed in  /appointment', h1('课程报名'));
    await visit(page, `/settlement?signUpId=${admitted.id}`, 'signed in  /settlement', h1('确认订单'));
    await visit(page, `/paymentResult?orderId=${paid.id}`, 'signed in  /paymentResult', (p) => p.getByRole('heading', { name: '支付成功' }));
  });

  test('the end pages, the sign-ups and orders', async () => {
    const page = current();
    await visit(page, '/loginClose', 'signed in  /loginClose', h1('您已登录'));
    await visit(page, '/no/such/page', 'signed in  404', h1('This page could not be found'));
    await visit(page, '/personal/classBooking', 'signed in  /personal/classBooking', h1('报名记录'));
    await viaMenu(page, '我的课程', 'signed in  /personal/classGrade');
    await viaMenu(page, '我的订单', 'signed in  /personal/myOrder');
  });

  test('fees, refunds, invoices and their details', async () => {
    const page = current();
    const { tables, parent, ordersOf } = await world(page);
    const me = parent('gaoyan');
    const order = ordersOf('gaoyan').find((o) => o.status === 2)!;
    const refund = tables.refunds.find((r) => r.parent_id === me.id)!;
    const invoice = tables.invoices.find((i) => i.parent_id === me.id)!;
    await visit(page, '/personal/supplyFee', 'signed in  /personal/supplyFee', h1('补缴费用'));
    await viaMenu(page, '退费记录', 'signed in  /personal/refund');
    await viaMenu(page, '发票管理', 'signed in  /personal/invoiceInfo');
    await visit(page, `/personal/orderDetails?id=${order.id}`, 'signed in  /personal/orderDetails', h1('订单详情'));
    await visit(page, `/personal/refundDetails?id=${refund.id}`, 'signed in  /personal/refundDetails', h1('退费详情'));
    await visit(page, `/personal/invoiceInfo?id=${invoice.order_id}`, 'signed in  /personal/invoiceInfo?id (an invoice)', h1('发票详情'));
  });

  test('the services', async () => {
    const page = current();
    await visit(page, '/personal', 'signed in  /personal', h1('个人资料'));
    await viaMenu(page, '我的收藏', 'signed in  /personal/collect');
    await viaMenu(page, '接送人管理', 'signed in  /personal/accessControl');
    await viaMenu(page, '邮寄地址', 'signed in  /personal/mailing');
    await viaMenu(page, '消息通知', 'signed in  /personal/systemMessages');
  });

  test('the account pages', async () => {
    const page = current();
    await visit(page, '/personal/contacts', 'signed in  /personal/contacts', h1('孩子信息'));
    await viaMenu(page, '实名认证', 'signed in  /personal/accountAntonym');
    await viaMenu(page, '手机号', 'signed in  /personal/accountPhone');
    await viaMenu(page, '邮箱', 'signed in  /personal/accountMailbox');
    await viaMenu(page, '微信绑定', 'signed in  /personal/accountWx');
    await viaMenu(page, '登录密码', 'signed in  /personal/password');
  });

  test('forms showing their errors: a child, a pick-up person, the password', async () => {
    const page = current();
    await visit(page, '/personal/contacts?add=1', 'form  /personal/contacts?add=1', h1('添加孩子'));
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await check(page, 'form  /personal/contacts?add=1 showing its errors', (p) => p.locator('[aria-invalid="true"]').first());
    await viaMenu(page, '接送人管理', 'form  /personal/accessControl');
    await page.getByRole('button', { name: '添加接送人' }).click();
    await page.getByRole('button', { name: '确认添加' }).click();
    await check(page, 'form  /personal/accessControl add form showing its errors', (p) => p.getByText('请上传接送人正面照片'));
    await viaMenu(page, '登录密码', 'form  /personal/password');
    await page.getByRole('button', { name: '确认修改' }).click();
    await check(page, 'form  /personal/password showing its errors', (p) => p.locator('[aria-invalid="true"]').first());
  });

  test('dialogs open: removing a pick-up person, a child, cancelling a sign-up', async () => {
    const page = current();
    await visit(page, '/personal/accessControl', 'dialog  /personal/accessControl', h1('接送人管理'));
    await page.getByRole('button', { name: /^删除接送人/ }).first().click();
    await check(page, 'dialog  /personal/accessControl 删除接送人', (p) => p.getByRole('dialog', { name: '删除接送人' }));
    await closeDialog(page);
    await viaMenu(page, '孩子信息', 'dialog  /personal/contacts');
    await page.getByRole('button', { name: '删除' }).first().click();
    await check(page, 'dialog  /personal/contacts removing a child', (p) => p.getByRole('dialog'));
    await closeDialog(page);
    await viaMenu(page, '报名记录', 'dialog  /personal/classBooking');
    await page.getByRole('button', { name: '取消报名' }).first().click();
    await check(page, 'dialog  /personal/classBooking 取消报名', (p) => p.getByRole('dialog', { name: '取消报名' }));
    await closeDialog(page);
  });
});

test.describe('accessibility (axe, WCAG 2.2 A/AA), signed in with nothing yet (liuxin): no serious or critical violation', () => {
  const current = sharedState((page) => signIn(page, 'liuxin', '/personal/classBooking'));

  test('the empty lists of sign-ups, orders and refunds', async () => {
    const page = current();
    await visit(page, '/personal/classBooking', 'empty  /personal/classBooking', h1('报名记录'));
    await viaMenu(page, '我的课程', 'empty  /personal/classGrade');
    await viaMenu(page, '我的订单', 'empty  /personal/myOrder');
    await viaMenu(page, '补缴费用', 'empty  /personal/supplyFee');
    await viaMenu(page, '退费记录', 'empty  /personal/refund');
  });

  test('the empty lists of services', async () => {
    const page = current();
    await visit(page, '/personal/collect', 'empty  /personal/collect', h1('我的收藏'));
    await viaMenu(page, '发票管理', 'empty  /personal/invoiceInfo');
    await viaMenu(page, '接送人管理', 'empty  /personal/accessControl (no child)');
    await viaMenu(page, '消息通知', 'empty  /personal/systemMessages');
    await viaMenu(page, '孩子信息', 'empty  /personal/contacts');
  });

  test('the forms to fill in first, and their errors', async () => {
    const page = current();
    await visit(page, '/personal/mailing', 'nothing yet  /personal/mailing (no address)', h1('邮寄地址'));
    await page.getByRole('button', { name: '保存地址' }).click();
    await check(page, 'nothing yet  /personal/mailing showing its errors', (p) => p.locator('[aria-invalid="true"]').first());
    await viaMenu(page, '实名认证', 'nothing yet  /personal/accountAntonym (the form)');
    await page.getByRole('button', { name: '提交认证' }).click();
    await check(page, 'nothing yet  /personal/accountAntonym showing its errors', (p) => p.locator('[aria-invalid="true"]').first());
  });

  test('a password to set, its errors, no mailbox, no WeChat', async () => {
    const page = current();
    await visit(page, '/personal/password', 'nothing yet  /personal/password (set one)', h1('登录密码'));
    await page.getByRole('button', { name: '设置密码' }).click();
    await check(page, 'nothing yet  /personal/password showing its errors', (p) => p.locator('[aria-invalid="true"]').first());
    await viaMenu(page, '邮箱', 'nothing yet  /personal/accountMailbox (none bound)');
    await viaMenu(page, '微信绑定', 'nothing yet  /personal/accountWx (none bound)');
  });
});

test.describe('accessibility (axe, WCAG 2.2 A/AA), paying and after-sale: no serious or critical violation', () => {
  const current = sharedState();

  test('paying (lina): the pay page, the QR code, a failed payment, a pay link', async () => {
    const page = current();
    const mock = new MockDriver(page);
    const { ordersOf } = await world(page);
    const unpaid = ordersOf('lina').find((o) => o.status === 1)!;
    await signIn(page, 'lina', `/collectMoney?orderId=${unpaid.id}`);
    await check(page, 'pay  /collectMoney', h1('订单支付'));
    await page.getByRole('radiogroup', { name: '支付方式' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: '立即支付' }).click();
    const trade = await mock.nextTrade();
    await check(page, 'pay  /collectMoney showing the QR code', (p) => p.getByRole('img', { name: /支付二维码/ }));
    await mock.settle(trade.trade_no, 'fail');
    await check(page, 'pay  /collectMoney after a failed payment', (p) => p.getByRole('button', { name: '重新支付' }));
    await visit(page, `/payLink?orderId=${unpaid.id}`, 'pay  /payLink', h1('订单支付'));
  });

  test('an unpaid order (lina) and cancelling it; a supplementary fee (huangli)', async () => {
    const page = current();
    const { tables, parent } = await world(page);
    const fee = tables.supplyFees.find((f) => f.parent_id === parent('huangli').id)!;
    await signIn(page, 'lina', '/personal/myOrder');
    await check(page, 'pay  /personal/myOrder with an unpaid order', h1('我的订单'));
    await page.getByRole('button', { name: '取消订单' }).first().click();
    await check(page, 'dialog  /personal/myOrder 取消订单', (p) => p.getByRole('dialog'));
    await closeDialog(page);
    await signIn(page, 'huangli', `/collectMoneySupply?supplyFeeId=${fee.id}`);
    await check(page, 'fee  /collectMoneySupply', h1('补缴费用'));
  });

  test('a refund (wangqiang): the form, its error, the confirmation', async () => {
    const page = current();
    const { ordersOf, className } = await world(page);
    const refundable = ordersOf('wangqiang').find((o) => className(o.class_id) === '少儿街舞寒假班')!;
    await signIn(page, 'wangqiang', `/personal/refundConfirm?id=${refundable.id}`);
    await check(page, 'refund  /personal/refundConfirm', h1('申请退费'));
    await page.getByRole('button', { name: '申请退费' }).click();
    await check(page, 'refund  /personal/refundConfirm showing its error', (p) => p.locator('[aria-invalid="true"]').first());
    await page.getByRole('group', { name: '常见原因' }).getByRole('button').first().click();
    await page.getByRole('button', { name: '申请退费' }).click();
    await check(page, 'dialog  /personal/refundConfirm 确认申请退费', (p) => p.getByRole('dialog', { name: '确认申请退费' }));
    await closeDialog(page);
  });

  test('an invoice (chenjing): the form, its errors, the confirmation', async () => {
    const page = current();
    const { ordersOf, className } = await world(page);
    const invoiceable = ordersOf('chenjing').find((o) => className(o.class_id) === '寒假素描速写营')!;
    await signIn(page, 'chenjing', `/personal/applyInvoice?id=${invoiceable.id}`);
    await check(page, 'invoice  /personal/applyInvoice', h1('申请发票'));
    await page.getByLabel('发票抬头').fill('');
    await page.getByRole('button', { name: '提交申请' }).click();
    await check(page, 'invoice  /personal/applyInvoice showing its errors', (p) => p.locator('[aria-invalid="true"]').first());
    await page.getByLabel('发票抬头').fill('陈静');
    await page.getByLabel('接收邮箱').fill('chenjing@example.com');
    await page.getByRole('button', { name: '提交申请' }).click();
    await check(page, 'dialog  /personal/applyInvoice 确认开票信息', (p) => p.getByRole('dialog', { name: '确认开票信息' }));
    await closeDialog(page);
  });
});
