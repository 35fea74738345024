import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ageOn, credentialType, errorCodes, makeIdNumber, maskIdNumber, realNameStatus } from '#contract/index';
import type { MockState } from '#mock/core/state';
import { addParent } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { http, server, recordCalls } from '../../test/api-server.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { beijingToday } from '../../lib/id-reading.ts';

/** 刘欣's ID card: born 1988-04-12, sequence 021 (odd: 男). */
const LIUXIN_ID = makeIdNumber('110105', '1988-04-12', 21);

/*
 * Beside the family: 刘欣 ('liuxin') has not authenticated; 徐明 ('xuming') sent his passport
 * E12345678 this morning at 08:00 and waits for review; 王芳 ('wangfang') was refused on
 * 2026-12-01: 证件照片模糊.
 */
const world = familyWorld((b) => {
  addParent(b, { id: 3, username: 'liuxin', real_name: null, description: '未实名认证的家长' });
  addParent(b, {
    id: 4,
    username: 'xuming',
    real_name: '徐明',
    description: '实名认证审核中的家长',
    real_name_status: realNameStatus.values.reviewing,
    credential_type: credentialType.values.passport,
    id_number: 'E12345678',
    real_name_submitted_at: '2026-12-05T08:00:00+08:00',
  });
  addParent(b, {
    id: 5,
    username: 'wangfang',
    real_name: '王芳',
    description: '实名认证未通过的家长',
    real_name_status: realNameStatus.values.rejected,
    credential_type: credentialType.values.idCard,
    id_number: makeIdNumber('110105', '1990-06-01', 22),
    real_name_reject_reason: '证件照片模糊',
    real_name_submitted_at: '2026-12-01T08:00:00+08:00',
  });
});

/** The real-name submissions the page sent (in front of the mock, which answers). */
function recordSubmissions(): unknown[] {
  return recordCalls('post', '*/real_name_authentication', ({ request }) => request.json());
}

/** How many times personal_data was asked for. */
function countPersonalData(): { count: number } {
  const asked = { count: 0 };
  server.use(
    http.get('*/personal_data', () => {
      asked.count += 1;
    }),
  );
  return asked;
}

const parent = (mock: MockState, username: string) => mock.db.parents.findFirst((q) => q.where({ username }))!;

const box = (name: string) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

async function open(as: string) {
  const app = await renderRoute('/personal/accountAntonym', { world, as });
  await screen.findByRole('heading', { name: '实名认证' });
  return app;
}

