import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { USER_ID_COOKIE, resetSessionStore, sessionStore } from '../../stores/session-store.ts';
import { http, server } from '../../test/api-server.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { safeBack } from './mailing-view.tsx';

const SAVED = { id: 9, receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路100号3幢201室', postcode: '310012' };

/** 张伟 has not saved a mailing address yet. */
const noAddress = familyWorld();
/** 张伟's saved address (id 9) in 杭州. */
const withAddress = familyWorld((b) => {
  b.add('mailInfos', b.f.mailInfo(b.parent.id, SAVED));
});

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(name) });
const province = () => screen.getByRole('combobox', { name: /省份/ });
const save = () => screen.getByRole('button', { name: '保存地址' });

/** The address calls the page made: reads by user id, writes with their bodies (all go on to the mock). */
function recordMailCalls() {
  const reads: string[] = [];
  const writes: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get('*/get_mail_info/:id', ({ params }) => void reads.push(String(params.id))),
    http.post('*/creat_mail_info', async ({ request }) => void writes.push({ method: 'POST', path: 'creat_mail_info', body: await request.clone().json() })),
    http.put('*/update_mail_info/:id', async ({ request, params }) => {
      writes.push({ method: 'PUT', path: `update_mail_info/${String(params.id)}`, body: await request.clone().json() });
    }),
  );
  return { reads, writes };
}

