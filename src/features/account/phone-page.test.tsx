import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const SENT = { expires_in: 300, resend_after: 60 };
let calls: { op: string; body: unknown }[] = [];
let captchas = 0;
const sent = (op: string) => calls.filter((c) => c.op === op).map((c) => c.body);

/** Answers a POST and keeps its body under the operation's id (send_sms_post's path is send_sms). */
function record(op: string, answer: (body: Record<string, unknown>) => Response) {
  return http.post(chromeUrl(op.replace(/_post$/, '')), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ op, body });
    return answer(body);
  });
}

beforeEach(() => {
  calls = [];
  captchas = 0;
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('see_phone_num'), () => ok({ phone: '138****0000' })),
    http.get(chromeUrl('send_sms'), () => {
      captchas += 1;
      return ok({ captcha_key: `CAP-${captchas}`, captcha_image: `data:image/svg+xml,captcha-${captchas}` });
    }),
    record('verify_old_phone_number_send_sms', () => ok(SENT)),
    record('verify_old_phone_number', (body) => (body.sms_code === '246810' ? ok({ verify_token: 'VT-1' }) : fail(200, 300601, '验证码错误'))),
    record('send_sms_post', () => ok(SENT)),
    record('binding_new_phone_num', () => ok(null)),
    record('binding_phone_number', () => ok(null)),
  );
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const currentStep = () => screen.getByRole('list', { name: /步骤/ }).querySelector('[aria-current="step"]')!.textContent;

describe('/personal/accountPhone, a phone bound: the two-step change', () => {
  it('verifies the old phone, then binds the new one with the token the first step gave', async () => {
    const app = renderApp('/personal/accountPhone');
    expect(await screen.findByText('当前手机号', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText(/138\*\*\*\*0000/).length).toBeGreaterThan(0);
    expect(currentStep()).toContain('验证原手机号');

    // Nothing is checked before a code was asked for.
    await userEvent.click(button('下一步'));
    expect(box('短信验证码')).toHaveAccessibleDescription('请输入验证码');
    await userEvent.type(box('短信验证码'), '246810');
    await userEvent.click(button('下一步'));
    expect(box('短信验证码')).toHaveAccessibleDescription('请先获取验证码');
    expect(sent('verify_old_phone_number')).toEqual([]);

    await userEvent.click(button('获取验证码'));
    expect(await screen.findByText('验证码已发送至 138****0000，5分钟内有效')).toBeInTheDocument();
    expect(sent('verify_old_phone_number_send_sms')).toEqual([{}]);
    expect(button('60秒后重新获取')).toBeDisabled();

    // A wrong code is said beside the field, not in a toast, and what was typed stays.
    await userEvent.clear(box('短信验证码'));
    await userEvent.type(box('短信验证码'), '111111');
    await userEvent.click(button('下一步'));
    await waitFor(() => expect(box('短信验证码')).toHaveAccessibleDescription('验证码错误'));
    expect(box('短信验证码')).toHaveValue('111111');
    expect(app.ports.toastError).not.toHaveBeenCalled();

    await userEvent.clear(box('短信验证码'));
    await userEvent.type(box('短信验证码'), '246810');
    await userEvent.click(button('下一步'));
    expect(await screen.findByRole('textbox', { name: '新手机号' })).toBeInTheDocument();
    expect(currentStep()).toContain('设置新手机号');
    expect(screen.getByText('已验证')).toBeInTheDocument();

    // Step 2: the image code is shown, and sent with the SMS request.
    const captchaImage = await screen.findByAltText('图形验证码');
    expect(captchaImage).toHaveAttribute('src', 'data:image/svg+xml,captcha-1');
    await userEvent.type(box('新手机号'), '13912345678');
    await userEvent.type(box('图形验证码'), 'ab12');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toEqual([{ phone: '13912345678', scene: 2, captcha_key: 'CAP-1', captcha_code: 'ab12' }]));
    // Each image code is used up: a new one is drawn and the box emptied.
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toHaveAttribute('src', 'data:image/svg+xml,captcha-2'));
    expect(box('图形验证码')).toHaveValue('');
    expect(screen.getByText('验证码已发送至 139****5678，5分钟内有效')).toBeInTheDocument();

    await userEvent.type(box('短信验证码'), '135790');
    await userEvent.click(button('确认更换'));
    expect(await screen.findByRole('heading', { name: '手机号已更换' })).toBeInTheDocument();
    expect(sent('binding_new_phone_num')).toEqual([{ phone: '13912345678', sms_code: '135790', verify_token: 'VT-1' }]);
    expect(screen.getByText(/当前绑定的手机号为 139\*\*\*\*5678/)).toBeInTheDocument();
    expect(currentStep()).toContain('完成');
    expect(toastStore.toasts.map((t) => t.message)).toContain('手机号已更换');
    expect(screen.getByRole('link', { name: '返回个人资料' })).toHaveAttribute('href', '/personal/personalData');
  });

  async function reachStepTwo() {
    renderApp('/personal/accountPhone');
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await userEvent.type(box('短信验证码'), '246810');
    await userEvent.click(button('下一步'));
    await screen.findByRole('textbox', { name: '新手机号' });
    await screen.findByAltText('图形验证码');
  }

  it('an expired proof of the old phone sends the parent back to that step, saying why', async () => {
    server.use(record('binding_new_phone_num', () => fail(200, 300607, '原手机号验证已失效，请重新验证')));
    await reachStepTwo();
    await userEvent.type(box('新手机号'), '13912345678');
    await userEvent.type(box('图形验证码'), 'AB12');
    await userEvent.click(button('获取验证码'));
    await screen.findByText(/验证码已发送至 139/);
    await userEvent.type(box('短信验证码'), '135790');
    await userEvent.click(button('确认更换'));
    expect(await screen.findByText('原手机号验证已失效，请重新验证')).toBeInTheDocument();
    expect(currentStep()).toContain('验证原手机号');
    expect(screen.queryByRole('textbox', { name: '新手机号' })).toBeNull();
  });

  it('a new phone bound elsewhere and a wrong image code are said beside their fields', async () => {
    server.use(record('send_sms_post', (body) => (body.captcha_code === 'XXXX' ? fail(200, 300605, '图形验证码错误') : fail(200, 300603, '该手机号已被其他账号绑定'))));
    await reachStepTwo();
    await userEvent.type(box('新手机号'), '13912345678');
    await userEvent.type(box('图形验证码'), 'XXXX');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(box('图形验证码')).toHaveAccessibleDescription('图形验证码错误'));
    await userEvent.type(box('图形验证码'), 'AB12');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(box('新手机号')).toHaveAccessibleDescription('该手机号已被其他账号绑定'));
    expect(box('新手机号')).toHaveValue('13912345678');
    // No code went out, so no countdown.
    expect(button('获取验证码')).toBeEnabled();
  });

  it('checks the new phone and the image code before asking for a code', async () => {
    await reachStepTwo();
    await userEvent.click(button('获取验证码'));
    expect(box('新手机号')).toHaveAccessibleDescription('请输入手机号');
    expect(box('图形验证码')).toHaveAccessibleDescription('请输入图形验证码');
    await userEvent.type(box('新手机号'), '12345');
    await userEvent.type(box('图形验证码'), 'AB12');
    await userEvent.click(button('获取验证码'));
    expect(box('新手机号')).toHaveAccessibleDescription('请输入正确的11位手机号');
    await userEvent.click(button('确认更换'));
    expect(box('短信验证码')).toHaveAccessibleDescription('请输入验证码');
    expect(sent('send_sms_post')).toEqual([]);
    expect(sent('binding_new_phone_num')).toEqual([]);
  });
});

