import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { credentialType, errorCodes, realNameStatus, thirdPartyKind } from '#contract/index';
import { OSS_BASE_URL } from '#fixtures/oss';
import type { MockState } from '#mock/core/state';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { http, server } from '../../test/api-server.ts';
import { familyWorld, type FamilyBuilder } from '../../test/family-world.ts';
import { imageFile } from '../../test/images.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** The family world: 张伟, phone 13800000000, authenticated, a password, no mailbox, no WeChat, no avatar. */
const family = familyWorld();
/** 张伟 with the mailbox zhangwei@example.com, no password, his WeChat bound. */
const filled = familyWorld((b) => {
  b.parent.mailbox = 'zhangwei@example.com';
  b.parent.password = null;
  b.parent.wechat = { auth_type: thirdPartyKind.values.wechat, nickname: '张伟的微信', avatar: null, bound_at: '2026-08-07T10:00:00+08:00' };
});
function notAuthenticated(b: FamilyBuilder) {
  Object.assign(b.parent, { real_name_status: realNameStatus.values.none, credential_type: null, id_number: null, real_name_submitted_at: null });
}
/** An account with no phone, no mailbox and no real name. */
const bare = familyWorld((b) => {
  notAuthenticated(b);
  Object.assign(b.parent, { phone: null, real_name: null });
});
/** 张伟 gave his name but has not authenticated it. */
const unverified = familyWorld(notAuthenticated);
/** 张伟's passport waits for review since this morning. */
const reviewing = familyWorld((b) => {
  Object.assign(b.parent, {
    real_name_status: realNameStatus.values.reviewing,
    credential_type: credentialType.values.passport,
    id_number: 'E12345678',
    real_name_submitted_at: '2026-12-05T08:00:00+08:00',
  });
});

/** The saves the page sent (in front of the mock, which answers): edit bodies and the number of uploads. */
function recordSaves() {
  const saves = { edits: [] as unknown[], uploads: 0, personalData: 0 };
  server.use(
    http.post('*/edit_personal_data', async ({ request }) => {
      saves.edits.push(await request.clone().json());
    }),
    http.post('*/upload', () => {
      saves.uploads += 1;
    }),
    http.get('*/personal_data', () => {
      saves.personalData += 1;
    }),
  );
  return saves;
}

const zhangwei = (mock: MockState) => mock.db.parents.findFirst((q) => q.where({ username: 'zhangwei' }))!;

async function open(world: typeof family, path = '/personal/personalData') {
  const app = await renderRoute(path, { world, as: 'zhangwei' });
  await screen.findByText('账号信息');
  return app;
}

const row = (label: string) => screen.getByText(label, { selector: 'span' }).closest('li')!;
const png = (name: string, bytes: number, type = 'image/png') => imageFile(name, bytes, type);

describe('/personal/personalData, what the account holds', () => {
  it('is the personal center’s index too', async () => {
    await open(family, '/personal');
    expect(screen.getByRole('heading', { name: '个人资料' })).toBeInTheDocument();
  });

  it('shows the masked phone and mailbox, the real-name status and the password, each with a link to change it', async () => {
    await open(filled);
    expect(within(row('账号')).getByText('zhangwei')).toBeInTheDocument();
    expect(within(row('手机号')).getByText('138****0000')).toBeInTheDocument();
    expect(within(row('手机号')).getByRole('link', { name: '更换手机号' })).toHaveAttribute('href', '/personal/accountPhone');
    expect(within(row('邮箱')).getByText('zh****@example.com')).toBeInTheDocument();
    expect(within(row('邮箱')).getByRole('link', { name: '更换邮箱' })).toHaveAttribute('href', '/personal/accountMailbox');
    expect(within(row('实名认证')).getByText('已认证')).toBeInTheDocument();
    expect(within(row('实名认证')).getByRole('link', { name: '查看认证信息' })).toHaveAttribute('href', '/personal/accountAntonym');
    expect(within(row('登录密码')).getByText('未设置')).toBeInTheDocument();
    expect(within(row('登录密码')).getByRole('link', { name: '设置密码' })).toHaveAttribute('href', '/personal/password');
    expect(within(row('微信')).getByText('已绑定')).toBeInTheDocument();
  });

  it('an account with no phone, mailbox or real name offers to add them', async () => {
    await open(bare);
    expect(within(row('手机号')).getByText('未绑定')).toBeInTheDocument();
    expect(within(row('手机号')).getByRole('link', { name: '绑定手机号' })).toBeInTheDocument();
    expect(within(row('邮箱')).getByRole('link', { name: '绑定邮箱' })).toBeInTheDocument();
    expect(within(row('实名认证')).getByText('未认证')).toBeInTheDocument();
    expect(within(row('实名认证')).getByRole('link', { name: '去实名认证' })).toBeInTheDocument();
  });
});

