/**
 * Refunds: a parent asks for one from 我的订单, sees the amount before confirming, follows it on
 * the order and refund pages while the mock's clock moves it through its stages (accepted an hour
 * after applying, money back a day later), and ends with the order refunded; or withdraws one.
 * Run by the demo project and by spec-only (decision 057), where 退费记录 is read with §7's calls
 * and 撤回 is not offered.
 */
import type { Page } from '@playwright/test';
import { REFUND_ACCEPT_MS, REFUND_PAY_BACK_MS } from '#fixtures/world';
import { expect, test } from './support/mock.ts';

/** The row of an order in 我的订单, by its class. */
const orderRow = (page: Page, className: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: className, exact: true }) });

/** The personal center's side menu. */
const menuLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

/** Applies for a refund of an order in 我的订单 with a reason the page offers, through the confirmation. */
async function applyFromMyOrders(page: Page, className: string, reason: string) {
  await orderRow(page, className).getByRole('link', { name: '申请退费' }).click();
  await page.getByRole('button', { name: reason }).click();
  await page.getByRole('button', { name: '申请退费' }).click();
  await page.getByRole('dialog', { name: '确认申请退费' }).getByRole('button', { name: '确认退费' }).click();
  await expect(page).toHaveURL(/\/personal\/refundDetails\?id=\d+/);
}

test('a parent asks for a full refund of a class not started: the amount first, a reason required, then the order is 退费中 everywhere', async ({ page, scenario, specOnly }) => {
  await scenario('paid-refundable', { as: 'wangqiang', path: '/personal/myOrder' });
  const row = orderRow(page, '少儿街舞寒假班');
  await expect(row).toContainText('已支付');
  await row.getByRole('link', { name: '申请退费' }).click();

  // The preview: the winter class has not started, so everything comes back.
  await expect(page).toHaveURL(/\/personal\/refundConfirm\?id=\d+/);
  await expect(page.getByRole('heading', { name: '申请退费', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '订单信息' })).toContainText('少儿街舞寒假班');
  const preview = page.getByRole('region', { name: '退费金额' });
  await expect(preview.getByTestId('refundable-amount')).toHaveText('¥1,100.00');
  await expect(preview).toContainText('全额退还');
  await expect(preview).toContainText('开课前退费：已缴学费及补缴费用全额退还');

  // No reason, no refund: the contract's message, nothing sent.
  await page.getByRole('button', { name: '申请退费' }).click();
  await expect(page.getByRole('form', { name: '退费申请' }).getByRole('alert')).toHaveText('请填写退费原因');
  await page.getByRole('button', { name: '孩子时间安排冲突' }).click();
  await page.getByRole('button', { name: '申请退费' }).click();
  const dialog = page.getByRole('dialog', { name: '确认申请退费' });
  await expect(dialog).toContainText('本次将退还 ¥1,100.00');
  await expect(dialog).toContainText('退费原因：孩子时间安排冲突');
  await dialog.getByRole('button', { name: '确认退费' }).click();

  // Applied: the refund's page says it waits for the center.
  await expect(page).toHaveURL(/\/personal\/refundDetails\?id=\d+/);
  await expect(page.getByRole('status').filter({ hasText: '退费申请已提交，预计退还¥1,100.00' })).toBeVisible();
  const summary = page.getByRole('region', { name: '退费概况' });
  await expect(summary).toContainText('退费申请中');
  await expectWithdrawal(page, specOnly);
  await expect(summary).toContainText('申请退费金额¥1,100.00');
  await expect(page.getByRole('list', { name: '退费进度' })).toContainText('等待中心受理');

  // 我的订单: the order is 退费中 and cannot be refunded twice.
  await menuLink(page, '我的订单').click();
  await expect(row).toContainText('退费中');
  await expect(row.getByRole('link', { name: '申请退费' })).toHaveCount(0);
  await expect(orderRow(page, '少儿国画启蒙班')).toContainText('已支付');

  // 退费记录: the refund, with its order's status.
  await menuLink(page, '退费记录').click();
  const records = page.getByRole('list', { name: '退费记录' }).getByRole('listitem').filter({ hasText: '少儿街舞寒假班' });
  await expect(records).toContainText('¥1,100.00');
  await expect(records).toContainText('退费申请中');
  await expect(records).toContainText('订单状态：退费中');
});

