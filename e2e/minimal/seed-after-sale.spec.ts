/**
 * After the payment, on a backend built from the seed alone (decision 073): a parent asks for a
 * refund and follows it in 退费记录 (read with §7's calls, without a count); another asks for an
 * e-invoice. One sign-in each, the rest by the pages' own links.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/standalone.ts';
import { watchErrors } from './seed-kit.ts';

const seedBackend = { spec_only: true, minimal: true };

const orderRow = (page: Page, className: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: className, exact: true }) });
const menuLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test('a parent asks for a refund and follows it in 退费记录', async ({ page, world }) => {
  await world.reset('paid-refundable');
  await world.settings(seedBackend);
  const errors = watchErrors(page);
  await page.goto('/');
  await world.signInAs(page, 'wangqiang', '/personal/myOrder');
  await expect(page.getByRole('heading', { name: '我的订单', level: 1 })).toBeVisible();

  // The refund: preview, reason, confirmation.
  await orderRow(page, '少儿街舞寒假班').getByRole('link', { name: '申请退费' }).click();
  const preview = page.getByRole('region', { name: '退费金额' });
  await expect(preview.getByTestId('refundable-amount')).toHaveText('¥1,100.00');
  await page.getByRole('button', { name: '孩子时间安排冲突' }).click();
  await page.getByRole('button', { name: '申请退费' }).click();
  await page.getByRole('dialog', { name: '确认申请退费' }).getByRole('button', { name: '确认退费' }).click();
  await expect(page.getByRole('region', { name: '退费概况' })).toContainText('退费申请中');
  // No withdraw_refund on this backend: the page says whom to ask.
  await expect(page.getByText('如需撤回申请，请在中心受理前联系授课中心。')).toBeVisible();

  // 退费记录, from order_list and order_detail: the refund with its order.
  await menuLink(page, '退费记录').click();
  const record = page.getByRole('list', { name: '退费记录' }).getByRole('listitem').filter({ hasText: '少儿街舞寒假班' });
  await expect(record).toContainText('¥1,100.00');
  await expect(record).toContainText('订单状态：退费中');
  expect(errors).toEqual([]);
});

test('a parent asks for an e-invoice, typing the mailbox', async ({ page, world }) => {
  await world.reset('invoice-issued');
  await world.settings(seedBackend);
  const errors = watchErrors(page);
  await page.goto('/');
  await world.signInAs(page, 'chenjing', '/personal/invoiceInfo');
  const row = page.getByRole('row').filter({ hasText: '寒假素描速写营' });
  await expect(page.getByRole('row').filter({ hasText: '少儿英语进阶班' })).toContainText('已开票');
  await row.getByRole('link', { name: '申请发票' }).click();
  const form = page.getByRole('form', { name: '发票信息' });
  // No bound-mailbox choice without the proposals: the mailbox is typed.
  await expect(form.getByRole('radio', { name: /绑定邮箱/ })).toHaveCount(0);
  await expect(form.getByLabel('发票抬头')).toHaveValue('陈静');
  await form.getByRole('textbox', { name: '接收邮箱' }).fill('chenjing@example.com');
  await form.getByRole('button', { name: '提交申请' }).click();
  await page.getByRole('dialog', { name: '确认开票信息' }).getByRole('button', { name: '确认提交' }).click();
  await expect(page.getByRole('region', { name: '发票概况' })).toContainText('开票中');
  await expect(page.getByRole('region', { name: '发票信息' })).toContainText('接收邮箱chenjing@example.com');
  expect(errors).toEqual([]);
});
