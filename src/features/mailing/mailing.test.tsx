import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { safeBack } from './mailing-view.tsx';


const LOAD = { timeout: 5000 };
const saved = { id: 9, receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路100号3幢201室', postcode: '310012' };

let sent: { method: string; path: string; body: unknown }[] = [];
let mailCalls: string[] = [];
function answer(mailInfo: typeof saved | null) {
  let current = mailInfo;
  server.use(
    http.get(chromeUrl('get_mail_info/:id'), ({ params }) => {
      mailCalls.push(String(params.id));
      return ok({ mail_info: current });
    }),
    http.post(chromeUrl('creat_mail_info'), async ({ request }) => {
      const body = (await request.json()) as Omit<typeof saved, 'id'>;
      sent.push({ method: 'POST', path: 'creat_mail_info', body });
      current = { id: 10, ...body, postcode: body.postcode ?? '' };
      return ok({ id: 10 });
    }),
    http.put(chromeUrl('update_mail_info/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Omit<typeof saved, 'id'>;
      sent.push({ method: 'PUT', path: `update_mail_info/${String(params.id)}`, body });
      current = { id: 9, ...body, postcode: body.postcode ?? '' };
      return ok(null);
    }),
  );
}

beforeEach(() => {
  sent = [];
  mailCalls = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(name) });
const province = () => screen.getByRole('combobox', { name: /省份/ });
const save = () => screen.getByRole('button', { name: '保存地址' });

describe('/personal/mailing 邮寄地址', { timeout: 20_000 }, () => {
  it('explains every missing field beside it, in the contract’s words, and sends nothing', async () => {
    answer(null);
    renderApp('/personal/mailing');
    expect(await screen.findByText('您还没有邮寄地址，请填写后保存。', {}, LOAD)).toBeInTheDocument();
    await userEvent.type(box('手机号'), '1234');
    await userEvent.type(box('邮政编码'), '12');
    await userEvent.click(save());

    expect(box('收件人')).toHaveAccessibleDescription('请输入收件人姓名');
    expect(box('手机号')).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(province()).toHaveAccessibleDescription('请选择省份');
    expect(box('城市')).toHaveAccessibleDescription('请选择城市');
    expect(box('区县')).toHaveAccessibleDescription('请选择区县');
    expect(box('详细地址')).toHaveAccessibleDescription('请输入详细地址（至少5个字）');
    expect(box('邮政编码')).toHaveAccessibleDescription('邮政编码为6位数字');
    await waitFor(() => expect(box('收件人')).toHaveFocus());
    expect(sent).toEqual([]);

    // Fixing a field clears its message at once.
    await userEvent.type(box('收件人'), '张伟');
    expect(box('收件人')).not.toHaveAccessibleDescription();
  });

  it('creates the address, then shows it as saved', async () => {
    answer(null);
    renderApp('/personal/mailing');
    await userEvent.type(await screen.findByRole('textbox', { name: /收件人/ }, LOAD), '张伟');
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.selectOptions(province(), '北京市');
    expect(box('城市')).toHaveValue('北京市');
    await userEvent.type(box('区县'), '西城区');
    await userEvent.type(box('详细地址'), '平安里西大街1号');
    await userEvent.click(save());

    const card = await screen.findByRole('region', { name: '当前邮寄地址' });
    expect(card).toHaveTextContent('北京市西城区平安里西大街1号');
    expect(within(document.getElementById('main')!).getByRole('status')).toHaveTextContent('邮寄地址已保存');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: 'creat_mail_info',
        body: { receiver: '张伟', phone: '13800000000', province: '北京市', city: '北京市', district: '西城区', address: '平安里西大街1号', postcode: null },
      },
    ]);
  });

  it('edits the saved address with update_mail_info', async () => {
    answer(saved);
    renderApp('/personal/mailing');
    const card = await screen.findByRole('region', { name: '当前邮寄地址' }, LOAD);
    expect(card).toHaveTextContent('张伟');
    expect(card).toHaveTextContent('浙江省杭州市西湖区文三路100号3幢201室');
    expect(card).toHaveTextContent('邮编 310012');

    await userEvent.click(screen.getByRole('button', { name: '修改地址' }));
    expect(box('详细地址')).toHaveValue('文三路100号3幢201室');
    await userEvent.clear(box('详细地址'));
    await userEvent.type(box('详细地址'), '文三路200号');
    await userEvent.click(save());

    expect(await screen.findByRole('region', { name: '当前邮寄地址' })).toHaveTextContent('文三路200号');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: 'update_mail_info/9',
        body: { receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路200号', postcode: '310012' },
      },
    ]);
  });

  it('shows a refusal beside the form and keeps what was typed', async () => {
    answer(null);
    server.use(http.post(chromeUrl('creat_mail_info'), () => fail(200, 300902, '已有邮寄地址，请直接修改')));
    const app = renderApp('/personal/mailing');
    await userEvent.type(await screen.findByRole('textbox', { name: /收件人/ }, LOAD), '张伟');
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.selectOptions(province(), '浙江省');
    await userEvent.type(box('城市'), '杭州市');
    await userEvent.type(box('区县'), '西湖区');
    await userEvent.type(box('详细地址'), '文三路100号');
    await userEvent.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent('已有邮寄地址，请直接修改');
    expect(box('收件人')).toHaveValue('张伟');
    expect(box('详细地址')).toHaveValue('文三路100号');
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('reads the address of the parent from personal data when the session has no user id (after a reload)', async () => {
    sessionStore.userId = null;
    answer(saved);
    renderApp('/personal/mailing');
    expect(await screen.findByRole('region', { name: '当前邮寄地址' }, LOAD)).toBeInTheDocument();
    expect(mailCalls).toEqual(['42']);
  });

  it('offers the way back to the page that sent the parent here', async () => {
    answer(saved);
    renderApp(`/personal/mailing?back=${encodeURIComponent('/personal/applyInvoice?id=7')}`);
    const page = await screen.findByRole('region', { name: '当前邮寄地址' }, LOAD);
    expect(page).toBeInTheDocument();
    expect(within(document.getElementById('main')!).getByRole('link', { name: '返回申请发票' })).toHaveAttribute('href', '/personal/applyInvoice?id=7');
  });

  it('only ever goes back to a personal page', () => {
    expect(safeBack('/personal/applyInvoice?id=7')).toBe('/personal/applyInvoice?id=7');
    expect(safeBack('https://evil.example/personal/')).toBeNull();
    expect(safeBack('//evil.example/personal/')).toBeNull();
    expect(safeBack(null)).toBeNull();
  });
});