describe('/personal/accountPhone, no phone bound', () => {
  beforeEach(() => server.use(http.get(chromeUrl('see_phone_num'), () => ok({ phone: null }))));

  it('binds one: image code, SMS code (scene 绑定手机号), then binding_phone_number', async () => {
    renderApp('/personal/accountPhone');
    expect(await screen.findByText(/还没有绑定手机号/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /步骤/ })).toBeNull();
    await screen.findByAltText('图形验证码');
    await userEvent.type(box('手机号'), '13700001111');
    await userEvent.type(box('图形验证码'), 'Q7RT');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toEqual([{ phone: '13700001111', scene: 1, captcha_key: 'CAP-1', captcha_code: 'Q7RT' }]));

    server.use(record('binding_phone_number', (body) => (body.sms_code === '000000' ? fail(200, 300602, '验证码已过期，请重新获取') : ok(null))));
    await userEvent.type(box('短信验证码'), '000000');
    await userEvent.click(button('绑定手机号'));
    await waitFor(() => expect(box('短信验证码')).toHaveAccessibleDescription('验证码已过期，请重新获取'));
    expect(box('手机号')).toHaveValue('13700001111');

    await userEvent.clear(box('短信验证码'));
    await userEvent.type(box('短信验证码'), '123456');
    await userEvent.click(button('绑定手机号'));
    expect(await screen.findByRole('heading', { name: '手机号已绑定' })).toBeInTheDocument();
    expect(sent('binding_phone_number').at(-1)).toEqual({ phone: '13700001111', sms_code: '123456' });
  });

  it('a new image is drawn when the parent clicks the picture', async () => {
    renderApp('/personal/accountPhone');
    expect(await screen.findByAltText('图形验证码')).toHaveAttribute('src', 'data:image/svg+xml,captcha-1');
    await userEvent.click(button('换一张图形验证码'));
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toHaveAttribute('src', 'data:image/svg+xml,captcha-2'));
  });
});

describe('the resend countdown', () => {
  it('counts resend_after down a second at a time, then offers to send again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/personal/accountPhone');
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(1_000));
    expect(button('59秒后重新获取')).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(58_000));
    expect(button('1秒后重新获取')).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(1_000));
    expect(button('重新获取验证码')).toBeEnabled();
    await user.click(button('重新获取验证码'));
    await waitFor(() => expect(sent('verify_old_phone_number_send_sms')).toHaveLength(2));
  });

  it('a "too frequent" refusal counts down the wait it names', async () => {
    server.use(record('verify_old_phone_number_send_sms', () => fail(200, 300606, '发送太频繁，请42秒后再试')));
    renderApp('/personal/accountPhone');
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(box('短信验证码')).toHaveAccessibleDescription('发送太频繁，请42秒后再试'));
    expect(within(box('短信验证码').parentElement!).getByRole('button', { name: '42秒后重新获取' })).toBeDisabled();
  });
});
