/**
 * A parent's children (/personal/contacts): adding one with a mainland ID number, which tells
 * the birth date, age and gender as it is typed, and editing it afterwards.
 */
import { ageOn, makeIdNumber } from '#contract/index';
import { expect, test } from './support/mock.ts';

/** Today in Beijing on the browser's own clock (what the form reads the number against). */
const beijingToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('a parent adds a child by mainland ID number, sees what the number tells, then edits the school', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei', path: '/personal/contacts' });
  await expect(page.getByRole('heading', { name: '孩子信息', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: '孩子列表' }).getByRole('listitem')).toHaveCount(2);

  // 110105 (Beijing, Chaoyang), born 2019-03-08, sequence 123: odd, so a boy.
  const birthDate = '2019-03-08';
  const idNumber = makeIdNumber('110105', birthDate, 123);
  await page.getByRole('button', { name: '添加孩子' }).click();
  const form = page.getByRole('form', { name: '添加孩子' });
  await form.getByLabel('孩子姓名').fill('张小明');
  // Part of the number is not yet wrong: it only counts the digits.
  await form.getByLabel('证件号码').fill(idNumber.slice(0, 10));
  await expect(form.getByText('身份证号码为18位，已输入10位')).toBeVisible();
  await form.getByLabel('证件号码').fill(idNumber);
  const facts = form.getByTestId('id-facts');
  await expect(facts).toContainText(`出生日期 ${birthDate}`);
  await expect(facts).toContainText(`年龄 ${ageOn(birthDate, beijingToday())}岁`);
  await expect(facts).toContainText('性别 男');
  // An ID card needs no typed birth date or gender.
  await expect(form.getByLabel('出生日期')).toHaveCount(0);
  await expect(form.getByRole('radiogroup', { name: '性别' })).toHaveCount(0);
  await expect(form.getByLabel('监护人姓名')).toHaveValue('张伟');
  await form.getByLabel('与孩子关系').selectOption({ label: '父亲' });
  await form.getByLabel('监护人手机号').fill('13912345678');
  await form.getByRole('button', { name: '添加', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: '已添加张小明' })).toBeVisible();
  const card = page.getByRole('listitem', { name: '张小明' });
  const mockToday = (await mock.clock()).now.slice(0, 10);
  // An ID card is checked at once (the mock stands for the public-security check).
  await expect(card).toContainText('已通过');
  await expect(card).toContainText(`男 · ${ageOn(birthDate, mockToday)}岁 · ${birthDate} 出生`);
  await expect(card).toContainText(`身份证 ${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`);
  await expect(page.getByRole('list', { name: '孩子列表' }).getByRole('listitem')).toHaveCount(3);

  // Editing: the stored numbers come masked; typed again they are sent (left empty they stay); the school is new.
  await card.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('form', { name: '编辑孩子信息' });
  await expect(edit.getByLabel('孩子姓名')).toHaveValue('张小明');
  await expect(edit.getByLabel('学校')).toHaveValue('');
  await edit.getByLabel('证件号码').fill(idNumber);
  await expect(edit.getByTestId('id-facts')).toContainText(`出生日期 ${birthDate}`);
  await edit.getByLabel('学校').fill('西城区实验小学');
  await edit.getByLabel('监护人手机号').fill('13912345678');
  await edit.getByRole('button', { name: '保存修改' }).click();

  await expect(page.getByRole('status').filter({ hasText: '已保存张小明的信息' })).toBeVisible();
  await expect(edit).toBeHidden();
  // The school and guardian need no review: still passed, and the form now shows the school.
  await expect(card).toContainText('已通过');
  await card.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByRole('form', { name: '编辑孩子信息' }).getByLabel('学校')).toHaveValue('西城区实验小学');

  const { tables } = await mock.state();
  expect(tables.contacts.find((c) => c.name === '张小明' && !c.deleted)).toMatchObject({ id_number: idNumber, birth_date: birthDate, gender: 1, school: '西城区实验小学' });
});

test('an ID number with a wrong check digit is refused beside the field, and nothing is added', async ({ page, scenario, mock }) => {
  await scenario('family', { as: 'zhangwei', path: '/personal/contacts?add=1' });
  const good = makeIdNumber('110105', '2019-03-08', 124);
  const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
  const form = page.getByRole('form', { name: '添加孩子' });
  await form.getByLabel('孩子姓名').fill('张小红');
  await form.getByLabel('证件号码').fill(wrongCheck);
  await expect(form.getByRole('alert')).toHaveText('身份证号码校验位不正确，请核对');
  await expect(form.getByLabel('证件号码')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('与孩子关系').selectOption({ label: '父亲' });
  await form.getByLabel('监护人手机号').fill('13912345678');
  await form.getByRole('button', { name: '添加', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('身份证号码校验位不正确，请核对');
  await expect(form).toBeVisible();
  expect((await mock.state()).tables.contacts.filter((c) => c.name === '张小红')).toHaveLength(0);

  // Corrected, it reads as a girl (sequence 124 is even) and goes through.
  await form.getByLabel('证件号码').fill(good);
  await expect(form.getByTestId('id-facts')).toContainText('性别 女');
  await form.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByRole('listitem', { name: '张小红' })).toContainText('女 ·');
  const { tables } = await mock.state();
  expect(tables.contacts.filter((c) => c.name === '张小红')).toHaveLength(1);
});
