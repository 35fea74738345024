/**
 * Pick-up people (接送人管理, /personal/accessControl): the adults who may collect a child at the
 * gate. A parent adds one for a child with a front photo and sees the card, cannot add the same
 * phone twice; disables, enables and removes one (the contract has no call to edit one).
 */
import { maskPhone } from '#contract/index';
import { PHOTO } from './support/files.ts';
import { expect, test } from './support/mock.ts';

test('a parent adds a pick-up person with a photo for the chosen child, and cannot add the same phone twice', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei', path: '/personal/accessControl' });
  const { tables } = await mock.state();
  const parent = tables.parents.find((p) => p.username === 'zhangwei')!;
  const [child, other] = tables.contacts.filter((c) => c.parent_id === parent.id && !c.deleted).sort((a, b) => a.birth_date.localeCompare(b.birth_date));
  const phone = '13600001111';

  // Two children: the older one is not the first shown; the parent chooses it.
  const chooser = page.getByRole('radiogroup', { name: '选择孩子' });
  await expect(chooser.getByRole('radio', { name: other!.name })).toBeChecked();
  await chooser.getByText(child!.name).click();
  await expect(page).toHaveURL(new RegExp(`child=${child!.id}`));
  await expect(chooser.getByRole('radio', { name: child!.name })).toBeChecked();
  const section = page.getByRole('region', { name: `${child!.name}的接送人` });
  await expect(section.getByText(`还没有为${child!.name}登记接送人`)).toBeVisible();
  await expect(section).toContainText('已添加 0/3 人');

  await section.getByRole('button', { name: '添加接送人' }).click();
  const form = page.getByRole('form', { name: `为${child!.name}添加接送人` });
  await expect(form.getByLabel('姓名')).toBeFocused();
  // Nothing filled: each field says what it needs, the photo too.
  await form.getByRole('button', { name: '确认添加' }).click();
  await expect(form.getByText('请上传接送人正面照片')).toBeVisible();
  await expect(form.getByText('请输入接送人姓名')).toBeVisible();

  await form.getByLabel('姓名').fill('王秀兰');
  await form.getByLabel('与孩子关系').selectOption({ label: '祖父母/外祖父母' });
  await form.getByRole('textbox', { name: '手机号' }).fill(phone);
  await form.getByLabel('正面照片').setInputFiles(PHOTO);
  await expect(form.getByRole('img', { name: '已上传的接送人照片' })).toBeVisible();
  await expect(form.getByText('更换照片')).toBeVisible();
  await form.getByRole('button', { name: '确认添加' }).click();

  await expect(page.getByRole('status').filter({ hasText: '已添加接送人王秀兰' })).toBeVisible();
  await expect(form).toBeHidden();
  const card = section.getByRole('article', { name: '王秀兰' });
  await expect(card).toContainText('已启用');
  await expect(card).toContainText('关系祖父母/外祖父母');
  await expect(card).toContainText(`手机号${maskPhone(phone)}`);
  await expect(card.getByRole('img', { name: '王秀兰的照片' })).toBeVisible();
  await expect(section).toContainText('已添加 1/3 人');

  // The same phone again is refused beside the phone, and what was typed stays.
  await section.getByRole('button', { name: '添加接送人' }).click();
  await form.getByLabel('姓名').fill('王建国');
  await form.getByLabel('与孩子关系').selectOption({ label: '其他' });
  await form.getByRole('textbox', { name: '手机号' }).fill(phone);
  await form.getByLabel('正面照片').setInputFiles(PHOTO);
  await expect(form.getByRole('img', { name: '已上传的接送人照片' })).toBeVisible();
  await form.getByRole('button', { name: '确认添加' }).click();
  await expect(form.getByRole('alert')).toHaveText(`手机号${maskPhone(phone)}已是${child!.name}的接送人，请勿重复添加`);
  await expect(form.getByRole('textbox', { name: '手机号' })).toBeFocused();
  await expect(form.getByLabel('姓名')).toHaveValue('王建国');
  await form.getByRole('button', { name: '取消' }).click();
  await expect(section.getByRole('article')).toHaveCount(1);

  // The other child has none of it.
  await chooser.getByText(other!.name).click();
  await expect(page.getByRole('region', { name: `${other!.name}的接送人` }).getByText(`还没有为${other!.name}登记接送人`)).toBeVisible();
  const { tables: after } = await mock.state();
  expect(after.pickers.filter((p) => p.parent_id === parent.id)).toEqual([expect.objectContaining({ contact_id: child!.id, name: '王秀兰', phone, status: 1 })]);
});

test("a parent disables, enables and removes one of a child's pick-up people", async ({ page, scenario, mock }) => {
  // gaoyan's daughter has two pick-up people (高建国 and 李明), her son one (高建国).
  await scenario('default', { as: 'gaoyan', path: '/personal/accessControl' });
  const { tables } = await mock.state();
  const parent = tables.parents.find((p) => p.username === 'gaoyan')!;
  const girl = tables.contacts.find((c) => c.parent_id === parent.id && tables.pickers.some((p) => p.contact_id === c.id && p.name === '李明'))!;
  const chooser = page.getByRole('radiogroup', { name: '选择孩子' });
  await chooser.getByText(girl.name).click();
  const section = page.getByRole('region', { name: `${girl.name}的接送人` });
  await expect(section).toContainText('已添加 2/3 人');
  const card = section.getByRole('article', { name: '李明' });
  await expect(card).toContainText('关系父亲');

  await card.getByRole('button', { name: '停用接送人李明' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已停用接送人李明' })).toBeVisible();
  await expect(card).toContainText('已停用');
  await card.getByRole('button', { name: '启用接送人李明' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已启用接送人李明' })).toBeVisible();
  await expect(card).toContainText('已启用');

  // Removed after a confirmation; the other one stays.
  await card.getByRole('button', { name: '删除接送人李明' }).click();
  const dialog = page.getByRole('dialog', { name: '删除接送人' });
  await expect(dialog).toContainText(`确定删除接送人“李明”吗？删除后，李明将不能再接${girl.name}离馆`);
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已删除接送人李明' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(section.getByRole('article', { name: '高建国' })).toContainText('已启用');
  await expect(section).toContainText('已添加 1/3 人');
  const { tables: after } = await mock.state();
  expect(
    after.pickers
      .filter((p) => p.parent_id === parent.id)
      .map((p) => p.name)
      .sort(),
  ).toEqual(['高建国', '高建国']);
});