describe('/personal/mailing 邮寄地址', () => {
  it('explains every missing field beside it, in the contract’s words, and sends nothing', async () => {
    const { writes } = recordMailCalls();
    await renderRoute('/personal/mailing', { world: noAddress, as: 'zhangwei' });
    expect(await screen.findByText('您还没有邮寄地址，请填写后保存。')).toBeInTheDocument();
    await userEvent.type(box('手机号'), '1234');
    await userEvent.type(box('邮政编码'), '12');
    await userEvent.click(save());

    // The contract's rules load at the form's first touch (decision 091): the messages may come later.
    await waitFor(() => expect(box('收件人')).toHaveAccessibleDescription('请输入收件人姓名'));
    expect(box('手机号')).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(province()).toHaveAccessibleDescription('请选择省份');
    expect(box('城市')).toHaveAccessibleDescription('请选择城市');
    expect(box('区县')).toHaveAccessibleDescription('请选择区县');
    expect(box('详细地址')).toHaveAccessibleDescription('请输入详细地址（至少5个字）');
    expect(box('邮政编码')).toHaveAccessibleDescription('邮政编码为6位数字');
    await waitFor(() => expect(box('收件人')).toHaveFocus());
    expect(writes).toEqual([]);

    // Fixing a field clears its message (as soon as the rules answer: they are loaded by now).
    await userEvent.type(box('收件人'), '张伟');
    await waitFor(() => expect(box('收件人')).not.toHaveAccessibleDescription());
  });

  it('creates the address, then shows it as saved', async () => {
    const { writes } = recordMailCalls();
    const { mock, user } = await renderRoute('/personal/mailing', { world: noAddress, as: 'zhangwei' });
    await userEvent.type(await screen.findByRole('textbox', { name: /收件人/ }), '张伟');
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.selectOptions(province(), '北京市');
    expect(box('城市')).toHaveValue('北京市');
    await userEvent.type(box('区县'), '西城区');
    await userEvent.type(box('详细地址'), '平安里西大街1号');
    await userEvent.click(save());

    const card = await screen.findByRole('region', { name: '当前邮寄地址' });
    expect(card).toHaveTextContent('北京市西城区平安里西大街1号');
    expect(within(document.getElementById('main')!).getByRole('status')).toHaveTextContent('邮寄地址已保存');
    expect(writes).toEqual([
      {
        method: 'POST',
        path: 'creat_mail_info',
        body: { receiver: '张伟', phone: '13800000000', province: '北京市', city: '北京市', district: '西城区', address: '平安里西大街1号', postcode: null },
      },
    ]);
    expect(mock.db.mailInfos.findMany((q) => q.where({ parent_id: user!.id }))).toEqual([
      expect.objectContaining({ receiver: '张伟', phone: '13800000000', province: '北京市', city: '北京市', district: '西城区', address: '平安里西大街1号', postcode: null }),
    ]);
  });

  it('edits the saved address with update_mail_info', async () => {
    const { writes } = recordMailCalls();
    const { mock } = await renderRoute('/personal/mailing', { world: withAddress, as: 'zhangwei' });
    const card = await screen.findByRole('region', { name: '当前邮寄地址' });
    expect(card).toHaveTextContent('张伟');
    expect(card).toHaveTextContent('浙江省杭州市西湖区文三路100号3幢201室');
    expect(card).toHaveTextContent('邮编 310012');

    await userEvent.click(screen.getByRole('button', { name: '修改地址' }));
    expect(box('详细地址')).toHaveValue('文三路100号3幢201室');
    await userEvent.clear(box('详细地址'));
    await userEvent.type(box('详细地址'), '文三路200号');
    await userEvent.click(save());

    expect(await screen.findByRole('region', { name: '当前邮寄地址' })).toHaveTextContent('文三路200号');
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: 'update_mail_info/9',
        body: { receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路200号', postcode: '310012' },
      },
    ]);
    expect(mock.db.mailInfos.findFirst((q) => q.where({ id: 9 }))).toMatchObject({ address: '文三路200号', city: '杭州市', postcode: '310012' });
  });

  it('shows a refusal beside the form and keeps what was typed', async () => {
    const { mock, ports, user } = await renderRoute('/personal/mailing', { world: noAddress, as: 'zhangwei' });
    await userEvent.type(await screen.findByRole('textbox', { name: /收件人/ }), '张伟');
    await userEvent.type(box('手机号'), '13800000000');
    await userEvent.selectOptions(province(), '浙江省');
    await userEvent.type(box('城市'), '杭州市');
    await userEvent.type(box('区县'), '西湖区');
    await userEvent.type(box('详细地址'), '文三路100号');
    // Meanwhile an address was saved from another tab: the mock keeps one per parent.
    await mock.db.mailInfos.create({ ...SAVED, parent_id: user!.id });
    await userEvent.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent('已有邮寄地址，请直接修改');
    expect(box('收件人')).toHaveValue('张伟');
    expect(box('详细地址')).toHaveValue('文三路100号');
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(mock.db.mailInfos.findMany((q) => q.where({ parent_id: user!.id }))).toHaveLength(1);
  });

  it('reads the address of the parent from personal data when the session has no user id (an older session, reloaded)', async () => {
    const { reads } = recordMailCalls();
    const app = await renderRoute('/personal/supplyFee', { world: withAddress, as: 'zhangwei' });
    await screen.findByText('没有需要补缴的费用');
    // A session from before the user_id cookie: a reload keeps the tokens but no user id.
    Cookies.remove(USER_ID_COOKIE);
    resetSessionStore();
    expect(sessionStore().userId).toBeNull();
    expect(sessionStore().accessToken).not.toBeNull();
    await app.router.navigate('/personal/mailing');
    expect(await screen.findByRole('region', { name: '当前邮寄地址' })).toBeInTheDocument();
    expect(reads).toEqual([String(app.user!.id)]);
  });

  it('offers the way back to the page that sent the parent here', async () => {
    await renderRoute(`/personal/mailing?back=${encodeURIComponent('/personal/applyInvoice?id=7')}`, { world: withAddress, as: 'zhangwei' });
    const page = await screen.findByRole('region', { name: '当前邮寄地址' });
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

describe('/personal/mailing on a backend that answers only what SPEC.md names (decision 073)', () => {
  it('cannot read the address without the parent’s user id, says so, and asks for nothing', async () => {
    const { reads, writes } = recordMailCalls();
    await renderRoute('/personal/mailing', { world: withAddress, as: 'zhangwei', prepare: (mock) => void (mock.settings.minimal = true) });
    expect(await screen.findByText(/暂时无法读取您保存的邮寄地址/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存地址' })).toBeNull();
    expect(reads).toEqual([]);
    expect(writes).toEqual([]);
  });
});
