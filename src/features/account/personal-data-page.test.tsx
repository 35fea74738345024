import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl, userInfo } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

let user: typeof userInfo;
let edits: unknown[] = [];
let uploads: { name: string; size: number; type: string }[] = [];
let personalDataCalls = 0;

beforeEach(() => {
  user = { ...userInfo };
  edits = [];
  uploads = [];
  personalDataCalls = 0;
  server.use(
    http.get(chromeUrl('personal_data'), () => {
      personalDataCalls += 1;
      return ok({ user_info: user });
    }),
    http.post(chromeUrl('edit_personal_data'), async ({ request }) => {
      const body = (await request.json()) as { url?: string; real_name?: string };
      edits.push(body);
      user = { ...user, ...(body.url ? { url: body.url } : {}), ...(body.real_name ? { real_name: body.real_name } : {}) };
      return ok(null, '保存成功');
    }),
    http.post(chromeUrl('upload'), async ({ request }) => {
      const file = (await request.formData()).get('file') as File;
      uploads.push({ name: file.name, size: file.size, type: file.type });
      return ok({ url: `upload/${uploads.length}.png` });
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

async function open(path = '/personal/personalData') {
  const app = renderApp(path);
  await screen.findByText('账号信息', {}, { timeout: 5000 });
  return app;
}

const row = (label: string) => screen.getByText(label, { selector: 'span' }).closest('li')!;
const png = (name: string, bytes: number, type = 'image/png') => new File([new Uint8Array(bytes).fill(1)], name, { type });

describe('/personal/personalData, what the account holds', () => {
  it('is the personal center’s index too', async () => {
    await open('/personal');
    expect(screen.getByRole('heading', { name: '个人资料' })).toBeInTheDocument();
  });

  it('shows the masked phone and mailbox, the real-name status and the password, each with a link to change it', async () => {
    user = { ...user, mailbox: 'zh****@example.com', has_password: false, wechat_bound: true };
    await open();
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
    user = { ...user, phone: null, real_name: null, real_name_status: 0 };
    await open();
    expect(within(row('手机号')).getByText('未绑定')).toBeInTheDocument();
    expect(within(row('手机号')).getByRole('link', { name: '绑定手机号' })).toBeInTheDocument();
    expect(within(row('邮箱')).getByRole('link', { name: '绑定邮箱' })).toBeInTheDocument();
    expect(within(row('实名认证')).getByText('未认证')).toBeInTheDocument();
    expect(within(row('实名认证')).getByRole('link', { name: '去实名认证' })).toBeInTheDocument();
  });
});

describe('/personal/personalData, the name', () => {
  it('after real-name authentication it cannot be changed, and the page says why', async () => {
    await open();
    expect(within(row('姓名')).getByText('张伟')).toBeInTheDocument();
    expect(within(row('姓名')).getByText('已通过实名认证，姓名以认证信息为准，不能修改')).toBeInTheDocument();
    expect(within(row('姓名')).queryByRole('textbox')).toBeNull();
  });

  it('while the authentication is reviewed it is fixed too', async () => {
    user = { ...user, real_name_status: 1 };
    await open();
    expect(within(row('姓名')).getByText('实名认证审核中，审核期间姓名不能修改')).toBeInTheDocument();
    expect(within(row('姓名')).queryByRole('textbox')).toBeNull();
  });

  it('before it, the parent changes it; the top bar shows the new name', async () => {
    user = { ...user, real_name: '张伟', real_name_status: 0 };
    await open();
    const name = within(row('姓名')).getByRole('textbox', { name: '姓名' });
    const save = within(row('姓名')).getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.click(save);
    expect(name).toHaveAccessibleDescription('请输入姓名');
    await userEvent.type(name, '一'.repeat(31));
    await userEvent.click(save);
    expect(name).toHaveAccessibleDescription('姓名最多30个字');
    expect(edits).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, '张大伟');
    const before = personalDataCalls;
    await userEvent.click(save);
    await waitFor(() => expect(edits).toEqual([{ real_name: '张大伟' }]));
    await waitFor(() => expect(personalDataCalls).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: /张大伟/ })).toHaveAttribute('aria-haspopup', 'menu');
    expect(toastStore.toasts.map((t) => t.message)).toContain('姓名已保存');
  });

  it('a refusal is said beside the field, keeping the typed name', async () => {
    user = { ...user, real_name_status: 0 };
    server.use(http.post(chromeUrl('edit_personal_data'), () => fail(200, 300609, '已完成实名认证，姓名不能修改')));
    const app = await open();
    const name = within(row('姓名')).getByRole('textbox', { name: '姓名' });
    await userEvent.clear(name);
    await userEvent.type(name, '李四');
    await userEvent.click(within(row('姓名')).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('已完成实名认证，姓名不能修改'));
    expect(name).toHaveValue('李四');
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });
});

describe('/personal/personalData, the avatar', () => {
  const picker = () => screen.getByLabelText('更换头像');

  it('refuses a file of another type, or over 5 MB, before sending anything', async () => {
    const user_ = userEvent.setup({ applyAccept: false });
    await open();
    await user_.upload(picker(), png('notes.pdf', 10, 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('“notes.pdf”不是支持的图片格式，请选择 JPG、PNG、WEBP、GIF 图片');
    await user_.upload(picker(), png('huge.png', 5 * 1024 * 1024 + 1));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('图片不能超过5MB（所选图片为5.0MB）'));
    expect(screen.queryByAltText('新头像预览')).toBeNull();
    expect(uploads).toEqual([]);
    expect(edits).toEqual([]);
  });

  it('shows the picked image first, then uploads it and saves its address; the top bar shows it', async () => {
    await open();
    await userEvent.upload(picker(), png('me.png', 2048));
    expect(await screen.findByAltText('新头像预览')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(uploads).toEqual([]);

    // Changing one's mind sends nothing.
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByAltText('新头像预览')).toBeNull();

    await userEvent.upload(picker(), png('me.png', 2048));
    await userEvent.click(await screen.findByRole('button', { name: '保存头像' }));
    await waitFor(() => expect(edits).toEqual([{ url: 'upload/1.png' }]));
    // jsdom's File reaches msw through Node's FormData without its name and bytes; the type survives.
    expect(uploads).toEqual([expect.objectContaining({ type: 'image/png' })]);
    await waitFor(() => expect(screen.queryByAltText('新头像预览')).toBeNull());
    const menu = screen.getByRole('button', { name: /张伟/ });
    await waitFor(() => expect(menu.querySelector('img')).toHaveAttribute('src', '/mock-oss/upload/1.png'));
    expect(toastStore.toasts.map((t) => t.message)).toContain('头像已更新');
  });

  it('a refused upload is said beside the avatar, with no toast', async () => {
    server.use(http.post(chromeUrl('upload'), () => fail(400, 400001, '图片不能超过5MB')));
    const app = await open();
    await userEvent.upload(picker(), png('me.png', 100));
    await userEvent.click(await screen.findByRole('button', { name: '保存头像' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('图片不能超过5MB');
    expect(edits).toEqual([]);
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });
});
