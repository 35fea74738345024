import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceKind, invoiceStatus, invoiceTitleType } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, MINUTE, at } from '#fixtures/time';
import { addInvoice, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute, type World } from '../../test/render-route.tsx';

/** A world built now, with a way to find its orders by class name before the first render. */
function builtWorld(steps: (b: FamilyBuilder) => void) {
  const made = familyWorld(steps)();
  const world = () => made;
  const order = (className: string): Row<'orders'> => {
    const klass = made.snapshot.classes.find((c) => c.name === className)!;
    return made.snapshot.orders.find((o) => o.class_id === klass.id)!;
  };
  return Object.assign(world, { order }) as (() => World) & { order: typeof order };
}

const ADDRESS = { receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路100号', postcode: '310012' };

/*
 * 张伟's paid orders: 少儿国画启蒙班 (¥1,600, 张小明, paid on 20 November: an invoice may be asked),
 * 少儿书法班 (already has its e-invoice), 少儿围棋班 (paid 90 days ago less 5 minutes: the window
 * is about to close). Variants: with a saved mailing address, and with a bound mailbox.
 */
function invoiceWorld(o: { address?: boolean; mailbox?: string } = {}) {
  return builtWorld((b) => {
    if (o.mailbox) b.parent.mailbox = o.mailbox;
    if (o.address) b.add('mailInfos', b.f.mailInfo(b.parent.id, ADDRESS));
    const paid = (id: number, name: string, paidAt: number) =>
      enrol(b, { parent: b.parent, child: b.xiaoming, klass: b.klass({ id, name, fee: 1600 }), signedUpAt: paidAt - 3 * MINUTE - 40_000, outcome: 'paid' }).order!;
    paid(3, '少儿国画启蒙班', at('2026-11-20', '10:00'));
    const invoiced = paid(4, '少儿书法班', at('2026-11-01', '10:00'));
    addInvoice(b, { order: invoiced, appliedAt: at('2026-11-02', '20:00'), status: invoiceStatus.values.issued, title: '张伟', email: 'zhangwei@example.com' });
    paid(5, '少儿围棋班', TEST_NOW - 90 * DAY + 5 * MINUTE);
  });
}
const world = invoiceWorld();
const withAddress = invoiceWorld({ address: true });
const withMailbox = invoiceWorld({ mailbox: 'zhangwei@example.com' });

const guohua = world.order('少儿国画启蒙班');

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(name) });
const submit = () => screen.getByRole('button', { name: '提交申请' });

/** The invoice_application bodies sent; they go on to the mock once `hold` (if any) settles. */
function recordApplications(hold?: Promise<void>): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.post('*/invoice_application', async ({ request }) => {
      sent.push(await request.clone().json());
      await hold;
    }),
  );
  return sent;
}

async function open(w: () => World = world, orderId = guohua.id) {
  const app = await renderRoute(`/personal/applyInvoice?id=${orderId}`, { world: w, as: 'zhangwei' });
  await screen.findByRole('form', { name: '发票信息' });
  return app;
}

