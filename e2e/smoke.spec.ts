import { expect, test } from '@playwright/test';

test('home page is a Chinese document with a Chinese title', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const title = await page.title();
  expect(title.trim()).not.toBe('');
  expect(title).toMatch(/\p{Script=Han}/u);
  await expect(page.locator('#root')).not.toBeEmpty();
});