describe('/personal/accountAntonym, not yet authenticated', () => {
  it('reads the ID number as it is typed, checks the form, and sends nothing while it is wrong', async () => {
    const sent = recordSubmissions();
    const { mock } = await open('liuxin');
    await screen.findByText(/您还没有实名认证/);
    await userEvent.click(button('提交认证'));
    // The contract's rules load at the form's first touch (decision 091): the messages may come later.
    await waitFor(() => expect(box('真实姓名')).toHaveAccessibleDescription('请输入真实姓名'));
    expect(box('证件号码')).toHaveAccessibleDescription('请输入证件号码');
    // Spec §5: 15 or 18 digits, and the field says so; a legacy 15-digit number reads too.
    expect(box('证件号码')).toHaveAttribute('placeholder', '请输入15或18位身份证号码');
    await userEvent.type(box('证件号码'), `${LIUXIN_ID.slice(0, 6)}${LIUXIN_ID.slice(8, 17)}`);
    expect(screen.getByTestId('id-facts')).toHaveTextContent('出生日期 1988-04-12');
    await userEvent.clear(box('证件号码'));

    await userEvent.type(box('证件号码'), LIUXIN_ID.slice(0, 17));
    expect(screen.getByText('身份证号码为18位，已输入17位')).toBeInTheDocument();
    await userEvent.type(box('证件号码'), LIUXIN_ID.slice(17));
    const facts = screen.getByTestId('id-facts');
    expect(facts).toHaveTextContent('出生日期 1988-04-12');
    expect(facts).toHaveTextContent(`年龄 ${ageOn('1988-04-12', beijingToday())}岁`);
    expect(facts).toHaveTextContent('性别 男');
    await userEvent.type(box('证件号码'), '9');
    expect(box('证件号码')).toHaveAccessibleDescription('身份证号码应为15位数字或18位（末位可为X）');
    await userEvent.click(button('提交认证'));
    // Checked once the first wrong field has the focus back.
    await waitFor(() => expect(box('真实姓名')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
    expect(parent(mock, 'liuxin').real_name_status).toBe(realNameStatus.values.none);
  });

  it('asks for a confirmation, sends, then shows the passed, masked record', async () => {
    const sent = recordSubmissions();
    const personalData = countPersonalData();
    const { mock } = await open('liuxin');
    await userEvent.type(await screen.findByRole('textbox', { name: '真实姓名' }), '刘欣');
    await userEvent.type(box('证件号码'), LIUXIN_ID);
    await userEvent.click(button('提交认证'));
    const dialog = await screen.findByRole('dialog', { name: '确认提交实名认证？' });
    expect(within(dialog).getByText(/认证通过后姓名不能修改/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(sent).toEqual([]);

    const before = personalData.count;
    await userEvent.click(button('提交认证'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ real_name: '刘欣', credential_type: credentialType.values.idCard, id_number: LIUXIN_ID }]));
    expect(await screen.findByText('您已完成实名认证。如认证信息有误，请联系客服处理。')).toBeInTheDocument();
    expect(screen.getByText(maskIdNumber(LIUXIN_ID))).toBeInTheDocument();
    expect(screen.getByText('提交于 2026-12-05 10:00')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '证件号码' })).toBeNull();
    await waitFor(() => expect(personalData.count).toBeGreaterThan(before));
    expect(toastStore().toasts.map((t) => t.message)).toContain('实名认证已通过');
    expect(parent(mock, 'liuxin')).toMatchObject({ real_name: '刘欣', id_number: LIUXIN_ID, real_name_status: realNameStatus.values.passed });
  });

  it('another credential asks for no ID reading and waits for review', async () => {
    const sent = recordSubmissions();
    const { mock } = await open('liuxin');
    await userEvent.type(await screen.findByRole('textbox', { name: '真实姓名' }), 'Chan Tai Man');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '证件类型' }), '港澳通行证');
    await userEvent.type(box('证件号码'), 'H12345678');
    expect(screen.queryByTestId('id-facts')).toBeNull();
    await userEvent.click(button('提交认证'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提交' }));
    expect(await screen.findByText(/工作人员审核中/)).toBeInTheDocument();
    expect(sent).toEqual([{ real_name: 'Chan Tai Man', credential_type: credentialType.values.hkMacauPass, id_number: 'H12345678' }]);
    expect(toastStore().toasts.map((t) => t.message)).toContain('已提交，请等待审核');
    expect(parent(mock, 'liuxin').real_name_status).toBe(realNameStatus.values.reviewing);
  });

  it('a refused number is said beside the field, keeping what was typed', async () => {
    const app = await open('liuxin');
    // The number reads well, but the public-security check refuses it.
    app.mock.faults.add([{ operation: 'real_name_authentication_post', status: 200, error_code: errorCodes.idNumberInvalid.code, msg: '身份证号码有误，请核对', times: 1 }]);
    await userEvent.type(await screen.findByRole('textbox', { name: '真实姓名' }), '刘欣');
    await userEvent.type(box('证件号码'), LIUXIN_ID);
    await userEvent.click(button('提交认证'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(box('证件号码')).toHaveAccessibleDescription('身份证号码有误，请核对'));
    expect(box('证件号码')).toHaveValue(LIUXIN_ID);
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(parent(app.mock, 'liuxin').real_name_status).toBe(realNameStatus.values.none);
  });
});

describe('/personal/accountAntonym, other states', () => {
  it('under review: the submitted record, masked, and no form', async () => {
    await open('xuming');
    expect(await screen.findByText('审核中')).toBeInTheDocument();
    // The header names the parent too: the record is the 认证信息 list.
    const facts = screen.getByLabelText('认证信息');
    expect(within(facts).getByText('徐明')).toBeInTheDocument();
    expect(within(facts).getByText('护照')).toBeInTheDocument();
    expect(within(facts).getByText('E1****')).toBeInTheDocument();
    expect(screen.getByText('提交于 2026-12-05 08:00')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('refused: the reason, and the form again with the name filled in', async () => {
    await open('wangfang');
    expect(await screen.findByText('认证未通过')).toBeInTheDocument();
    expect(screen.getByText(/证件照片模糊/)).toBeInTheDocument();
    expect(box('真实姓名')).toHaveValue('王芳');
    expect(box('证件号码')).toHaveValue('');
  });
});
