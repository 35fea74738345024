/**
 * The portal on a backend built from the seed alone (decision 073): spec §7's calls only and only the
 * fields SPEC.md names (the login's client_id and access_token, personal data's four, a contact's id
 * and name, lists without their counts). A parent signs in, browses, signs a child up and pays, as on
 * any backend: the pages say less, and nothing fails.
 */
import { expect, test } from '../support/standalone.ts';
import { watchErrors } from './seed-kit.ts';

test.beforeEach(async ({ world }) => {
  await world.reset('family');
  await world.settings({ spec_only: true, minimal: true });
});

const CLASS = '寒假科学探索营';

test('a parent signs in on the seed’s login answer, browses, signs a child up and pays', async ({ page, world }) => {
  const errors = watchErrors(page);
  const { tables } = await world.state();
  const parent = tables.parents.find((p) => p.username === 'zhangwei')!;
  const [older] = tables.contacts.filter((c) => c.parent_id === parent.id && !c.deleted).sort((a, b) => a.birth_date.localeCompare(b.birth_date));

  await page.goto('/');
  await world.signInAs(page, 'zhangwei', '/');
  // Signed in on client_id and access_token alone: the header names the parent (personal_data's real_name).
  await expect(page.getByRole('button', { name: /张伟/ })).toBeVisible();

  // The child selector lists the children by name: no ages, the seed does not promise them.
  await page.getByRole('button', { name: '请选择宝宝' }).click();
  const children = page.getByRole('radiogroup', { name: '选择宝宝' });
  await expect(children).not.toContainText('岁');
  await children.getByText(older!.name).click();
  await expect(page.getByRole('button', { name: new RegExp(older!.name) })).toBeVisible();

  // Browse: a search from the header, the results without their count, the class.
  await page.getByRole('searchbox', { name: '课程名称' }).fill('科学探索');
  await page.getByRole('searchbox', { name: '课程名称' }).press('Enter');
  await expect(page.getByRole('heading', { name: '“科学探索”的搜索结果' })).toBeVisible();
  await expect(page.getByText(/共找到/)).toHaveCount(0);
  await page.getByRole('link', { name: CLASS }).first().click();
  await expect(page).toHaveURL(/\/details\?id=\d+/);

  // Sign up and order: the child is picked by name; the backend judges the age.
  await page
    .getByRole('link', { name: '立即报名' })
    .or(page.getByRole('button', { name: '立即报名' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/appointment\?id=\d+/);
  await page.getByRole('radio', { name: new RegExp(older!.name) }).check();
  await page.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' }).check();
  await page.getByRole('button', { name: /^提交报名/ }).click();
  await expect(page).toHaveURL(/\/settlement\?signUpId=\d+/);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/collectMoney\?orderId=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));

  // Pay: the trade settles, the result page says so.
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  const trade = await world.nextTrade();
  await world.settle(trade.trade_no, 'success');
  await expect(page).toHaveURL(new RegExp(`/paymentResult\\?orderId=${orderId}`));
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();

  // The order's page, then 我的订单 (client-side): the order paid.
  await page.getByRole('link', { name: '查看订单' }).first().click();
  await expect(page.getByRole('heading', { name: '订单详情', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: '我的订单', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: CLASS })).toContainText('已支付');
  expect(errors).toEqual([]);
});
