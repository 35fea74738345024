import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { thirdPartyKind } from '#contract/index';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { recordCalls } from '../../test/api-server.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** 张伟 bound his WeChat 张伟的微信 on 2026-08-07 at 10:00. */
const bound = familyWorld((b) => {
  b.parent.wechat = { auth_type: thirdPartyKind.values.wechat, nickname: '张伟的微信', avatar: null, bound_at: '2026-08-07T10:00:00+08:00' };
});
/** The family world: 张伟 has no WeChat bound. */
const notBound = familyWorld();

/** The queries of the unbind calls the page sent (in front of the mock, which answers). */
function recordUnbinds(): string[] {
  return recordCalls('delete', '*/unbound_register_user_auth_info', ({ url }) => url.search);
}

describe('/personal/accountWx', () => {
  it('bound: the nickname and when; 解除绑定 asks first, then unbinds and explains how to bind again', async () => {
    const unbinds = recordUnbinds();
    const { mock } = await renderRoute('/personal/accountWx', { world: bound, as: 'zhangwei' });
    expect(await screen.findByText('张伟的微信')).toBeInTheDocument();
    expect(screen.getByText('已绑定微信 · 绑定于 2026-08-07 10:00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    const dialog = screen.getByRole('dialog', { name: '解除微信绑定？' });
    expect(within(dialog).getByText(/不能用微信“张伟的微信”快捷登录/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(unbinds).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '解除绑定' }));
    await waitFor(() => expect(unbinds).toEqual([`?auth_type=${thirdPartyKind.values.wechat}`]));
    expect(await screen.findByText('您的账号还没有绑定微信。')).toBeInTheDocument();
    expect(toastStore().toasts.map((t) => t.message)).toContain('已解除微信绑定');
    expect(mock.db.parents.findFirst((q) => q.where({ username: 'zhangwei' }))!.wechat).toBeNull();
  });

  it('not bound: how to bind in the mini-program, with its QR code', async () => {
    await renderRoute('/personal/accountWx', { world: notBound, as: 'zhangwei' });
    expect(await screen.findByText('您的账号还没有绑定微信。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '如何绑定' })).toBeInTheDocument();
    // The code is drawn after a lazy import: a placeholder stands in meanwhile.
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('img', { name: /小程序二维码/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '解除绑定' })).toBeNull();
  });
});
