/**
 * Invoices (发票管理): a parent asks for an e-invoice of a paid order, with a personal title or a
 * company one (which needs a valid tax number), and finds it issued once the mock's clock has
 * passed the issuing stage. Run by the demo project and by spec-only (decision 057), where the
 * form has no bound-mailbox choice.
 */
import type { Page } from '@playwright/test';
import { INVOICE_ISSUE_MS } from '#fixtures/world';
import { expect, test } from './support/mock.ts';

/** chenjing's order paid this week, still eligible for an invoice. */
const CLASS_NAME = '寒假素描速写营';

const invoiceRow = (page: Page) => page.getByRole('row').filter({ hasText: CLASS_NAME });

async function openApplication(page: Page) {
  await expect(page.getByRole('heading', { name: '发票管理', level: 1 })).toBeVisible();
  // The other order's invoice was issued in September; this one has none yet.
  await expect(page.getByRole('row').filter({ hasText: '少儿英语进阶班' })).toContainText('已开票');
  await expect(invoiceRow(page)).toContainText('未申请');
  await invoiceRow(page).getByRole('link', { name: '申请发票' }).click();
  await expect(page).toHaveURL(/\/personal\/applyInvoice\?id=\d+/);
  await expect(page.getByRole('region', { name: '订单信息' })).toContainText(CLASS_NAME);
  await expect(page.getByRole('region', { name: '订单信息' })).toContainText('开票金额¥1,500.00');
  return page.getByRole('form', { name: '发票信息' });
}

test('a parent asks for a personal e-invoice and can download it once issued', async ({ page, scenario, mock, specOnly }) => {
  await scenario('invoice-issued', { as: 'chenjing', path: '/personal/invoiceInfo' });
  const form = await openApplication(page);

  // A personal title is the default, filled with the parent's name; no tax number is asked.
  await expect(form.getByRole('radio', { name: '个人' })).toBeChecked();
  await expect(form.getByLabel('发票抬头')).toHaveValue('陈静');
  await expect(form.getByLabel('纳税人识别号')).toHaveCount(0);
  await expect(form.getByRole('radio', { name: '电子发票' })).toBeChecked();
  if (specOnly) {
    // A backend of §7 alone does not take use_bound_mailbox (decision 057): the mailbox is typed.
    await expect(form.getByRole('radio', { name: /绑定邮箱/ })).toHaveCount(0);
    await form.getByRole('textbox', { name: '接收邮箱' }).fill('chenjing@example.com');
  } else {
    // The bound mailbox is the default, shown masked as the backend gives it: nothing to type.
    await expect(form.getByRole('radio', { name: /^发送到绑定邮箱（ch\*+@example\.com）$/ })).toBeChecked();
  }
  await form.getByRole('button', { name: '提交申请' }).click();

  const dialog = page.getByRole('dialog', { name: '确认开票信息' });
  await expect(dialog).toContainText('陈静（个人）');
  await expect(dialog).toContainText(specOnly ? 'chenjing@example.com' : /绑定邮箱 ch\*+@example\.com/);
  await expect(dialog).toContainText('¥1,500.00');
  await expect(dialog).not.toContainText('税号');
  await dialog.getByRole('button', { name: '确认提交' }).click();

  await expect(page).toHaveURL(/\/personal\/invoiceInfo\?id=\d+/);
  await expect(page.getByRole('status').filter({ hasText: '发票申请已提交' })).toBeVisible();
  const summary = page.getByRole('region', { name: '发票概况' });
  await expect(summary).toContainText('开票中');
  await expect(summary).toContainText('开票后可在此下载电子发票');
  const facts = page.getByRole('region', { name: '发票信息' });
  await expect(facts).toContainText('抬头类型个人');
  await expect(facts).toContainText('发票抬头陈静');
  await expect(facts).toContainText('接收邮箱chenjing@example.com');

  // An hour later it is issued, with its PDF.
  await mock.advance(INVOICE_ISSUE_MS);
  await page.reload();
  await expect(summary).toContainText('已开票');
  await expect(summary.getByRole('link', { name: '下载电子发票（PDF）' })).toBeVisible();
  await expect(page.getByRole('list', { name: '开票进度' })).toContainText('可下载电子发票');
  await page.getByRole('link', { name: '返回发票管理' }).first().click();
  await expect(invoiceRow(page)).toContainText('已开票');
  await expect(invoiceRow(page).getByRole('link', { name: '申请发票' })).toHaveCount(0);
});

test('a company title needs a valid tax number: a missing or wrong one is refused in Chinese, a corrected one goes through', async ({ page, scenario, mock, specOnly }) => {
  await scenario('invoice-issued', { as: 'chenjing', path: '/personal/invoiceInfo' });
  const form = await openApplication(page);

  // A company title: the parent's own name does not fit it, so it is cleared.
  await form.getByRole('radio', { name: '单位' }).check();
  await expect(form.getByLabel('发票抬头')).toHaveValue('');
  await form.getByLabel('发票抬头').fill('北京星河科技有限公司');
  // The company's own mailbox, not the parent's bound one (which a backend of §7 alone never offers).
  if (specOnly) await form.getByRole('textbox', { name: '接收邮箱' }).fill('finance@xinghe.example.com');
  else {
    await form.getByRole('radio', { name: '发送到其他邮箱' }).check();
    await form.getByRole('textbox', { name: '其他邮箱' }).fill('finance@xinghe.example.com');
  }
  const taxNumber = form.getByLabel('纳税人识别号');
  const taxError = form.getByRole('alert').filter({ hasText: '纳税人识别号' });

  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(taxError).toHaveText('单位抬头需填写纳税人识别号');
  await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toBeHidden();

  // 17 characters: neither 15, 18 nor 20.
  await taxNumber.fill('91110108MA01XY2K3');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(taxError).toHaveText('请输入正确的纳税人识别号（15、18或20位数字或大写字母）');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await mock.state()).tables.invoices.filter((i) => i.title === '北京星河科技有限公司')).toHaveLength(0);

  // Typed in lower case, it is taken in capitals; right, the message goes at once.
  await taxNumber.fill('91110108ma01xy2k3p');
  await expect(taxNumber).toHaveValue('91110108MA01XY2K3P');
  await expect(taxError).toHaveCount(0);
  await expect(taxNumber).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: '提交申请' }).click();
  const dialog = page.getByRole('dialog', { name: '确认开票信息' });
  await expect(dialog).toContainText('北京星河科技有限公司（单位）');
  await expect(dialog).toContainText('税号91110108MA01XY2K3P');
  await dialog.getByRole('button', { name: '确认提交' }).click();

  await expect(page).toHaveURL(/\/personal\/invoiceInfo\?id=\d+/);
  await expect(page.getByRole('region', { name: '发票概况' })).toContainText('开票中');
  const facts = page.getByRole('region', { name: '发票信息' });
  await expect(facts).toContainText('抬头类型单位');
  await expect(facts).toContainText('发票抬头北京星河科技有限公司');
  await expect(facts).toContainText('税号91110108MA01XY2K3P');
  const { tables } = await mock.state();
  expect(tables.invoices.filter((i) => i.title === '北京星河科技有限公司')).toEqual([
    expect.objectContaining({ title_type: 2, tax_number: '91110108MA01XY2K3P', email: 'finance@xinghe.example.com', amount: 1500 }),
  ]);
});