/** A backend answering as the seed shows: user_info is url, real_name, phone and username (decision 073). */
const minimal = (mock: MockState) => void (mock.settings.minimal = true);

describe('/personal/personalData on a backend that answers only what SPEC.md names', () => {
  it('shows what personal_data says, the top bar the parent’s name, and reads the rest from the account’s own §7 calls', async () => {
    const calls = recordSaves();
    await renderRoute('/personal/personalData', { world: filled, as: 'zhangwei', prepare: minimal });
    await screen.findByText('账号信息');
    expect(await screen.findByRole('button', { name: /张伟/ })).toHaveAttribute('aria-haspopup', 'menu');
    expect(within(row('账号')).getByText('zhangwei')).toBeInTheDocument();
    expect(within(row('手机号')).getByText('138****0000')).toBeInTheDocument();
    expect(await within(row('邮箱')).findByText('zh****@example.com')).toBeInTheDocument();
    expect(within(row('邮箱')).getByRole('link', { name: '更换邮箱' })).toBeInTheDocument();
    expect(await within(row('实名认证')).findByText('已认证')).toBeInTheDocument();
    expect(await within(row('登录密码')).findByText('未设置')).toBeInTheDocument();
    expect(within(row('登录密码')).getByRole('link', { name: '设置密码' })).toBeInTheDocument();
    expect(await within(row('微信')).findByText('已绑定')).toBeInTheDocument();
    expect(within(row('姓名')).getByText('已通过实名认证，姓名以认证信息为准，不能修改')).toBeInTheDocument();
    expect(screen.queryByText(/undefined|加载失败/)).toBeNull();
    expect(calls.personalData).toBe(1);
  });

  it('says less, never fails, when those calls fail too', async () => {
    for (const path of ['*/check_mailbox', '*/real_name_authentication', '*/change_password', '*/get_register_user_auth_info']) server.use(http.get(path, () => new Response(null, { status: 500 })));
    await renderRoute('/personal/personalData', { world: filled, as: 'zhangwei', prepare: minimal });
    await screen.findByText('账号信息');
    await waitFor(() => expect(within(row('邮箱')).getByRole('link', { name: '邮箱设置' })).toBeInTheDocument());
    expect(within(row('实名认证')).getByRole('link', { name: '实名认证' })).toBeInTheDocument();
    expect(within(row('登录密码')).getByRole('link', { name: '密码设置' })).toBeInTheDocument();
    expect(within(row('微信')).getByRole('link', { name: '微信绑定' })).toBeInTheDocument();
    expect(within(row('手机号')).getByText('138****0000')).toBeInTheDocument();
    expect(screen.queryByText(/undefined|加载失败/)).toBeNull();
  });
});

