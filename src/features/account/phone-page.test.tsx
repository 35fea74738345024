import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { smsScene } from '#contract/index';
import { toIso } from '#fixtures/time';
import { captchaDataUrl, CODE_TTL_MS, codePurpose, RESEND_AFTER_MS, VERIFY_TOKEN_TTL_MS, verifyPurpose } from '#mock/rules/verification-codes';
import type { MockState } from '#mock/core/state';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { http, server } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** The family world: 张伟's phone is 13800000000 (138****0000); 李娜's is 13900000000. */
const bound = familyWorld();
/** 张伟 has no phone. */
const noPhone = familyWorld((b) => {
  b.parent.phone = null;
});
/** A code went to 张伟's phone 18 seconds ago: the next one may go in 42 seconds. */
const justSent = familyWorld((b) => {
  const sentAt = TEST_NOW - 18_000;
  b.add('codes', {
    user_id: b.parent.id,
    target: '13800000000',
    purpose: codePurpose.verifyOldPhone,
    code: '802114',
    sent_at: toIso(sentAt),
    expires_at: toIso(sentAt + CODE_TTL_MS),
    used: false,
  });
});

/** The phone calls the page sent, with their bodies, by operation (in front of the mock, which answers). */
function recordCalls() {
  const calls: { op: string; body: unknown }[] = [];
  const record = (op: string, path: string) =>
    http.post(`*/${path}`, async ({ request }) => {
      calls.push({ op, body: await request.clone().json() });
    });
  server.use(
    record('verify_old_phone_number_send_sms', 'verify_old_phone_number_send_sms'),
    record('verify_old_phone_number', 'verify_old_phone_number'),
    record('send_sms_post', 'send_sms'),
    record('binding_new_phone_num', 'binding_new_phone_num'),
    record('binding_phone_number', 'binding_phone_number'),
  );
  return (op: string) => calls.filter((c) => c.op === op).map((c) => c.body);
}

/** The newest code the mock sent to that phone for that step (what the parent reads in the SMS). */
function codeSent(mock: MockState, target: string, purpose: string): string {
  const rows = mock.db.codes.findMany((q) => q.where({ target, purpose }));
  expect(rows.length).toBeGreaterThan(0);
  return rows.at(-1)!.code;
}
/** Six digits that are not the code. */
const wrong = (code: string) => (code === '111111' ? '222222' : '111111');

/** The image code on the page, as the mock keeps it; waits for a new one when `not` is given. */
async function shownCaptcha(mock: MockState, not?: { key: string }) {
  let row: ReturnType<typeof mock.db.captchas.all>[number] | undefined;
  await waitFor(() => {
    const src = screen.getByAltText('图形验证码').getAttribute('src');
    row = mock.db.captchas.all().findLast((c) => captchaDataUrl(c.code) === src && c.key !== not?.key);
    expect(row).toBeDefined();
  });
  return row!;
}

const zhangwei = (mock: MockState) => mock.db.parents.findFirst((q) => q.where({ username: 'zhangwei' }))!;

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const currentStep = () => screen.getByRole('list', { name: /步骤/ }).querySelector('[aria-current="step"]')!.textContent;

