import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ageOn, makeIdNumber, maskIdNumber } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { beijingToday } from './id-reading.tsx';

// Each test renders the whole app through the real routes: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const none = { status: 0, real_name: null, credential_type: null, id_number: null, reject_reason: null, submitted_at: null };
let record: Record<string, unknown> = none;
let sent: Record<string, unknown>[] = [];
let personalDataCalls = 0;

beforeEach(() => {
  record = none;
  sent = [];
  personalDataCalls = 0;
  server.use(
    http.get(chromeUrl('real_name_authentication'), () => ok(record)),
    http.post(chromeUrl('real_name_authentication'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      record = {
        status: body.credential_type === 1 ? 2 : 1,
        real_name: body.real_name,
        credential_type: body.credential_type,
        id_number: maskIdNumber(String(body.id_number)),
        reject_reason: null,
        submitted_at: '2026-12-05T10:00:00+08:00',
      };
      return ok(record);
    }),
    http.get(chromeUrl('personal_data'), () => {
      personalDataCalls += 1;
      return ok({ user_info: { id: 42, url: null, real_name: null, phone: '138****0000', username: 'liuxin', mailbox: null, real_name_status: 0, has_password: false, wechat_bound: false } });
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

const box = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

async function open() {
  const app = renderApp('/personal/accountAntonym');
  await screen.findByRole('heading', { name: '实名认证' }, { timeout: 5000 });
  return app;
}

describe('/personal/accountAntonym, not yet authenticated', () => {
  it('reads the ID number as it is typed, checks the form, and sends nothing while it is wrong', async () => {
    await open();
    await screen.findByText(/您还没有实名认证/);
    await userEvent.click(button('提交认证'));
    expect(box('真实姓名')).toHaveAccessibleDescription('请输入真实姓名');
    expect(box('证件号码')).toHaveAccessibleDescription('请输入证件号码');

    const number = makeIdNumber('110105', '1988-04-12', 21); // 021: odd → 男
    await userEvent.type(box('证件号码'), number.slice(0, 17));
    expect(screen.getByText('身份证号码为18位，已输入17位')).toBeInTheDocument();
    await userEvent.type(box('证件号码'), number.slice(17));
    const facts = screen.getByTestId('id-facts');
    expect(facts).toHaveTextContent('出生日期 1988-04-12');
    expect(facts).toHaveTextContent(`年龄 ${ageOn('1988-04-12', beijingToday())}岁`);
    expect(facts).toHaveTextContent('性别 男');
    await userEvent.type(box('证件号码'), '9');
    expect(box('证件号码')).toHaveAccessibleDescription('身份证号码应为15位数字或18位（末位可为X）');
    await userEvent.click(button('提交认证'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks for a confirmation, sends, then shows the passed, masked record', async () => {
    await open();
    const number = makeIdNumber('110105', '1988-04-12', 21);
    await userEvent.type(await screen.findByRole('textbox', { name: '真实姓名' }), '刘欣');
    await userEvent.type(box('证件号码'), number);
    await userEvent.click(button('提交认证'));
    const dialog = screen.getByRole('dialog', { name: '确认提交实名认证？' });
    expect(within(dialog).getByText(/认证通过后姓名不能修改/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(sent).toEqual([]);

    const before = personalDataCalls;
    await userEvent.click(button('提交认证'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ real_name: '刘欣', credential_type: 1, id_number: number }]));
    expect(await screen.findByText('您已完成实名认证。如认证信息有误，请联系客服处理。')).toBeInTheDocument();
    expect(screen.getByText(maskIdNumber(number))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '证件号码' })).toBeNull();
    await waitFor(() => expect(personalDataCalls).toBeGreaterThan(before));
    expect(toastStore.toasts.map((t) => t.message)).toContain('实名认证已通过');
  });

  it('another credential asks for no ID reading and waits for review', async () => {
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: '真实姓名' }), 'Chan Tai Man');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '证件类型' }), '港澳通行证');
    await userEvent.type(box('证件号码'), 'H12345678');
    expect(screen.queryByTestId('id-facts')).toBeNull();
    await userEvent.click(button('提交认证'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认提交' }));
    expect(await screen.findByText(/工作人员审核中/)).toBeInTheDocument();
    expect(sent).toEqual([{ real_name: 'Chan Tai Man', credential_type: 4, id_number: 'H12345678' }]);
    expect(toastStore.toasts.map((t) => t.message)).toContain('已提交，请等待审核');
  });

  it('a refused number is said beside the field, keeping what was typed', async () => {
    server.use(http.post(chromeUrl('real_name_authentication'), () => fail(200, 300501, '身份证号码有误，请核对')));
    const app = await open();
    const number = makeIdNumber('110105', '1988-04-12', 21);
    await userEvent.type(await screen.findByRole('textbox', { name: '真实姓名' }), '刘欣');
    await userEvent.type(box('证件号码'), number);
    await userEvent.click(button('提交认证'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(box('证件号码')).toHaveAccessibleDescription('身份证号码有误，请核对'));
    expect(box('证件号码')).toHaveValue(number);
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });
});

describe('/personal/accountAntonym, other states', () => {
  it('under review: the submitted record, masked, and no form', async () => {
    record = { status: 1, real_name: '徐明', credential_type: 2, id_number: 'E1****', reject_reason: null, submitted_at: '2026-12-05T08:00:00+08:00' };
    await open();
    expect(await screen.findByText('审核中')).toBeInTheDocument();
    expect(screen.getByText('徐明')).toBeInTheDocument();
    expect(screen.getByText('护照')).toBeInTheDocument();
    expect(screen.getByText('E1****')).toBeInTheDocument();
    expect(screen.getByText('提交于 2026-12-05 08:00')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('refused: the reason, and the form again with the name filled in', async () => {
    record = { status: 3, real_name: '徐明', credential_type: 1, id_number: '110105********0011', reject_reason: '证件照片模糊', submitted_at: '2026-12-01T08:00:00+08:00' };
    await open();
    expect(await screen.findByText('认证未通过')).toBeInTheDocument();
    expect(screen.getByText(/证件照片模糊/)).toBeInTheDocument();
    expect(box('真实姓名')).toHaveValue('徐明');
    expect(box('证件号码')).toHaveValue('');
  });
});