describe('/personal/applyInvoice 申请发票', () => {
  it('applies for a personal e-invoice after a confirmation, with the title prefilled, then opens it', async () => {
    let release!: () => void;
    const sent = recordApplications(new Promise<void>((resolve) => (release = resolve)));
    // A saved address is for paper invoices only: it is not sent with an electronic one.
    const { mock, location } = await open(withAddress);
    expect(screen.getByRole('radio', { name: '个人' })).toBeChecked();
    expect(box('发票抬头')).toHaveValue('张伟');
    expect(screen.getByRole('radio', { name: '电子发票' })).toBeChecked();
    // No mailbox bound: there is no choice of it, the address is typed.
    expect(screen.queryByRole('radio', { name: /绑定邮箱/ })).toBeNull();
    await userEvent.type(box('接收邮箱'), 'zhangwei@example.com');
    await userEvent.click(submit());

    const dialog = await screen.findByRole('dialog', { name: '确认开票信息' });
    expect(within(dialog).getByText('张伟（个人）')).toBeInTheDocument();
    expect(within(dialog).getByText('zhangwei@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('¥1,600.00')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: guohua.id, title_type: 1, title: '张伟', invoice_kind: 1, email: 'zhangwei@example.com' }]));
    expect(within(dialog).getByRole('button', { name: '确认提交' })).toBeDisabled();
    release();
    await waitFor(() => expect(location()).toBe(`/personal/invoiceInfo?id=${guohua.id}`));
    expect(mock.db.invoices.findFirst((q) => q.where({ order_id: guohua.id }))).toMatchObject({
      status: invoiceStatus.values.applying,
      title_type: invoiceTitleType.values.personal,
      title: '张伟',
      invoice_kind: invoiceKind.values.electronic,
      email: 'zhangwei@example.com',
      mail_info_id: null,
      amount: 1600,
    });
  });

  it('a company title needs a tax number in the contract’s format, explained beside the fields', async () => {
    const sent = recordApplications();
    const { mock } = await open();
    await userEvent.click(screen.getByRole('radio', { name: '单位' }));
    // The parent's own name is no company title: it makes room for one.
    expect(box('发票抬头')).toHaveValue('');
    await userEvent.type(box('接收邮箱'), 'finance@example.com');
    await userEvent.click(submit());
    // The contract's rules load at the form's first touch (decision 091): the messages may come later.
    await waitFor(() => expect(box('发票抬头')).toHaveAccessibleDescription('请输入发票抬头'));
    expect(box('纳税人识别号')).toHaveAccessibleDescription('单位抬头需填写纳税人识别号');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(box('发票抬头'), '北京星河科技有限公司');
    await userEvent.type(box('纳税人识别号'), '9111010');
    await waitFor(() => expect(box('纳税人识别号')).toHaveAccessibleDescription('请输入正确的纳税人识别号（15、18或20位数字或大写字母）'));
    await userEvent.click(submit());
    // Checked once the wrong field has the focus back.
    await waitFor(() => expect(box('纳税人识别号')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    // Lower case is turned upper case as it is typed.
    await userEvent.clear(box('纳税人识别号'));
    await userEvent.type(box('纳税人识别号'), '91110108ma01xy2k3p');
    expect(box('纳税人识别号')).toHaveValue('91110108MA01XY2K3P');
    await waitFor(() => expect(box('纳税人识别号')).not.toHaveAccessibleDescription(/请输入/));
    await userEvent.click(submit());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: guohua.id, title_type: 2, title: '北京星河科技有限公司', tax_number: '91110108MA01XY2K3P', invoice_kind: 1, email: 'finance@example.com' }]));
    await waitFor(() =>
      expect(mock.db.invoices.findFirst((q) => q.where({ order_id: guohua.id }))).toMatchObject({
        title_type: invoiceTitleType.values.company,
        title: '北京星河科技有限公司',
        tax_number: '91110108MA01XY2K3P',
      }),
    );
  });

  it('a paper invoice needs a mailing address: without one it says so and links to add it', async () => {
    const sent = recordApplications();
    await open();
    await userEvent.click(screen.getByRole('radio', { name: '纸质发票（邮寄）' }));
    expect(screen.queryByRole('textbox', { name: /接收邮箱/ })).toBeNull();
    expect(await screen.findByText(/您还没有邮寄地址/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '添加邮寄地址' })).toHaveAttribute('href', `/personal/mailing?back=${encodeURIComponent(`/personal/applyInvoice?id=${guohua.id}`)}`);
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('group', { name: /邮寄地址/ })).toHaveAccessibleDescription('纸质发票需选择邮寄地址'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a paper invoice goes to the saved address', async () => {
    const sent = recordApplications();
    const { mock, user } = await open(withAddress);
    const address = mock.db.mailInfos.findFirst((q) => q.where({ parent_id: user!.id }))!;
    await userEvent.click(screen.getByRole('radio', { name: '纸质发票（邮寄）' }));
    expect(await screen.findByRole('region', { name: '发票寄往' })).toHaveTextContent('浙江省杭州市西湖区文三路100号');
    await userEvent.click(submit());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('张伟，浙江省杭州市西湖区文三路100号')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: guohua.id, title_type: 1, title: '张伟', invoice_kind: 2, mail_info_id: address.id }]));
    await waitFor(() => expect(mock.db.invoices.findFirst((q) => q.where({ order_id: guohua.id }))).toMatchObject({ invoice_kind: invoiceKind.values.paper, mail_info_id: address.id, email: null }));
  });

  it('keeps what was typed while the parent adds an address and comes back', async () => {
    const app = await open();
    await userEvent.clear(box('发票抬头'));
    await userEvent.type(box('发票抬头'), '张小明');
    await userEvent.type(box('备注'), '请尽快开具');
    await userEvent.click(screen.getByRole('radio', { name: '纸质发票（邮寄）' }));
    await userEvent.click(await screen.findByRole('link', { name: '添加邮寄地址' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/personal\/mailing\?back=/));
    // The router's location moves before React shows the page: wait for the page itself.
    await screen.findByRole('button', { name: '保存地址' });
    expect(screen.queryByRole('form', { name: '发票信息' })).toBeNull();

    await app.router.navigate(`/personal/applyInvoice?id=${guohua.id}`);
    await screen.findByRole('form', { name: '发票信息' });
    await waitFor(() => expect(screen.queryByRole('button', { name: '保存地址' })).toBeNull());
    expect(box('发票抬头')).toHaveValue('张小明');
    expect(box('备注')).toHaveValue('请尽快开具');
    expect(screen.getByRole('radio', { name: '纸质发票（邮寄）' })).toBeChecked();
  });

  it('shows a refusal (90 days, one per order) on the page and keeps what was typed', async () => {
    // 少儿围棋班 was paid 90 days ago less 5 minutes: the form opens, and the window closes while the parent types.
    const go = world.order('少儿围棋班');
    const { mock, ports, location } = await open(world, go.id);
    await userEvent.type(box('接收邮箱'), 'zhangwei@example.com');
    await userEvent.type(box('备注'), '报销用');
    await userEvent.click(submit());
    mock.clock.advance(10 * MINUTE);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提交' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('已超过开票期限（支付后90天内）');
    expect(box('接收邮箱')).toHaveValue('zhangwei@example.com');
    expect(box('备注')).toHaveValue('报销用');
    expect(box('发票抬头')).toHaveValue('张伟');
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(location()).toBe(`/personal/applyInvoice?id=${go.id}`);
    expect(mock.db.invoices.findFirst((q) => q.where({ order_id: go.id }))).toBeUndefined();
  });

  it('offers the bound mailbox, shown masked, as the default, and sends use_bound_mailbox instead of an address', async () => {
    const sent = recordApplications();
    // The mock answers a bound mailbox masked, as the backend does: the form never sees it whole.
    const { mock } = await open(withMailbox);
    const bound = screen.getByRole('radio', { name: '发送到绑定邮箱（zh****@example.com）' });
    expect(bound).toBeChecked();
    expect(screen.getByRole('radio', { name: '发送到其他邮箱' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: /邮箱/ })).toBeNull();
    await userEvent.click(submit());

    const dialog = await screen.findByRole('dialog', { name: '确认开票信息' });
    expect(within(dialog).getByText('绑定邮箱 zh****@example.com')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: guohua.id, title_type: 1, title: '张伟', invoice_kind: 1, use_bound_mailbox: true }]));
    await waitFor(() => expect(mock.db.invoices.findFirst((q) => q.where({ order_id: guohua.id }))).toMatchObject({ invoice_kind: invoiceKind.values.electronic, email: 'zhangwei@example.com' }));
  });

  it('on a backend of spec §7 alone asks for the mailbox, bound or not, and sends no use_bound_mailbox (decision 057)', async () => {
    const sent = recordApplications();
    const lists: string[] = [];
    server.use(http.get('*/my_refund_list', () => void lists.push('my_refund_list')));
    const { mock } = await renderRoute(`/personal/applyInvoice?id=${guohua.id}`, { world: withMailbox, as: 'zhangwei', prepare: (m) => void (m.settings.specOnly = true) });
    await screen.findByRole('form', { name: '发票信息' });
    expect(screen.queryByRole('radio', { name: /绑定邮箱/ })).toBeNull();
    await userEvent.click(submit());
    await waitFor(() => expect(box('接收邮箱')).toHaveAccessibleDescription('电子发票需填写接收邮箱'));
    await userEvent.type(box('接收邮箱'), 'zhangwei@example.com');
    await userEvent.click(submit());
    await userEvent.click(within(await screen.findByRole('dialog', { name: '确认开票信息' })).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: guohua.id, title_type: 1, title: '张伟', invoice_kind: 1, email: 'zhangwei@example.com' }]));
    await waitFor(() => expect(mock.db.invoices.findFirst((q) => q.where({ order_id: guohua.id }))).toMatchObject({ email: 'zhangwei@example.com' }));
    expect(lists).toEqual(['my_refund_list']);
  });

  it('a parent without a bound mailbox does not make the form ask the backend for its proposals', async () => {
    const lists: string[] = [];
    server.use(http.get('*/my_refund_list', () => void lists.push('my_refund_list')));
    await open(world);
    expect(box('接收邮箱')).toBeInTheDocument();
    expect(lists).toEqual([]);
  });

  it('takes another address when the parent chooses one, and needs it typed', async () => {
    const sent = recordApplications();
    await open(withMailbox);
    await userEvent.click(screen.getByRole('radio', { name: '发送到其他邮箱' }));
    await userEvent.click(submit());
    await waitFor(() => expect(box('其他邮箱')).toHaveAccessibleDescription('电子发票需填写接收邮箱'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.type(box('其他邮箱'), 'finance@example.com');
    await userEvent.click(submit());
    const dialog = await screen.findByRole('dialog', { name: '确认开票信息' });
    expect(within(dialog).getByText('finance@example.com')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: guohua.id, title_type: 1, title: '张伟', invoice_kind: 1, email: 'finance@example.com' }]));
  });

  it('says so on the page when the mailbox was unbound meanwhile, keeping the form', async () => {
    const { mock, user, ports } = await open(withMailbox);
    await userEvent.click(submit());
    await mock.db.parents.update((q) => q.where({ id: user!.id }), { data: (p) => void (p.mailbox = null) });
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认提交' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('您尚未绑定邮箱，请填写接收邮箱');
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(mock.db.invoices.findFirst((q) => q.where({ order_id: guohua.id }))).toBeUndefined();
  });

  it('points to the invoice when the order already has one', async () => {
    const invoiced = world.order('少儿书法班');
    await renderRoute(`/personal/applyInvoice?id=${invoiced.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByText(/该订单已申请过发票/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看发票' })).toHaveAttribute('href', `/personal/invoiceInfo?id=${invoiced.id}`);
    expect(screen.queryByRole('form')).toBeNull();
  });
});