describe('/personal/personalData, the name', () => {
  it('after real-name authentication it cannot be changed, and the page says why', async () => {
    await open(family);
    expect(within(row('姓名')).getByText('张伟')).toBeInTheDocument();
    expect(within(row('姓名')).getByText('已通过实名认证，姓名以认证信息为准，不能修改')).toBeInTheDocument();
    expect(within(row('姓名')).queryByRole('textbox')).toBeNull();
  });

  it('while the authentication is reviewed it is fixed too', async () => {
    await open(reviewing);
    expect(within(row('姓名')).getByText('实名认证审核中，审核期间姓名不能修改')).toBeInTheDocument();
    expect(within(row('姓名')).queryByRole('textbox')).toBeNull();
  });

  it('before it, the parent changes it; the top bar shows the new name', async () => {
    const saves = recordSaves();
    const { mock } = await open(unverified);
    const name = within(row('姓名')).getByRole('textbox', { name: '姓名' });
    const save = within(row('姓名')).getByRole('button', { name: '保存' });
    expect(name).toHaveValue('张伟');
    expect(save).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.click(save);
    // The contract's rule loads at the form's first touch (decision 091): the message may come later.
    await waitFor(() => expect(name).toHaveAccessibleDescription('请输入姓名'));
    await userEvent.type(name, '一'.repeat(31));
    await userEvent.click(save);
    await waitFor(() => expect(name).toHaveAccessibleDescription('姓名最多30个字'));
    expect(saves.edits).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, '张大伟');
    const before = saves.personalData;
    await userEvent.click(save);
    await waitFor(() => expect(saves.edits).toEqual([{ real_name: '张大伟' }]));
    await waitFor(() => expect(saves.personalData).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: /张大伟/ })).toHaveAttribute('aria-haspopup', 'menu');
    expect(toastStore().toasts.map((t) => t.message)).toContain('姓名已保存');
    expect(zhangwei(mock).real_name).toBe('张大伟');
  });

  it('a refusal is said beside the field, keeping the typed name', async () => {
    const app = await open(unverified);
    // Meanwhile the parent authenticated in another tab: the mock now refuses a new name.
    await app.mock.db.parents.update((q) => q.where({ username: 'zhangwei' }), {
      data: (p) => void (p.real_name_status = realNameStatus.values.passed),
    });
    const name = within(row('姓名')).getByRole('textbox', { name: '姓名' });
    await userEvent.clear(name);
    await userEvent.type(name, '李四');
    await userEvent.click(within(row('姓名')).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('已完成实名认证，姓名不能修改'));
    expect(name).toHaveValue('李四');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(zhangwei(app.mock).real_name).toBe('张伟');
  });
});

describe('/personal/personalData, the avatar', () => {
  const picker = () => screen.getByLabelText('更换头像');

  it('refuses a file of another type, or over 5 MB, before sending anything', async () => {
    const saves = recordSaves();
    const user_ = userEvent.setup({ applyAccept: false });
    const { mock } = await open(family);
    await user_.upload(picker(), png('notes.pdf', 10, 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('“notes.pdf”不是支持的图片格式，请选择 JPG、PNG、WEBP、GIF 图片');
    await user_.upload(picker(), png('huge.png', 5 * 1024 * 1024 + 1));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('图片不能超过5MB（所选图片为5.0MB）'));
    expect(screen.queryByAltText('新头像预览')).toBeNull();
    expect(saves.uploads).toBe(0);
    expect(saves.edits).toEqual([]);
    expect(mock.db.uploads.count()).toBe(0);
  });

  it('shows the picked image first, then uploads it and saves its address; the top bar shows it', async () => {
    const saves = recordSaves();
    const { mock } = await open(family);
    await userEvent.upload(picker(), png('me.png', 2048));
    expect(await screen.findByAltText('新头像预览')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(saves.uploads).toBe(0);

    // Changing one's mind sends nothing.
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByAltText('新头像预览')).toBeNull();

    await userEvent.upload(picker(), png('me.png', 2048));
    await userEvent.click(await screen.findByRole('button', { name: '保存头像' }));
    // The mock stores the first upload as upload/1.png.
    await waitFor(() => expect(saves.edits).toEqual([{ url: 'upload/1.png' }]));
    expect(saves.uploads).toBe(1);
    // jsdom's File reaches msw through Node's FormData without its name and bytes; the type survives.
    expect(mock.db.uploads.all()).toEqual([expect.objectContaining({ parent_id: 1, url: 'upload/1.png', content_type: 'image/png' })]);
    await waitFor(() => expect(screen.queryByAltText('新头像预览')).toBeNull());
    const menu = screen.getByRole('button', { name: /张伟/ });
    await waitFor(() => expect(menu.querySelector('img')).toHaveAttribute('src', `${OSS_BASE_URL}upload/1.png`));
    expect(toastStore().toasts.map((t) => t.message)).toContain('头像已更新');
    expect(zhangwei(mock).url).toBe('upload/1.png');
  });

  it('a refused upload is said beside the avatar, with no toast', async () => {
    const saves = recordSaves();
    const app = await open(family);
    app.mock.faults.add([{ operation: 'upload', status: 400, error_code: errorCodes.invalidRequest.code, msg: '图片不能超过5MB', times: 1 }]);
    await userEvent.upload(picker(), png('me.png', 100));
    await userEvent.click(await screen.findByRole('button', { name: '保存头像' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('图片不能超过5MB');
    expect(saves.edits).toEqual([]);
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(zhangwei(app.mock).url).toBeNull();
  });
});
