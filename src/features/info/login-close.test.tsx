import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { signInTarget } from '../../test/sign-in-target.ts';

/** The site row and 张伟's family: nothing else is this page's subject (返回首页 lands on a real home page). */
const world = familyWorld();

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

/** Where the sign-in button sent the browser, and the address it asked to come back to. */
const sentTo = () => signInTarget(assign.mock.calls[0]![0] as string);

describe('/loginClose', () => {
  it('explains that sign-in was not completed, on a page without the site chrome', async () => {
    await renderRoute('/loginClose', { world });
    expect(await screen.findByRole('heading', { level: 1, name: '登录未完成' })).toBeInTheDocument();
    expect(screen.getByText(/登录窗口已关闭/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    expect(document.title).toMatch(/^登录未完成/);
  });

  it('重新登录 goes to the account service, to come back to the home page', async () => {
    await renderRoute('/loginClose', { world });
    await userEvent.click(await screen.findByRole('link', { name: '重新登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sentTo()).toEqual({ path: '/__mock/account/login', service: `${location.origin}/` });
  });

  it('comes back to the page the parent came from, when the address names one of this site', async () => {
    await renderRoute(`/loginClose?service=${encodeURIComponent(`${location.origin}/details?id=3`)}`, { world });
    await userEvent.click(await screen.findByRole('link', { name: '重新登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sentTo().service).toBe(`${location.origin}/details?id=3`);
  });

  it('never sends the parent on to another site', async () => {
    await renderRoute(`/loginClose?service=${encodeURIComponent('https://evil.example/steal')}`, { world });
    await userEvent.click(await screen.findByRole('link', { name: '重新登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sentTo().service).toBe(`${location.origin}/`);
  });

  it('返回首页 goes home', async () => {
    const app = await renderRoute('/loginClose', { world });
    await userEvent.click(await screen.findByRole('link', { name: '返回首页' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    // The home page, with the site chrome this page went without.
    expect(await screen.findByRole('navigation', { name: '主导航' })).toBeInTheDocument();
  });

  it('tells a parent who is signed in after all that there is nothing left to do', async () => {
    await renderRoute('/loginClose', { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { level: 1, name: '您已登录' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '重新登录' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });
});
