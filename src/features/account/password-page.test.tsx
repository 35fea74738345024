import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { smsScene } from '#contract/index';
import { captchaDataUrl, codePurpose } from '#mock/rules/verification-codes';
import type { MockState } from '#mock/core/state';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../test/api-server.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** 张伟 signs in with the password Passw0rd. */
const withPassword = familyWorld((b) => {
  b.parent.password = 'Passw0rd';
});
/** 张伟 has no password yet; his phone is 13812340000 (shown as 138****0000). */
const noPassword = familyWorld((b) => {
  b.parent.password = null;
  b.parent.phone = '13812340000';
});
/** 张伟 has neither a password nor a phone. */
const noPhone = familyWorld((b) => {
  b.parent.password = null;
  b.parent.phone = null;
});

/** The password and SMS calls the page sent, with their bodies (in front of the mock, which answers). */
function recordCalls() {
  const calls: { op: string; body: unknown }[] = [];
  const record = (method: 'post' | 'put', op: string, path: string) =>
    http[method](`*/${path}`, async ({ request }) => {
      calls.push({ op, body: await request.clone().json() });
    });
  server.use(record('post', 'send_sms_post', 'send_sms'), record('put', 'change_password_put', 'change_password'), record('post', 'change_password_post', 'change_password'));
  return { calls, sent: (op: string) => calls.filter((c) => c.op === op).map((c) => c.body) };
}

const passwordOf = (mock: MockState) => mock.db.parents.findFirst((q) => q.where({ username: 'zhangwei' }))!.password;

/** The image code the page shows, as the mock keeps it (key and the letters drawn). */
function shownCaptcha(mock: MockState) {
  const src = screen.getByAltText('图形验证码').getAttribute('src');
  const row = mock.db.captchas.all().findLast((c) => !c.used && captchaDataUrl(c.code) === src);
  expect(row).toBeDefined();
  return row!;
}

/** A labelled input; a required field's label starts with its (hidden) asterisk. */
const label = (name: string) => new RegExp(`^\\*?${name}$`);
const field = (name: string) => screen.getByLabelText(label(name), { selector: 'input' });
const button = (name: string) => screen.getByRole('button', { name });
const rules = () => screen.getByRole('list', { name: '密码要求' });

async function open(world: typeof withPassword) {
  const app = await renderRoute('/personal/password', { world, as: 'zhangwei' });
  await screen.findByRole('heading', { name: '登录密码' });
  return app;
}

describe('/personal/password, changing a password', () => {
  it('ticks off the contract’s rule as the parent types', async () => {
    await open(withPassword);
    await screen.findByRole('form', { name: '修改密码' });
    expect(
      within(rules())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8–20位', '同时包含字母和数字']);
    await userEvent.type(field('新密码'), 'abc');
    expect(
      within(rules())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8–20位（未满足）', '同时包含字母和数字（未满足）']);
    await userEvent.type(field('新密码'), 'defgh');
    expect(
      within(rules())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8–20位（已满足）', '同时包含字母和数字（未满足）']);
    await userEvent.type(field('新密码'), '1');
    expect(
      within(rules())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8–20位（已满足）', '同时包含字母和数字（已满足）']);
    // The confirmation is called wrong as soon as it cannot match any more.
    await userEvent.type(field('确认新密码'), 'abx');
    expect(field('确认新密码')).toHaveAccessibleDescription('两次输入的密码不一致');
  });

  it('checks everything before sending', async () => {
    const { calls } = recordCalls();
    const { mock } = await open(withPassword);
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
    expect(passwordOf(mock)).toBe('Passw0rd');
  });

  it('a wrong old password is said beside it; the right one changes the password', async () => {
    const { sent } = recordCalls();
    const app = await open(withPassword);
    await userEvent.type(await screen.findByLabelText(label('原密码'), { selector: 'input' }), 'wrong123');
    await userEvent.type(field('新密码'), 'NewPass123');
    await userEvent.type(field('确认新密码'), 'NewPass123');
    await userEvent.click(button('确认修改'));
    await waitFor(() => expect(field('原密码')).toHaveAccessibleDescription('原密码错误'));
    expect(field('新密码')).toHaveValue('NewPass123');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(passwordOf(app.mock)).toBe('Passw0rd');

    await userEvent.clear(field('原密码'));
    await userEvent.type(field('原密码'), 'Passw0rd');
    await userEvent.click(button('确认修改'));
    expect(await screen.findByRole('heading', { name: '密码已修改' })).toBeInTheDocument();
    expect(sent('change_password_put')).toEqual([
      { old_password: 'wrong123', new_password: 'NewPass123' },
      { old_password: 'Passw0rd', new_password: 'NewPass123' },
    ]);
    expect(passwordOf(app.mock)).toBe('NewPass123');
  });
});

describe('/personal/password, setting a first password with an SMS code', () => {
  it('sends the code to the bound phone without asking for the full number', async () => {
    const { calls, sent } = recordCalls();
    const { mock } = await open(noPassword);
    const form = await screen.findByRole('form', { name: '设置密码' });
    expect(within(form).queryByRole('textbox', { name: /手机号/ })).toBeNull();
    expect(screen.getByText(/验证码将发送至绑定的手机号 138\*\*\*\*0000/)).toBeInTheDocument();
    await screen.findByAltText('图形验证码');
    const captcha = shownCaptcha(mock);
    await userEvent.click(button('获取验证码'));
    expect(field('图形验证码')).toHaveAccessibleDescription(/请输入图形验证码/);
    expect(calls).toEqual([]);

    await userEvent.type(field('图形验证码'), captcha.code);
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_sms_post')).toEqual([{ scene: smsScene.values.setPassword, captcha_key: captcha.key, captcha_code: captcha.code }]));
    await screen.findByText(/验证码已发送至/);
    const [sms] = mock.db.codes.findMany((q) => q.where({ target: '13812340000', purpose: codePurpose.setPassword }));

    await userEvent.type(field('短信验证码'), sms!.code);
    await userEvent.type(field('新密码'), 'Family2026');
    await userEvent.type(field('确认新密码'), 'Family2026');
    await userEvent.click(button('设置密码'));
    expect(await screen.findByRole('heading', { name: '密码已设置' })).toBeInTheDocument();
    expect(sent('change_password_post')).toEqual([{ sms_code: sms!.code, new_password: 'Family2026' }]);
    expect(passwordOf(mock)).toBe('Family2026');
  });

  it('with no phone bound, says a phone is needed first', async () => {
    await open(noPhone);
    expect(await screen.findByText(/设置密码需要先向绑定的手机号发送验证码/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '绑定手机号' })).toHaveAttribute('href', '/personal/accountPhone');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
