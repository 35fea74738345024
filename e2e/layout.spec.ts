/**
 * Spec §9's sizes where only a browser can measure them (decision 059), on one page load: a
 * 1366 × 768 laptop gets the 82px side tool beside the 1200px container, the header search input
 * is 369px wide, and the search page's header is 450px high; one pixel narrower, the tool folds
 * into its 40px column.
 */
import { expect, test } from './support/mock.ts';

test('spec §9 at 1366 × 768: the 82px side tool, the 369px search input, the 450px search header', async ({ page, scenario }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await scenario('default', { path: '/searchHome' });
  await expect(page.getByRole('heading', { level: 1, name: '全部课程' })).toBeVisible();
  const tool = page.getByRole('complementary', { name: '快捷工具' });
  const box = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!;

  expect((await box(tool)).width).toBe(82);
  // Beside the 1200px container, not over it.
  const containerRight = await page.getByRole('navigation', { name: '主导航' }).evaluate((el: Element) => {
    let at: Element | null = el;
    while (at && at.getBoundingClientRect().width !== 1200) at = at.parentElement;
    return at!.getBoundingClientRect().right;
  });
  expect((await box(tool)).x).toBeGreaterThanOrEqual(containerRight);
  expect((await box(page.getByRole('searchbox', { name: '课程名称' }))).width).toBe(369);
  const header = await box(page.getByRole('heading', { level: 1 }).locator('xpath=../..'));
  expect(header.height).toBe(450);

  await page.setViewportSize({ width: 1365, height: 768 });
  await expect.poll(async () => (await box(tool)).width).toBe(40);
});