test('a full refund moves on with the clock: accepted an hour after applying, the money back a day later, the order 已退费', async ({ page, scenario, mock }) => {
  await scenario('paid-refundable', { as: 'wangqiang', path: '/personal/myOrder' });
  await applyFromMyOrders(page, '少儿街舞寒假班', '孩子时间安排冲突');
  const refundUrl = page.url();
  const summary = page.getByRole('region', { name: '退费概况' });
  await expect(summary).toContainText('退费申请中');

  // An hour later the center has accepted it: 退费记录 and the refund's page say so.
  await menuLink(page, '退费记录').click();
  const records = page.getByRole('list', { name: '退费记录' }).getByRole('listitem').filter({ hasText: '少儿街舞寒假班' });
  await expect(records).toContainText('退费申请中');
  await mock.advance(REFUND_ACCEPT_MS);
  await page.reload();
  await expect(records).toContainText('退费处理中');
  await records.getByRole('link', { name: /^查看详情：退费单/ }).click();
  await expect(page).toHaveURL(refundUrl);
  await expect(summary).toContainText('退费处理中');
  await expect(page.getByRole('list', { name: '退费进度' })).toContainText('中心已受理，正在办理退费');

  // A day after that the money is back.
  await mock.advance(REFUND_PAY_BACK_MS);
  await page.reload();
  await expect(summary).toContainText('已退费');
  await expect(summary).toContainText('已退金额¥1,100.00');
  await expect(page.getByRole('list', { name: '退费进度' })).toContainText('已退费（已完成）');

  await menuLink(page, '我的订单').click();
  const row = orderRow(page, '少儿街舞寒假班');
  await expect(row).toContainText('已退费');
  await expect(row.getByRole('link', { name: '申请退费' })).toHaveCount(0);
  const { tables } = await mock.state();
  const parent = tables.parents.find((p) => p.username === 'wangqiang')!;
  const klass = tables.classes.find((c) => c.name === '少儿街舞寒假班')!;
  expect(tables.orders.find((o) => o.parent_id === parent.id && o.class_id === klass.id)).toMatchObject({ status: 6, refunded_amount: 1100 });
});

/**
 * 撤回 while the application waits: offered where the backend has withdraw_refund; on a backend
 * of §7 alone (decision 057) the page says whom to ask instead.
 */
async function expectWithdrawal(page: Page, specOnly: boolean) {
  const withdraw = page.getByRole('button', { name: '撤回申请' });
  const askTheCenter = page.getByText('如需撤回申请，请在中心受理前联系授课中心。');
  if (specOnly) {
    await expect(askTheCenter).toBeVisible();
    await expect(withdraw).toHaveCount(0);
  } else {
    await expect(withdraw).toBeVisible();
    await expect(askTheCenter).toHaveCount(0);
  }
}

test('a parent withdraws (撤回) an application the center has not accepted, found in 退费记录', async ({ page, scenario, mock, specOnly }) => {
  await scenario('refund-in-progress', { as: 'zhaomin', path: '/personal/refund' });
  const record = page.getByRole('list', { name: '退费记录' }).getByRole('listitem').first();
  await expect(record).toContainText('退费申请中');
  await record.getByRole('link', { name: /^查看详情：退费单/ }).click();
  await expect(page).toHaveURL(/\/personal\/refundDetails\?id=\d+/);
  await expectWithdrawal(page, specOnly);
  if (specOnly) return;
  await page.getByRole('button', { name: '撤回申请' }).click();
  await page.getByRole('dialog', { name: '撤回退费申请' }).getByRole('button', { name: '确定撤回' }).click();
  await expect(page.getByRole('region', { name: '退费概况' })).toContainText('已撤回');
  await menuLink(page, '退费记录').click();
  await expect(record).toContainText('已撤回');
  const { tables } = await mock.state();
  expect(tables.refunds.filter((r) => r.status === 1)).toHaveLength(0);
});

test('a class under way refunds only the sessions not yet held, and the order ends partly refunded', async ({ page, scenario, mock }) => {
  await scenario('paid-refundable', { as: 'wangqiang', path: '/personal/myOrder' });
  await orderRow(page, '少儿国画启蒙班').getByRole('link', { name: '申请退费' }).click();

  // 16 sessions of ¥1,800.00, 12 held: 4 × ¥112.50 come back.
  const preview = page.getByRole('region', { name: '退费金额' });
  await expect(preview.getByTestId('refundable-amount')).toHaveText('¥450.00');
  await expect(preview).toContainText('按未上课的课次退还');
  await expect(preview).toContainText('共16次，已开课12次，剩余4次');
  await expect(preview).toContainText('已开课12次：按未上课的4次课退还学费（每次112.50元），补缴费用不予退还');
  await page.getByRole('textbox', { name: '退费原因' }).fill('孩子周日要上数学课，时间冲突');
  await page.getByRole('button', { name: '申请退费' }).click();
  const dialog = page.getByRole('dialog', { name: '确认申请退费' });
  await expect(dialog).toContainText('本次将退还 ¥450.00');
  await dialog.getByRole('button', { name: '确认退费' }).click();
  await expect(page.getByRole('region', { name: '退费概况' })).toContainText('退费申请中');

  // Both stages pass at once when the clock jumps past them.
  await mock.advance(REFUND_ACCEPT_MS + REFUND_PAY_BACK_MS);
  await menuLink(page, '我的订单').click();
  const row = orderRow(page, '少儿国画启蒙班');
  await expect(row).toContainText('部分退费');
  await row.getByRole('link', { name: '查看详情' }).click();
  await expect(page.getByRole('region', { name: '订单状态' })).toContainText('已按未上课次数退费¥450.00');
});
