import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

let state: { has_password: boolean; phone: string | null } = { has_password: true, phone: '138****0000' };
let calls: { op: string; body: unknown }[] = [];
const sent = (op: string) => calls.filter((c) => c.op === op).map((c) => c.body);

function record(method: 'post' | 'put', op: string, path: string, answer: (body: Record<string, unknown>) => Response) {
  return http[method](chromeUrl(path), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ op, body });
    return answer(body);
  });
}

beforeEach(() => {
  state = { has_password: true, phone: '138****0000' };
  calls = [];
  server.use(
    http.get(chromeUrl('change_password'), () => ok(state)),
    http.get(chromeUrl('send_sms'), () => ok({ captcha_key: 'CAP-1', captcha_image: 'data:image/svg+xml,c' })),
    record('post', 'send_sms_post', 'send_sms', () => ok({ expires_in: 300, resend_after: 60 })),
    record('put', 'change_password_put', 'change_password', (b) => (b.old_password === 'Passw0rd' ? ok(null) : fail(200, 300604, '原密码错误'))),
    record('post', 'change_password_post', 'change_password', () => ok(null)),
    ...chromeHandlers(),
  );
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

/** A labelled input; a required field's label starts with its (hidden) asterisk. */
const label = (name: string) => new RegExp(`^\\*?${name}$`);
const field = (name: string) => screen.getByLabelText(label(name), { selector: 'input' });
const button = (name: string) => screen.getByRole('button', { name });
const rules = () => screen.getByRole('list', { name: '密码要求' });

async function open() {
  const app = renderApp('/personal/password');
  await screen.findByRole('heading', { name: '登录密码' }, { timeout: 5000 });
  return app;
}

describe('/personal/password, changing a password', () => {
  it('ticks off the contract’s rule as the parent types', async () => {
    await open();
    await screen.findByRole('form', { name: '修改密码' });
    expect(within(rules()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['8–20位', '同时包含字母和数字']);
    await userEvent.type(field('新密码'), 'abc');
    expect(within(rules()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['8–20位（未满足）', '同时包含字母和数字（未满足）']);
    await userEvent.type(field('新密码'), 'defgh');
    expect(within(rules()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['8–20位（已满足）', '同时包含字母和数字（未满足）']);
    await userEvent.type(field('新密码'), '1');
    expect(within(rules()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['8–20位（已满足）', '同时包含字母和数字（已满足）']);
    // The confirmation is called wrong as soon as it cannot match any more.
    await userEvent.type(field('确认新密码'), 'abx');
    expect(field('确认新密码')).toHaveAccessibleDescription('两次输入的密码不一致');
  });

  it('checks everything before sending', async () => {
    await open();
    await userEvent.click(await screen.findByRole('button', { name: '确认修改' }));
    expect(field('原密码')).toHaveAccessibleDescription('请输入原密码');
    expect(field('新密码')).toHaveAccessibleDescription('请输入新密码');
    expect(field('确认新密码')).toHaveAccessibleDescription('请再次输入新密码');
    await userEvent.type(field('原密码'), 'Passw0rd');
    await userEvent.type(field('新密码'), 'password');
    await userEvent.click(button('确认修改'));
    expect(field('新密码')).toHaveAccessibleDescription('密码需同时包含字母和数字');
    await userEvent.clear(field('新密码'));
    await userEvent.type(field('新密码'), 'Passw0rd');
    await userEvent.type(field('确认新密码'), 'Passw0rd');
    await userEvent.click(button('确认修改'));
    expect(field('新密码')).toHaveAccessibleDescription('新密码不能与原密码相同');
    expect(calls).toEqual([]);
  });

  it('a wrong old password is said beside it; the right one changes the password', async () => {
    const app = await open();
    await userEvent.type(await screen.findByLabelText(label('原密码'), { selector: 'input' }), 'wrong123');
    await userEvent.type(field('新密码'), 'NewPass123');
    await userEvent.type(field('确认新密码'), 'NewPass123');
    await userEvent.click(button('确认修改'));
    await waitFor(() => expect(field('原密码')).toHaveAccessibleDescription('原密码错误'));
    expect(field('新密码')).toHaveValue('NewPass123');
    expect(app.ports.toastError).not.toHaveBeenCalled();

    await userEvent.clear(field('原密码'));
    await userEvent.type(field('原密码'), 'Passw0rd');
    await userEvent.click(button('确认修改'));
    expect(await screen.findByRole('heading', { name: '密码已修改' })).toBeInTheDocument();
    expect(sent('change_password_put').at(-1)).toEqual({ old_password: 'Passw0rd', new_password: 'NewPass123' });
  });
});

describe('/personal/password, setting a first password with an SMS code', () => {
  beforeEach(() => (state = { has_password: false, phone: '138****0000' }));

  it('asks for the full phone, explains why, and checks it fits the masked one before sending', async () => {
    await open();
    await screen.findByRole('form', { name: '设置密码' });
    expect(field('绑定的手机号')).toHaveAttribute('placeholder', '请输入完整的手机号 138****0000');
    expect(screen.getByText(/页面只显示部分号码，为确认是您本人，请输入完整号码/)).toBeInTheDocument();
    await screen.findByAltText('图形验证码');
    await userEvent.type(field('绑定的手机号'), '13912340000');
    await userEvent.type(field('图形验证码'), 'K7PZ');
    await userEvent.click(button('获取验证码'));
    expect(field('绑定的手机号')).toHaveAccessibleDescription('与账号绑定的手机号（138****0000）不一致，请核对');
    expect(calls).toEqual([]);

    await userEvent.clear(field('绑定的手机号'));
    await userEvent.type(field('绑定的手机号'), '13812340000');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toEqual([{ phone: '13812340000', scene: 3, captcha_key: 'CAP-1', captcha_code: 'K7PZ' }]));

    await userEvent.type(field('短信验证码'), '654321');
    await userEvent.type(field('新密码'), 'Family2026');
    await userEvent.type(field('确认新密码'), 'Family2026');
    await userEvent.click(button('设置密码'));
    expect(await screen.findByRole('heading', { name: '密码已设置' })).toBeInTheDocument();
    expect(sent('change_password_post')).toEqual([{ sms_code: '654321', new_password: 'Family2026' }]);
  });

  it('with no phone bound, says a phone is needed first', async () => {
    state = { has_password: false, phone: null };
    await open();
    expect(await screen.findByText(/设置密码需要先向绑定的手机号发送验证码/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '绑定手机号' })).toHaveAttribute('href', '/personal/accountPhone');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
