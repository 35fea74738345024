import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const SENT = { expires_in: 300, resend_after: 60 };
let calls: { op: string; body?: unknown }[] = [];
const sent = (op: string) => calls.filter((c) => c.op === op).map((c) => c.body);

function record(method: 'post' | 'get', op: string, path: string, answer: (body: Record<string, unknown>) => Response) {
  return http[method](chromeUrl(path), async ({ request }) => {
    const body = method === 'post' ? ((await request.json()) as Record<string, unknown>) : {};
    calls.push({ op, body });
    return answer(body);
  });
}

beforeEach(() => {
  calls = [];
  server.use(
    http.get(chromeUrl('check_mailbox'), () => ok({ is_bound: true, mailbox: 'zh****@example.com' })),
    record('get', 'verify_old_mailbox_get', 'verify_old_mailbox', () => ok({ ...SENT, mailbox: 'zh****@example.com' })),
    record('post', 'verify_old_mailbox_post', 'verify_old_mailbox', (b) => (b.code === '112233' ? ok({ verify_token: 'VT-9' }) : fail(200, 300601, '验证码错误'))),
    record('post', 'send_mailbox_verification_code', 'send_mailbox_verification_code', () => ok(SENT)),
    record('post', 'change_mailbox', 'change_mailbox', () => ok(null)),
    record('post', 'mailbox_relevance', 'mailbox_relevance', () => ok(null)),
    ...chromeHandlers(),
  );
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

const box = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });
const currentStep = () => screen.getByRole('list', { name: /步骤/ }).querySelector('[aria-current="step"]')!.textContent;

describe('/personal/accountMailbox, a mailbox bound', () => {
  it('sends a code to the old mailbox only when asked, then changes it with the token', async () => {
    renderApp('/personal/accountMailbox');
    expect(await screen.findByText('当前邮箱', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(currentStep()).toContain('验证原邮箱');
    // Opening the page sends nothing: verify_old_mailbox GET sends a mail.
    expect(sent('verify_old_mailbox_get')).toEqual([]);

    await userEvent.click(button('获取验证码'));
    expect(await screen.findByText('验证码已发送至 zh****@example.com，5分钟内有效')).toBeInTheDocument();
    expect(sent('verify_old_mailbox_get')).toHaveLength(1);
    await userEvent.type(box('邮箱验证码'), '000000');
    await userEvent.click(button('下一步'));
    await waitFor(() => expect(box('邮箱验证码')).toHaveAccessibleDescription('验证码错误'));
    await userEvent.clear(box('邮箱验证码'));
    await userEvent.type(box('邮箱验证码'), '112233');
    await userEvent.click(button('下一步'));

    expect(await screen.findByRole('textbox', { name: '新邮箱' })).toBeInTheDocument();
    expect(currentStep()).toContain('设置新邮箱');
    await userEvent.type(box('新邮箱'), 'zhang.wei@example.org');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_mailbox_verification_code')).toEqual([{ mailbox: 'zhang.wei@example.org', scene: 2 }]));
    await userEvent.type(box('邮箱验证码'), '445566');
    await userEvent.click(button('确认更换'));
    expect(await screen.findByRole('heading', { name: '邮箱已更换' })).toBeInTheDocument();
    expect(sent('change_mailbox')).toEqual([{ mailbox: 'zhang.wei@example.org', code: '445566', verify_token: 'VT-9' }]);
  });

  it('a new mailbox bound elsewhere is said beside the field', async () => {
    server.use(record('post', 'send_mailbox_verification_code', 'send_mailbox_verification_code', () => fail(200, 300608, '该邮箱已被其他账号绑定')));
    renderApp('/personal/accountMailbox');
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }, { timeout: 5000 }));
    await userEvent.type(box('邮箱验证码'), '112233');
    await userEvent.click(button('下一步'));
    await userEvent.type(await screen.findByRole('textbox', { name: '新邮箱' }), 'taken@example.org');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(box('新邮箱')).toHaveAccessibleDescription('该邮箱已被其他账号绑定'));
    expect(box('新邮箱')).toHaveValue('taken@example.org');
  });
});

describe('/personal/accountMailbox, none bound', () => {
  beforeEach(() => server.use(http.get(chromeUrl('check_mailbox'), () => ok({ is_bound: false, mailbox: null }))));

  it('checks the address, sends a code (scene 绑定邮箱), then binds', async () => {
    renderApp('/personal/accountMailbox');
    expect(await screen.findByText(/还没有绑定邮箱/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(button('获取验证码'));
    expect(box('邮箱')).toHaveAccessibleDescription('请输入邮箱地址');
    await userEvent.type(box('邮箱'), 'mama@');
    await userEvent.click(button('获取验证码'));
    expect(box('邮箱')).toHaveAccessibleDescription('请输入正确的邮箱地址');
    await userEvent.click(button('绑定邮箱'));
    expect(box('邮箱验证码')).toHaveAccessibleDescription('请输入验证码');
    expect(calls).toEqual([]);

    await userEvent.type(box('邮箱'), 'example.com');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_mailbox_verification_code')).toEqual([{ mailbox: 'mama@example.com', scene: 1 }]));
    await userEvent.type(box('邮箱验证码'), '778899');
    await userEvent.click(button('绑定邮箱'));
    expect(await screen.findByRole('heading', { name: '邮箱已绑定' })).toBeInTheDocument();
    expect(sent('mailbox_relevance')).toEqual([{ mailbox: 'mama@example.com', code: '778899' }]);
  });
});
