/**
 * No script, no loss (issue 39, item 5; decision 074): a signed-out page loads its scripts after
 * the page (decision 070), and some browsers never run them. What a visitor does on a public page
 * works as HTML meanwhile: the header's search, the search page's filters and pages, the FAQ's
 * search and pages, the category menu, and on a phone the folded filters. JavaScript is off here.
 */
import type { Page } from '@playwright/test';
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM, MOCK_ACCOUNT_LOGIN_PATH, SERVICE_PARAM } from '#contract/index';
import { expect, test } from '../support/standalone.ts';

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ world }) => {
  await world.reset('default');
});

const address = (page: Page) => {
  const url = new URL(page.url());
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};
const group = (page: Page, name: string) => page.getByRole('group', { name });

test('the header’s search goes to the search page from any page, which filters and pages by its forms and links', async ({ page }) => {
  await page.goto('/details?id=1');
  await page.getByRole('searchbox', { name: '课程名称' }).fill('画');
  await page.getByRole('searchbox', { name: '课程名称' }).press('Enter');
  expect(address(page)).toEqual({ path: '/searchHome', params: { name: '画' } });
  await expect(page.getByRole('heading', { name: '“画”的搜索结果' })).toBeVisible();

  // A filter keeps the search it narrows; another keeps both.
  await group(page, '年龄').getByRole('button', { name: '7岁' }).click();
  expect(address(page).params).toEqual({ name: '画', age: '7' });
  await group(page, '上课日').getByRole('button', { name: '周六' }).click();
  expect(address(page).params).toEqual({ name: '画', age: '7', weekday: '6' });
  await expect(group(page, '年龄').getByRole('button', { name: '7岁' })).toHaveAttribute('aria-pressed', 'true');
  // A typed fee range, the checkbox, and a tag taken off.
  await group(page, '费用').getByRole('spinbutton', { name: '最高金额（元）' }).fill('3000');
  await group(page, '费用').getByRole('button', { name: '确定' }).click();
  // A form sends its empty box too (fee_min=): the page reads it as no minimum.
  expect(address(page).params).toEqual({ name: '画', age: '7', weekday: '6', fee_min: '', fee_max: '3000' });
  await page.getByRole('checkbox', { name: '只看可报名的班级' }).check();
  await page.getByRole('button', { name: '只看可报名' }).click();
  expect(address(page).params).toEqual({ name: '画', age: '7', weekday: '6', fee_max: '3000', available: 'true' });
  await page.getByRole('button', { name: /^去掉条件：周六/ }).click();
  expect(address(page).params).toEqual({ name: '画', age: '7', fee_max: '3000', available: 'true' });
  await page.getByRole('button', { name: '清空筛选' }).click();
  expect(address(page).params).toEqual({ name: '画' });

  // The whole catalogue, page by page.
  await page.goto('/searchHome');
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
  expect(address(page).params).toEqual({ page: '2' });
  await expect(page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
});

test('the FAQ searches and pages by its form and links', async ({ page }) => {
  await page.goto('/patriarchFAQ');
  await page.getByRole('searchbox', { name: '搜索问题' }).fill('退费');
  await page.getByRole('searchbox', { name: '搜索问题' }).press('Enter');
  expect(address(page)).toEqual({ path: '/patriarchFAQ', params: { keyword: '退费' } });
  await expect(page.getByRole('heading', { level: 3 }).first()).toContainText('退费');
  await page.goto('/patriarchFAQ');
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
  expect(address(page)).toEqual({ path: '/patriarchFAQ', params: { page: '2' } });
});

test('the category menu shows a category’s specialties on hover, each a link', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: '课程分类' });
  const row = menu.getByRole('listitem').first();
  await row.hover();
  const panel = row.locator('[class*="panel"]').first();
  await expect(panel).toBeVisible();
  const links = panel.getByRole('link');
  expect(await links.count()).toBeGreaterThan(1);
  await links.last().click();
  expect(address(page)).toMatchObject({ path: '/searchHome', params: { specialty: expect.any(String), center: expect.any(String) } });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the folded filters open, and filter', async ({ page }) => {
    await page.goto('/searchHome?name=%E7%94%BB');
    const rows = group(page, '年龄');
    await expect(rows).toBeHidden();
    await page.getByText('筛选条件', { exact: true }).click();
    await expect(rows).toBeVisible();
    await rows.getByRole('button', { name: '7岁' }).click();
    expect(address(page).params).toEqual({ name: '画', age: '7' });
  });
});

test('登录/注册 and 登录后报名 are links: each starts a sign-in at the account service, to come back to the page it was on', async ({ page, world }) => {
  const open = (await world.state()).tables.classes.find((c) => c.name === '寒假科学探索营')!;
  const signIns: [string, (page: Page) => ReturnType<Page['getByRole']>][] = [
    [`/searchHome?name=${encodeURIComponent('画')}&age=7`, (p) => p.getByRole('link', { name: '登录/注册' })],
    [`/details?id=${open.id}`, (p) => p.getByRole('main').getByRole('link', { name: '登录后报名' })],
  ];
  for (const [from, control] of signIns) {
    await page.context().clearCookies({ name: LOGIN_STATE_COOKIE });
    await page.goto(from);
    await control(page).click();
    expect(new URL(page.url()).pathname, from).toBe(MOCK_ACCOUNT_LOGIN_PATH);
    const service = new URL(new URL(page.url()).searchParams.get(SERVICE_PARAM)!);
    const cookie = (await page.context().cookies()).find((c) => c.name === LOGIN_STATE_COOKIE);
    expect(cookie?.value, `${from}: the state's cookie`).toMatch(/^[0-9a-f]{32}$/);
    expect(service.searchParams.get(LOGIN_STATE_PARAM), `${from}: the same state in the address`).toBe(cookie!.value);
    service.searchParams.delete(LOGIN_STATE_PARAM);
    expect(`${service.pathname}${service.search}`).toBe(from);
    expect(service.origin).toBe(new URL(page.url()).origin);
  }
});

test('the empty states’ ways out are links and GET forms: back to the first page, the search cleared, a filter loosened', async ({ page }) => {
  await page.goto('/patriarchFAQ?page=99');
  await page.getByRole('link', { name: '回到第一页' }).click();
  expect(address(page)).toEqual({ path: '/patriarchFAQ', params: {} });
  await page.goto(`/patriarchFAQ?keyword=${encodeURIComponent('没有这样的问题')}`);
  await page.getByRole('link', { name: '清除搜索' }).click();
  expect(address(page)).toEqual({ path: '/patriarchFAQ', params: {} });
  await expect(page.getByRole('region', { name: '问答列表' }).getByRole('heading', { level: 3 }).first()).toBeVisible();

  await page.goto('/searchHome?age=3&weekday=7&fee_max=1');
  await expect(page.getByText('没有找到符合条件的班级')).toBeVisible();
  await page.getByRole('button', { name: '清空全部条件' }).click();
  expect(address(page)).toEqual({ path: '/searchHome', params: {} });
  await page.goto('/searchHome?age=7&page=99');
  await page.getByRole('button', { name: '回到第1页' }).click();
  expect(address(page)).toEqual({ path: '/searchHome', params: { age: '7' } });
});
