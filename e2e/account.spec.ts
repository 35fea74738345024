/**
 * The account's phone (/personal/accountPhone): changed in two steps, a code to the old phone and
 * then one to the new phone (after the image code). The tester reads the SMS codes from the
 * mock's state (table codes) and the image code from the picture, as a parent would.
 */
import type { Page } from '@playwright/test';
import { maskPhone } from '#contract/index';
import { expect, test, type MockDriver } from './support/mock.ts';

/** The newest code the mock 'sent' to a phone for a step (codes.purpose). */
async function smsTo(mock: MockDriver, phone: string, purpose: string): Promise<string> {
  const { tables } = await mock.state();
  const sent = tables.codes.filter((c) => c.target === phone && c.purpose === purpose).sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  if (!sent[0]) throw new Error(`no ${purpose} code was sent to ${phone}`);
  return sent[0].code;
}

/** Reads the image code off the picture (the mock draws each character as SVG text). */
async function readCaptcha(page: Page): Promise<{ code: string; src: string }> {
  const image = page.getByRole('img', { name: '图形验证码' });
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const code = [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).join('');
  expect(code, 'the image code shows four characters').toMatch(/^[A-Z0-9]{4}$/);
  return { code, src };
}

/** Step 1 of a change: the old phone's code, asked for and typed in. */
async function verifyOldPhone(page: Page, mock: MockDriver, oldPhone: string) {
  const verify = page.getByRole('form', { name: '验证原手机号' });
  await verify.getByRole('button', { name: '获取验证码' }).click();
  await expect(verify.getByText(`验证码已发送至 ${maskPhone(oldPhone)}，5分钟内有效`)).toBeVisible();
  await verify.getByLabel('短信验证码').fill(await smsTo(mock, oldPhone, 'sms:verifyOldPhone'));
  await verify.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('list', { name: '更换手机号步骤' }).locator('[aria-current="step"]')).toContainText('设置新手机号');
}

/** zhangwei, his bound phone, a phone nobody holds and one another account holds. */
async function zhangwei(mock: MockDriver) {
  const { tables } = await mock.state();
  const me = tables.parents.find((p) => p.username === 'zhangwei')!;
  let free = 13700001234;
  while (tables.parents.some((p) => p.phone === String(free))) free += 1;
  return { me, oldPhone: me.phone!, freePhone: String(free), takenPhone: tables.parents.find((p) => p.id !== me.id && p.phone)!.phone! };
}

test('a parent changes the bound phone: a code to the old phone, then one to the new phone', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei', path: '/personal/accountPhone' });
  const { me, oldPhone, freePhone } = await zhangwei(mock);

  await expect(page.getByRole('heading', { name: '手机号', level: 1 })).toBeVisible();
  const steps = page.getByRole('list', { name: '更换手机号步骤' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('验证原手机号');
  await expect(page.getByText(maskPhone(oldPhone)).first()).toBeVisible();

  // Step 1: the old phone's code. A wrong one is refused beside the field.
  const verify = page.getByRole('form', { name: '验证原手机号' });
  await verify.getByRole('button', { name: '获取验证码' }).click();
  await expect(verify.getByText(`验证码已发送至 ${maskPhone(oldPhone)}，5分钟内有效`)).toBeVisible();
  await expect(verify.getByRole('button', { name: /秒后重新获取$/ })).toBeDisabled();
  const oldCode = await smsTo(mock, oldPhone, 'sms:verifyOldPhone');
  await verify.getByLabel('短信验证码').fill(oldCode === '000000' ? '111111' : '000000');
  await verify.getByRole('button', { name: '下一步' }).click();
  await expect(verify.getByRole('alert')).toHaveText('验证码错误');
  await verify.getByLabel('短信验证码').fill(oldCode);
  await verify.getByRole('button', { name: '下一步' }).click();

  // Step 2: the new phone, its image code, its SMS code.
  await expect(steps.locator('[aria-current="step"]')).toContainText('设置新手机号');
  await expect(page.getByText('已验证')).toBeVisible();
  const change = page.getByRole('form', { name: '确认更换' });
  const { code } = await readCaptcha(page);
  await change.getByLabel('新手机号').fill(freePhone);
  // The image code is read in any case.
  await change.getByRole('textbox', { name: '图形验证码' }).fill(code.toLowerCase());
  await change.getByRole('button', { name: '获取验证码' }).click();
  await expect(change.getByText(`验证码已发送至 ${maskPhone(freePhone)}，5分钟内有效`)).toBeVisible();
  await change.getByLabel('短信验证码').fill(await smsTo(mock, freePhone, 'sms:changePhone'));
  await change.getByRole('button', { name: '确认更换' }).click();

  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: '手机号已更换' }) });
  await expect(done).toContainText(`当前绑定的手机号为 ${maskPhone(freePhone)}`);
  await expect(steps.locator('[aria-current="step"]')).toContainText('完成');
  expect((await mock.state()).tables.parents.find((p) => p.id === me.id)!.phone).toBe(freePhone);

  // Coming back, the page asks the old phone's code of the new number.
  await page.reload();
  await expect(page.getByRole('form', { name: '验证原手机号' })).toContainText(`验证当前手机号 ${maskPhone(freePhone)}`);
});

test('a new phone another account holds is refused before any code goes out, and the image code is renewed', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei', path: '/personal/accountPhone' });
  const { me, oldPhone, takenPhone } = await zhangwei(mock);
  await verifyOldPhone(page, mock, oldPhone);

  const change = page.getByRole('form', { name: '确认更换' });
  const first = await readCaptcha(page);
  await change.getByLabel('新手机号').fill(takenPhone);
  await change.getByRole('textbox', { name: '图形验证码' }).fill(first.code);
  await change.getByRole('button', { name: '获取验证码' }).click();
  await expect(change.getByRole('alert')).toHaveText('该手机号已被其他账号绑定');
  await expect(change.getByLabel('新手机号')).toHaveAttribute('aria-invalid', 'true');
  // That image code is used up: a new picture, the box emptied, and no countdown started.
  await expect(page.getByRole('img', { name: '图形验证码' })).not.toHaveAttribute('src', first.src);
  await expect(change.getByRole('textbox', { name: '图形验证码' })).toHaveValue('');
  await expect(change.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  const { tables } = await mock.state();
  expect(tables.codes.filter((c) => c.target === takenPhone)).toHaveLength(0);
  expect(tables.parents.find((p) => p.id === me.id)!.phone).toBe(oldPhone);
});
