/**
 * A parent's session outlives its access token: two hours after signing in (the token's life),
 * a reload of a page that sends several calls at once renews the token once and stays signed in
 * (spec §8's 99993: replace the token and retry), on 我的订单 and on 个人资料.
 */
import { expect, test } from './support/mock.ts';

const TOKEN_LIFE_MS = 2 * 60 * 60 * 1000;

for (const [path, shows] of [
  ['/personal/myOrder', '订单列表'],
  ['/personal', '个人资料'],
] as const) {
  test(`an expired token on ${path} is renewed, not a sign-out`, async ({ page, scenario, mock }) => {
    await scenario('invoice-issued', { as: 'chenjing', path });
    const tokenNow = async () => (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
    const token = await tokenNow();
    expect(token).toBeTruthy();

    await mock.advance(TOKEN_LIFE_MS + 60_000);
    await page.reload();

    await expect(page.getByRole('heading', { name: shows, level: 1 }).or(page.getByRole('table', { name: shows }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
    // The page's first calls renew the token (one 99993, then a retry with the fresh one).
    await expect.poll(tokenNow).not.toBe(token);
    expect(await tokenNow()).toBeTruthy();
    // Still signed in: the header greets the parent, not a sign-in link.
    await expect(page.getByRole('link', { name: '登录/注册' })).toHaveCount(0);
  });
}
