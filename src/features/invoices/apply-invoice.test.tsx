import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceStatus } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl, userInfo } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sampleOrderDetail } from '../refunds/test-samples.ts';
import { sampleInvoice, sampleMailInfo } from './test-samples.ts';


const LOAD = { timeout: 5000 };

let sent: unknown[] = [];
let release: (() => void) | null = null;
function answer({ mailInfo = null as typeof sampleMailInfo | null, order = sampleOrderDetail({ id: 7 }), hold = false } = {}) {
  server.use(
    http.get(chromeUrl('order_detail/:id'), () => ok(order)),
    http.get(chromeUrl('invoice_title_enum_type_choose'), () => ok({ list: [{ value: 1, label: '个人' }, { value: 2, label: '单位' }] })),
    http.get(chromeUrl('get_mail_info/:id'), () => ok({ mail_info: mailInfo })),
    http.get(chromeUrl('query_invoice_detail/:id'), () => ok(sampleInvoice({ status: invoiceStatus.values.applying, invoice_no: null, file_url: null, issued_at: null }))),
    http.post(chromeUrl('invoice_application'), async ({ request }) => {
      sent.push(await request.json());
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return ok({ invoice_id: 3 });
    }),
  );
}

beforeEach(() => {
  sent = [];
  release = null;
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(name) });
const submit = () => screen.getByRole('button', { name: '提交申请' });

async function open() {
  const app = renderApp('/personal/applyInvoice?id=7');
  await screen.findByRole('form', { name: '发票信息' }, LOAD);
  return app;
}

