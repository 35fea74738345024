import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceKind, invoiceStatus, invoiceTitleType, orderStatus } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderPage, sampleOrder, sampleOrderDetail } from '../refunds/test-samples.ts';
import { sampleInvoice, sampleMailInfo, type SampleInvoice } from './test-samples.ts';


const LOAD = { timeout: 5000 };

function invoices(byOrder: Record<number, SampleInvoice | null>) {
  server.use(http.get(chromeUrl('query_invoice_detail/:id'), ({ params }) => ok(byOrder[Number(params.id)] ?? null)));
}

beforeEach(() => {
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

describe('/personal/invoiceInfo 发票管理, the list', () => {
  it('lists the paid orders with their invoice state, 申请发票 where allowed and 查看发票 where there is one', async () => {
    server.use(
      http.get(chromeUrl('order_list'), () =>
        ok(
          orderPage([
            sampleOrder({ id: 1, class_name: '寒假素描速写营', can_invoice: true }),
            sampleOrder({ id: 2, class_name: '少儿英语进阶班', can_invoice: false }),
            sampleOrder({ id: 3, class_name: '少儿围棋班', can_invoice: false }),
            sampleOrder({ id: 4, class_name: '未付款的课', status: orderStatus.values.unpaid, pay_time: null, can_invoice: false }),
          ]),
        ),
      ),
    );
    invoices({ 2: sampleInvoice({ order_id: 2 }) });
    renderApp('/personal/invoiceInfo');

    const fresh = (await screen.findByRole('rowheader', { name: /寒假素描速写营/ }, LOAD)).closest('tr')!;
    expect(await within(fresh).findByText('未申请')).toBeInTheDocument();
    expect(within(fresh).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', '/personal/applyInvoice?id=1');
    expect(within(fresh).queryByRole('link', { name: '查看发票' })).toBeNull();

    const issued = screen.getByRole('rowheader', { name: /少儿英语进阶班/ }).closest('tr')!;
    expect(await within(issued).findByText('已开票')).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: '查看发票' })).toHaveAttribute('href', '/personal/invoiceInfo?id=2');
    expect(within(issued).queryByRole('link', { name: '申请发票' })).toBeNull();

    const late = screen.getByRole('rowheader', { name: /少儿围棋班/ }).closest('tr')!;
    expect(await within(late).findByText('不可申请')).toBeInTheDocument();

    expect(screen.queryByText('未付款的课')).toBeNull();
  });

  it('says so when no order was paid', async () => {
    server.use(http.get(chromeUrl('order_list'), () => ok(orderPage([sampleOrder({ status: orderStatus.values.cancelled, pay_time: null })]))));
    renderApp('/personal/invoiceInfo');
    expect(await screen.findByText('暂无可开票的订单', {}, LOAD)).toBeInTheDocument();
  });
});

describe('/personal/invoiceInfo?id= one order’s invoice', () => {
  it('shows an issued e-invoice with its number, title, email, progress and the PDF', async () => {
    invoices({ 7: sampleInvoice() });
    renderApp('/personal/invoiceInfo?id=7');
    const pdf = await screen.findByRole('link', { name: '下载电子发票（PDF）' }, LOAD);
    expect(pdf).toHaveAttribute('href', '/mock-oss/invoice/20260901000000000001.pdf');
    const facts = screen.getByRole('region', { name: '发票信息' });
    expect(within(facts).getByText('20260901000000000001')).toBeInTheDocument();
    expect(within(facts).getByText('张伟')).toBeInTheDocument();
    expect(within(facts).getByText('zhangwei@example.com')).toBeInTheDocument();
    expect(within(facts).getByText('电子发票')).toBeInTheDocument();
    expect(screen.getByText('¥1,600.00')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: '开票进度' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✓提交申请（已完成）2026-09-01 20:00',
      '✓开具发票（已完成）2026-09-01 21:00',
      '✓已开票（已完成）可下载电子发票',
    ]);
  });

  it('shows a mailed paper invoice for a company: tax number, address and express number, no PDF', async () => {
    invoices({
      7: sampleInvoice({
        status: invoiceStatus.values.mailed,
        title_type: invoiceTitleType.values.company,
        title: '北京星河科技有限公司',
        tax_number: '91110108MA01XY2K3P',
        invoice_kind: invoiceKind.values.paper,
        email: null,
        mail_info: sampleMailInfo,
        file_url: null,
        express_no: 'SF2026090200001',
      }),
    });
    renderApp('/personal/invoiceInfo?id=7');
    const facts = await screen.findByRole('region', { name: '发票信息' }, LOAD);
    expect(within(facts).getByText('91110108MA01XY2K3P')).toBeInTheDocument();
    expect(within(facts).getByText('单位')).toBeInTheDocument();
    expect(within(facts).getByText('张伟 13800000000，浙江省杭州市西湖区文三路100号')).toBeInTheDocument();
    expect(within(facts).getByText('SF2026090200001')).toBeInTheDocument();
    expect(screen.getByText('已寄出', { selector: 'span[class*="status"]' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /下载电子发票/ })).toBeNull();
  });

  it('offers 申请发票 when the order has none yet', async () => {
    invoices({});
    server.use(http.get(chromeUrl('order_detail/:id'), () => ok(sampleOrderDetail({ id: 7, can_invoice: true }))));
    renderApp('/personal/invoiceInfo?id=7');
    expect(await screen.findByText('该订单尚未申请发票', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '申请发票' })).toHaveAttribute('href', '/personal/applyInvoice?id=7');
  });
});
