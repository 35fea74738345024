import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { fail, http, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each page loads lazily and answers through msw; on a busy machine that takes more than the
// default second, and that is not what these tests are about.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // 返回首页 lands on the home page, whose own calls are not this test's subject.
  server.use(...chromeHandlers(), http.all(chromeUrl('*'), () => fail(503, 500000, '不在本测试范围')));
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

/** Where the sign-in button sent the browser, and the address it asked to come back to. */
const sentTo = () => {
  const target = new URL(assign.mock.calls[0]![0] as string);
  return { path: target.pathname, service: target.searchParams.get('service') };
};

describe('/loginClose', () => {
  it('explains that sign-in was not completed, on a page without the site chrome', async () => {
    renderApp('/loginClose');
    expect(await screen.findByRole('heading', { level: 1, name: '登录未完成' })).toBeInTheDocument();
    expect(screen.getByText(/登录窗口已关闭/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    expect(document.title).toMatch(/^登录未完成/);
  });

  it('重新登录 goes to the account service, to come back to the home page', async () => {
    renderApp('/loginClose');
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    expect(sentTo()).toEqual({ path: '/__mock/account/login', service: `${location.origin}/` });
  });

  it('comes back to the page the parent came from, when the address names one of this site', async () => {
    renderApp(`/loginClose?service=${encodeURIComponent(`${location.origin}/details?id=3`)}`);
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    expect(sentTo().service).toBe(`${location.origin}/details?id=3`);
  });

  it('never sends the parent on to another site', async () => {
    renderApp(`/loginClose?service=${encodeURIComponent('https://evil.example/steal')}`);
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    expect(sentTo().service).toBe(`${location.origin}/`);
  });

  it('返回首页 goes home', async () => {
    const app = renderApp('/loginClose');
    await userEvent.click(await screen.findByRole('link', { name: '返回首页' }));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('tells a parent who is signed in after all that there is nothing left to do', async () => {
    signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
    renderApp('/loginClose');
    expect(await screen.findByRole('heading', { level: 1, name: '您已登录' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新登录' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });
});