/** Typing is slow in jsdom; a form test types a good deal. */
describe('/personal/applyInvoice 申请发票', { timeout: 20_000 }, () => {
  it('applies for a personal e-invoice after a confirmation, with the title prefilled, then opens it', async () => {
    // A saved address is for paper invoices only: it is not sent with an electronic one.
    answer({ hold: true, mailInfo: sampleMailInfo });
    const app = await open();
    expect(screen.getByRole('radio', { name: '个人' })).toBeChecked();
    expect(box('发票抬头')).toHaveValue('张伟');
    expect(screen.getByRole('radio', { name: '电子发票' })).toBeChecked();
    await userEvent.type(box('接收邮箱'), 'zhangwei@example.com');
    await userEvent.click(submit());

    const dialog = screen.getByRole('dialog', { name: '确认开票信息' });
    expect(within(dialog).getByText('张伟（个人）')).toBeInTheDocument();
    expect(within(dialog).getByText('zhangwei@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('¥1,600.00')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: 7, title_type: 1, title: '张伟', invoice_kind: 1, email: 'zhangwei@example.com' }]));
    expect(within(dialog).getByRole('button', { name: '确认提交' })).toBeDisabled();
    release!();
    await waitFor(() => expect(app.location()).toBe('/personal/invoiceInfo?id=7'));
  });

  it('a company title needs a tax number in the contract’s format, explained beside the fields', async () => {
    answer();
    await open();
    await userEvent.click(screen.getByRole('radio', { name: '单位' }));
    // The parent's own name is no company title: it makes room for one.
    expect(box('发票抬头')).toHaveValue('');
    await userEvent.type(box('接收邮箱'), 'finance@example.com');
    await userEvent.click(submit());
    expect(box('发票抬头')).toHaveAccessibleDescription('请输入发票抬头');
    expect(box('纳税人识别号')).toHaveAccessibleDescription('单位抬头需填写纳税人识别号');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(box('发票抬头'), '北京星河科技有限公司');
    await userEvent.type(box('纳税人识别号'), '9111010');
    expect(box('纳税人识别号')).toHaveAccessibleDescription('请输入正确的纳税人识别号（15、18或20位数字或大写字母）');
    await userEvent.click(submit());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    // Lower case is turned upper case as it is typed.
    await userEvent.clear(box('纳税人识别号'));
    await userEvent.type(box('纳税人识别号'), '91110108ma01xy2k3p');
    expect(box('纳税人识别号')).toHaveValue('91110108MA01XY2K3P');
    expect(box('纳税人识别号')).not.toHaveAccessibleDescription(/请输入/);
    await userEvent.click(submit());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认提交' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { order_id: 7, title_type: 2, title: '北京星河科技有限公司', tax_number: '91110108MA01XY2K3P', invoice_kind: 1, email: 'finance@example.com' },
      ]),
    );
  });

  it('a paper invoice needs a mailing address: without one it says so and links to add it', async () => {
    answer();
    await open();
    await userEvent.click(screen.getByRole('radio', { name: '纸质发票（邮寄）' }));
    expect(screen.queryByRole('textbox', { name: /接收邮箱/ })).toBeNull();
    expect(await screen.findByText(/您还没有邮寄地址/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '添加邮寄地址' })).toHaveAttribute(
      'href',
      `/personal/mailing?back=${encodeURIComponent('/personal/applyInvoice?id=7')}`,
    );
    await userEvent.click(submit());
    expect(screen.getByRole('group', { name: /邮寄地址/ })).toHaveAccessibleDescription('纸质发票需选择邮寄地址');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a paper invoice goes to the saved address', async () => {
    answer({ mailInfo: sampleMailInfo });
    await open();
    await userEvent.click(screen.getByRole('radio', { name: '纸质发票（邮寄）' }));
    expect(await screen.findByRole('region', { name: '发票寄往' })).toHaveTextContent('浙江省杭州市西湖区文三路100号');
    await userEvent.click(submit());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('张伟，浙江省杭州市西湖区文三路100号')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认提交' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: 7, title_type: 1, title: '张伟', invoice_kind: 2, mail_info_id: 9 }]));
  });

  it('keeps what was typed while the parent adds an address and comes back', async () => {
    answer();
    const app = await open();
    await userEvent.clear(box('发票抬头'));
    await userEvent.type(box('发票抬头'), '张小明');
    await userEvent.type(box('备注'), '请尽快开具');
    await userEvent.click(screen.getByRole('radio', { name: '纸质发票（邮寄）' }));
    await userEvent.click(await screen.findByRole('link', { name: '添加邮寄地址' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/personal\/mailing\?back=/));

    await app.router.navigate('/personal/applyInvoice?id=7');
    await screen.findByRole('form', { name: '发票信息' });
    expect(box('发票抬头')).toHaveValue('张小明');
    expect(box('备注')).toHaveValue('请尽快开具');
    expect(screen.getByRole('radio', { name: '纸质发票（邮寄）' })).toBeChecked();
  });

  it('shows a refusal (90 days, one per order) on the page and keeps what was typed', async () => {
    answer();
    server.use(http.post(chromeUrl('invoice_application'), () => fail(200, 300402, '已超过开票期限（支付后90天内）')));
    const app = await open();
    await userEvent.type(box('接收邮箱'), 'zhangwei@example.com');
    await userEvent.type(box('备注'), '报销用');
    await userEvent.click(submit());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认提交' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('已超过开票期限（支付后90天内）');
    expect(box('接收邮箱')).toHaveValue('zhangwei@example.com');
    expect(box('备注')).toHaveValue('报销用');
    expect(box('发票抬头')).toHaveValue('张伟');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(app.location()).toBe('/personal/applyInvoice?id=7');
  });

  it('prefills a whole bound mailbox, never a masked one', async () => {
    server.use(...chromeHandlers({ user: { ...userInfo, mailbox: 'zh****@example.com' } }));
    answer();
    await open();
    expect(box('接收邮箱')).toHaveValue('');
    expect(screen.getByText(/您绑定的邮箱为 zh\*\*\*\*@example\.com（已隐藏部分字符）/)).toBeInTheDocument();
  });

  it('points to the invoice when the order already has one', async () => {
    answer({ order: sampleOrderDetail({ id: 7, can_invoice: false, invoice: sampleInvoice() }) });
    renderApp('/personal/applyInvoice?id=7');
    expect(await screen.findByText(/该订单已申请过发票/, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看发票' })).toHaveAttribute('href', '/personal/invoiceInfo?id=7');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
