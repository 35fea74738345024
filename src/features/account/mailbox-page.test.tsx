import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mailboxScene } from '#contract/index';
import { codePurpose, verifyPurpose } from '#mock/rules/verification-codes';
import type { MockState } from '#mock/core/state';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../test/api-server.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** 张伟 has zhangwei@example.com bound (shown as zh****@example.com); 李娜 has taken@example.org. */
const bound = familyWorld((b) => {
  b.parent.mailbox = 'zhangwei@example.com';
  b.other.mailbox = 'taken@example.org';
});
/** The family world: 张伟 has no mailbox. */
const none = familyWorld();

/** The mailbox calls the page sent, with their bodies, in order (in front of the mock, which answers). */
function recordMailboxCalls() {
  const calls: { op: string; body: unknown }[] = [];
  const record = (method: 'get' | 'post', op: string, path: string) =>
    http[method](`*/${path}`, async ({ request }) => {
      calls.push({ op, body: method === 'post' ? await request.clone().json() : undefined });
    });
  server.use(
    record('get', 'verify_old_mailbox_get', 'verify_old_mailbox'),
    record('post', 'verify_old_mailbox_post', 'verify_old_mailbox'),
    record('post', 'send_mailbox_verification_code', 'send_mailbox_verification_code'),
    record('post', 'change_mailbox', 'change_mailbox'),
    record('post', 'mailbox_relevance', 'mailbox_relevance'),
  );
  return { calls, sent: (op: string) => calls.filter((c) => c.op === op).map((c) => c.body) };
}

/** The code the mock mailed to that address for that step (what the parent reads in the mail). */
function codeSent(mock: MockState, target: string, purpose: string): string {
  const rows = mock.db.codes.findMany((q) => q.where({ target, purpose }));
  expect(rows).toHaveLength(1);
  return rows[0]!.code;
}
/** Six digits that are not the code. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

const zhangwei = (mock: MockState) => mock.db.parents.findFirst((q) => q.where({ username: 'zhangwei' }))!;

const box = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });
const currentStep = () => screen.getByRole('list', { name: /步骤/ }).querySelector('[aria-current="step"]')!.textContent;

describe('/personal/accountMailbox, a mailbox bound', () => {
  it('sends a code to the old mailbox only when asked, then changes it with the token', async () => {
    const { sent } = recordMailboxCalls();
    const { mock } = await renderRoute('/personal/accountMailbox', { world: bound, as: 'zhangwei' });
    expect(await screen.findByText('当前邮箱')).toBeInTheDocument();
    expect(screen.getByText('zh****@example.com')).toBeInTheDocument();
    expect(currentStep()).toContain('验证原邮箱');
    // Opening the page sends nothing: verify_old_mailbox GET sends a mail.
    expect(sent('verify_old_mailbox_get')).toEqual([]);
    expect(mock.db.codes.count()).toBe(0);

    await userEvent.click(button('获取验证码'));
    expect(await screen.findByText('验证码已发送至 zh****@example.com，5分钟内有效')).toBeInTheDocument();
    expect(sent('verify_old_mailbox_get')).toHaveLength(1);
    const oldCode = codeSent(mock, 'zhangwei@example.com', codePurpose.verifyOldMailbox);
    await userEvent.type(box('邮箱验证码'), wrong(oldCode));
    await userEvent.click(button('下一步'));
    await waitFor(() => expect(box('邮箱验证码')).toHaveAccessibleDescription('验证码错误'));
    await userEvent.clear(box('邮箱验证码'));
    await userEvent.type(box('邮箱验证码'), oldCode);
    await userEvent.click(button('下一步'));

    expect(await screen.findByRole('textbox', { name: '新邮箱' })).toBeInTheDocument();
    expect(currentStep()).toContain('设置新邮箱');
    const [token] = mock.db.verifyTokens.findMany((q) => q.where({ purpose: verifyPurpose.oldMailbox }));
    expect(token).toMatchObject({ used: false });
    await userEvent.type(box('新邮箱'), 'zhang.wei@example.org');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(sent('send_mailbox_verification_code')).toEqual([{ mailbox: 'zhang.wei@example.org', scene: mailboxScene.values.change }]));
    const newCode = codeSent(mock, 'zhang.wei@example.org', codePurpose.changeMailbox);
    await userEvent.type(box('邮箱验证码'), newCode);
    await userEvent.click(button('确认更换'));
    expect(await screen.findByRole('heading', { name: '邮箱已更换' })).toBeInTheDocument();
    expect(sent('change_mailbox')).toEqual([{ mailbox: 'zhang.wei@example.org', code: newCode, verify_token: token!.token }]);
    expect(zhangwei(mock).mailbox).toBe('zhang.wei@example.org');
  });

  it('a new mailbox bound elsewhere is said beside the field', async () => {
    const { sent } = recordMailboxCalls();
    const { mock } = await renderRoute('/personal/accountMailbox', { world: bound, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await screen.findByText('验证码已发送至 zh****@example.com，5分钟内有效');
    await userEvent.type(box('邮箱验证码'), codeSent(mock, 'zhangwei@example.com', codePurpose.verifyOldMailbox));
    await userEvent.click(button('下一步'));
    // 李娜's mailbox: the mock refuses to send a code to it.
    await userEvent.type(await screen.findByRole('textbox', { name: '新邮箱' }), 'taken@example.org');
    await userEvent.click(button('获取验证码'));
    await waitFor(() => expect(box('新邮箱')).toHaveAccessibleDescription('该邮箱已被其他账号绑定'));
    expect(box('新邮箱')).toHaveValue('taken@example.org');
    expect(sent('send_mailbox_verification_code')).toEqual([{ mailbox: 'taken@example.org', scene: mailboxScene.values.change }]);
    expect(mock.db.codes.findMany((q) => q.where({ target: 'taken@example.org' }))).toEqual([]);
    expect(zhangwei(mock).mailbox).toBe('zhangwei@example.com');
  });
});

describe('/personal/accountMailbox, none bound', () => {
  it('checks the address, sends a code (scene 绑定邮箱), then binds', async () => {
    const { calls, sent } = recordMailboxCalls();
    const { mock } = await renderRoute('/personal/accountMailbox', { world: none, as: 'zhangwei' });
    expect(await screen.findByText(/还没有绑定邮箱/)).toBeInTheDocument();
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
    await waitFor(() => expect(sent('send_mailbox_verification_code')).toEqual([{ mailbox: 'mama@example.com', scene: mailboxScene.values.bind }]));
    await screen.findByText(/验证码已发送至/);
    const code = codeSent(mock, 'mama@example.com', codePurpose.bindMailbox);
    await userEvent.type(box('邮箱验证码'), code);
    await userEvent.click(button('绑定邮箱'));
    expect(await screen.findByRole('heading', { name: '邮箱已绑定' })).toBeInTheDocument();
    expect(sent('mailbox_relevance')).toEqual([{ mailbox: 'mama@example.com', code }]);
    expect(zhangwei(mock).mailbox).toBe('mama@example.com');
  });
});