describe('/personal/accountPhone, a phone bound: the two-step change', () => {
  it('verifies the old phone, then binds the new one with the token the first step gave', async () => {
    const sent = recordCalls();
    const app = await renderRoute('/personal/accountPhone', { world: bound, as: 'zhangwei' });
    const { mock } = app;
    expect(await screen.findByText('当前手机号')).toBeInTheDocument();
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
    const oldCode = codeSent(mock, '13800000000', codePurpose.verifyOldPhone);

    // A wrong code is said beside the field, not in a toast, and what was typed stays.
    await userEvent.clear(box('短信验证码'));
    await userEvent.type(box('短信验证码'), wrong(oldCode));
    await userEvent.click(button('下一步'));
    await waitFor(() => expect(box('短信验证码')).toHaveAccessibleDescription('验证码错误'));
    expect(box('短信验证码')).toHaveValue(wrong(oldCode));
    expect(app.ports.toastError).not.toHaveBeenCalled();

    await userEvent.clear(box('短信验证码'));
    await userEvent.type(box('短信验证码'), oldCode);
    await userEvent.click(button('下一步'));
    expect(await screen.findByRole('textbox', { name: '新手机号' })).toBeInTheDocument();
    expect(currentStep()).toContain('设置新手机号');
    expect(screen.getByText('已验证')).toBeInTheDocument();
    const [token] = mock.db.verifyTokens.findMany((q) => q.where({ purpose: verifyPurpose.oldPhone }));

    // Step 2: the image code is shown, and sent with the SMS request (in any case).
    const captcha = await shownCaptcha(mock);
    await userEvent.type(box('新手机号'), '13912345678');
    await userEvent.type(box('图形验证码'), captcha.code.toLowerCase());
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toEqual([{ phone: '13912345678', scene: smsScene.values.changePhone, captcha_key: captcha.key, captcha_code: captcha.code.toLowerCase() }]));
    // Each image code is used up: a new one is drawn and the box emptied.
    const next = await shownCaptcha(mock, captcha);
    expect(next.used).toBe(false);
    expect(mock.db.captchas.findFirst((q) => q.where({ key: captcha.key }))!.used).toBe(true);
    expect(box('图形验证码')).toHaveValue('');
    expect(screen.getByText('验证码已发送至 139****5678，5分钟内有效')).toBeInTheDocument();

    const newCode = codeSent(mock, '13912345678', codePurpose.changePhone);
    await userEvent.type(box('短信验证码'), newCode);
    await userEvent.click(button('确认更换'));
    expect(await screen.findByRole('heading', { name: '手机号已更换' })).toBeInTheDocument();
    expect(sent('binding_new_phone_num')).toEqual([{ phone: '13912345678', sms_code: newCode, verify_token: token!.token }]);
    expect(screen.getByText(/当前绑定的手机号为 139\*\*\*\*5678/)).toBeInTheDocument();
    expect(currentStep()).toContain('完成');
    expect(toastStore().toasts.map((t) => t.message)).toContain('手机号已更换');
    expect(screen.getByRole('link', { name: '返回个人资料' })).toHaveAttribute('href', '/personal/personalData');
    expect(zhangwei(mock).phone).toBe('13912345678');
  });

  /** Verifies the old phone with the code the mock sent; answers the mock at step 2. */
  async function reachStepTwo() {
    const app = await renderRoute('/personal/accountPhone', { world: bound, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await screen.findByText('验证码已发送至 138****0000，5分钟内有效');
    await userEvent.type(box('短信验证码'), codeSent(app.mock, '13800000000', codePurpose.verifyOldPhone));
    await userEvent.click(button('下一步'));
    await screen.findByRole('textbox', { name: '新手机号' });
    await screen.findByAltText('图形验证码');
    return app.mock;
  }

  it('an expired proof of the old phone sends the parent back to that step, saying why', async () => {
    const mock = await reachStepTwo();
    const captcha = await shownCaptcha(mock);
    await userEvent.type(box('新手机号'), '13912345678');
    await userEvent.type(box('图形验证码'), captcha.code);
    await userEvent.click(button('获取验证码'));
    await screen.findByText(/验证码已发送至 139/);
    await userEvent.type(box('短信验证码'), codeSent(mock, '13912345678', codePurpose.changePhone));
    // The parent comes back after the old phone's proof (10 minutes) ran out.
    mock.clock.advance(VERIFY_TOKEN_TTL_MS);
    await userEvent.click(button('确认更换'));
    expect(await screen.findByText('原手机号验证已失效，请重新验证')).toBeInTheDocument();
    expect(currentStep()).toContain('验证原手机号');
    expect(screen.queryByRole('textbox', { name: '新手机号' })).toBeNull();
    expect(zhangwei(mock).phone).toBe('13800000000');
  });

  it('a new phone bound elsewhere and a wrong image code are said beside their fields', async () => {
    const sent = recordCalls();
    const mock = await reachStepTwo();
    const first = await shownCaptcha(mock);
    // 李娜's phone, and letters that are not the image's.
    await userEvent.type(box('新手机号'), '13900000000');
    await userEvent.type(box('图形验证码'), first.code === 'XXXX' ? 'YYYY' : 'XXXX');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(box('图形验证码')).toHaveAccessibleDescription('图形验证码错误'));
    const second = await shownCaptcha(mock, first);
    await userEvent.type(box('图形验证码'), second.code);
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(box('新手机号')).toHaveAccessibleDescription('该手机号已被其他账号绑定'));
    expect(box('新手机号')).toHaveValue('13900000000');
    expect(sent('send_sms_post')).toHaveLength(2);
    expect(mock.db.codes.findMany((q) => q.where({ target: '13900000000' }))).toEqual([]);
    // No code went out, so no countdown.
    expect(button('获取验证码')).toBeEnabled();
  });

  it('checks the new phone and the image code before asking for a code', async () => {
    const sent = recordCalls();
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
  it('binds one: image code, SMS code (scene 绑定手机号), then binding_phone_number', async () => {
    // The expired code is seen after the resend wait: the page's countdown runs on faked timers.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const sent = recordCalls();
    const { mock } = await renderRoute('/personal/accountPhone', { world: noPhone, as: 'zhangwei' });
    expect(await screen.findByText(/还没有绑定手机号/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /步骤/ })).toBeNull();
    await screen.findByAltText('图形验证码');
    const captcha = await shownCaptcha(mock);
    await user.type(box('手机号'), '13700001111');
    await user.type(box('图形验证码'), captcha.code);
    await user.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toEqual([{ phone: '13700001111', scene: smsScene.values.bindPhone, captcha_key: captcha.key, captcha_code: captcha.code }]));
    await screen.findByText('验证码已发送至 137****1111，5分钟内有效');
    const first = codeSent(mock, '13700001111', codePurpose.bindPhone);

    // The parent types the code after its five minutes.
    mock.clock.advance(CODE_TTL_MS);
    await user.type(box('短信验证码'), first);
    await user.click(button('绑定手机号'));
    await waitFor(() => expect(box('短信验证码')).toHaveAccessibleDescription('验证码已过期，请重新获取'));
    expect(box('手机号')).toHaveValue('13700001111');
    expect(zhangwei(mock).phone).toBeNull();

    // A new code: the image drawn after the first send has expired too, so a fresh one first.
    await act(async () => void vi.advanceTimersByTime(RESEND_AFTER_MS));
    const stale = await shownCaptcha(mock, captcha);
    await user.click(button('换一张图形验证码'));
    const fresh = await shownCaptcha(mock, stale);
    await user.type(box('图形验证码'), fresh.code);
    await user.click(button('重新获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toHaveLength(2));
    await waitFor(() => expect(mock.db.codes.findMany((q) => q.where({ target: '13700001111' }))).toHaveLength(2));
    const second = codeSent(mock, '13700001111', codePurpose.bindPhone);

    await user.clear(box('短信验证码'));
    await user.type(box('短信验证码'), second);
    await user.click(button('绑定手机号'));
    expect(await screen.findByRole('heading', { name: '手机号已绑定' })).toBeInTheDocument();
    expect(sent('binding_phone_number')).toEqual([
      { phone: '13700001111', sms_code: first },
      { phone: '13700001111', sms_code: second },
    ]);
    expect(zhangwei(mock).phone).toBe('13700001111');
  });

  it('a new image is drawn when the parent clicks the picture', async () => {
    const { mock } = await renderRoute('/personal/accountPhone', { world: noPhone, as: 'zhangwei' });
    await screen.findByAltText('图形验证码');
    const first = await shownCaptcha(mock);
    expect(mock.db.captchas.count()).toBe(1);
    await userEvent.click(button('换一张图形验证码'));
    const second = await shownCaptcha(mock, first);
    expect(screen.getByAltText('图形验证码')).toHaveAttribute('src', captchaDataUrl(second.code));
    expect(mock.db.captchas.count()).toBe(2);
  });
});

describe('the resend countdown', () => {
  it('counts resend_after down a second at a time, then offers to send again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const sent = recordCalls();
    const { mock } = await renderRoute('/personal/accountPhone', { world: bound, as: 'zhangwei' });
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(1_000));
    expect(button('59秒后重新获取')).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(58_000));
    expect(button('1秒后重新获取')).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(1_000));
    expect(button('重新获取验证码')).toBeEnabled();
    // The mock's clock moves on the same minute, so it sends again.
    mock.clock.advance(RESEND_AFTER_MS);
    await user.click(button('重新获取验证码'));
    await waitFor(() => expect(sent('verify_old_phone_number_send_sms')).toHaveLength(2));
    await waitFor(() => expect(mock.db.codes.findMany((q) => q.where({ target: '13800000000' }))).toHaveLength(2));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
  });

  it('a "too frequent" refusal counts down the wait it names', async () => {
    const { mock } = await renderRoute('/personal/accountPhone', { world: justSent, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(box('短信验证码')).toHaveAccessibleDescription('发送太频繁，请42秒后再试'));
    expect(within(box('短信验证码').parentElement!).getByRole('button', { name: '42秒后重新获取' })).toBeDisabled();
    expect(mock.db.codes.count()).toBe(1);
  });
});
