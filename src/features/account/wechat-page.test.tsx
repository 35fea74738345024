import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const wechat = { auth_type: 1, nickname: '张伟的微信', avatar: null, bound_at: '2026-08-07T10:00:00+08:00' };
let bound = true;
let unbinds: string[] = [];

beforeEach(() => {
  bound = true;
  unbinds = [];
  server.use(
    http.get(chromeUrl('get_register_user_auth_info'), () => ok({ list: bound ? [wechat] : [] })),
    http.delete(chromeUrl('unbound_register_user_auth_info'), ({ request }) => {
      unbinds.push(new URL(request.url).search);
      bound = false;
      return ok(null, '解绑成功');
    }),
    ...chromeHandlers(),
  );
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

describe('/personal/accountWx', () => {
  it('bound: the nickname and when; 解除绑定 asks first, then unbinds and explains how to bind again', async () => {
    renderApp('/personal/accountWx');
    expect(await screen.findByText('张伟的微信', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('已绑定微信 · 绑定于 2026-08-07 10:00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    const dialog = screen.getByRole('dialog', { name: '解除微信绑定？' });
    expect(within(dialog).getByText(/不能用微信“张伟的微信”快捷登录/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(unbinds).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '解除绑定' }));
    await waitFor(() => expect(unbinds).toEqual(['?auth_type=1']));
    expect(await screen.findByText('您的账号还没有绑定微信。')).toBeInTheDocument();
    expect(toastStore.toasts.map((t) => t.message)).toContain('已解除微信绑定');
  });

  it('not bound: how to bind in the mini-program, with its QR code', async () => {
    bound = false;
    renderApp('/personal/accountWx');
    expect(await screen.findByText('您的账号还没有绑定微信。', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '如何绑定' })).toBeInTheDocument();
    // The code is drawn after a lazy import: a placeholder stands in meanwhile.
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('img', { name: /小程序二维码/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '解除绑定' })).toBeNull();
  });
});
