/**
 * The account and the children on a backend built from the seed alone (decision 073): personal data
 * is url, real_name, phone and username, a child is an id and a name. The personal data page reads
 * the rest from the account's own §7 calls; a child's edit asks again for what the detail left out;
 * the mailing page says it cannot read the address without the parent's user id (a requirement for
 * the backend team, docs/api).
 */
import { makeIdNumber } from '#contract/index';
import { expect, test } from '../support/standalone.ts';
import { watchErrors } from './seed-kit.ts';

test('a parent sees the account, edits a child and finds what needs the user id said', async ({ page, world }) => {
  await world.reset('family');
  await world.settings({ spec_only: true, minimal: true });
  const { tables } = await world.state();
  const parent = tables.parents.find((p) => p.username === 'zhangwei')!;
  const child = tables.contacts.find((c) => c.parent_id === parent.id && !c.deleted)!;
  const errors = watchErrors(page);

  await page.goto('/');
  await world.signInAs(page, 'zhangwei', '/personal/personalData');
  // A row of 账号信息: its label is text, the side menu's are links.
  const row = (label: string) => page.getByRole('listitem').filter({ has: page.locator(`span:text-is("${label}")`) });
  await expect(row('账号')).toContainText('zhangwei');
  await expect(row('手机号')).toContainText(`${parent.phone!.slice(0, 3)}****${parent.phone!.slice(-4)}`);
  await expect(row('实名认证')).toContainText('已认证');
  await expect(row('登录密码')).toContainText(/已设置|未设置/);
  await expect(page.getByRole('button', { name: /张伟/ })).toBeVisible();

  // 孩子信息: names and buttons; the edit asks for the credential and the guardian again.
  await page.getByRole('link', { name: '孩子信息', exact: true }).click();
  const card = page.getByRole('listitem', { name: child.name });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('岁');
  await card.getByRole('button', { name: '编辑' }).click();
  const form = page.getByRole('form', { name: '编辑孩子信息' });
  await expect(form).toContainText('请重新填写证件和监护人信息');
  await expect(form.getByRole('textbox', { name: '孩子姓名' })).toHaveValue(child.name);
  await form.getByRole('textbox', { name: '证件号码' }).fill(makeIdNumber('110105', child.birth_date, 21));
  await form.getByRole('textbox', { name: '监护人姓名' }).fill('张伟');
  await form.getByRole('combobox', { name: '与孩子关系' }).selectOption({ label: '父亲' });
  await form.getByRole('textbox', { name: '监护人手机号' }).fill('13800000000');
  await form.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByRole('list', { name: '孩子列表' })).toBeVisible();
  expect(await world.verifyRequests({ operation: 'edit_contact_information', status: 200, count: 1 })).toMatchObject({ ok: true });

  // 邮寄地址: get_mail_info takes the user id this backend did not send; the page says so, and asks nothing.
  await page.getByRole('link', { name: '邮寄地址', exact: true }).click();
  await expect(page.getByText(/暂时无法读取您保存的邮寄地址/)).toBeVisible();
  expect(await world.verifyRequests({ operation: 'get_mail_info', count: 0 })).toMatchObject({ ok: true });
  expect(errors).toEqual([]);
});
