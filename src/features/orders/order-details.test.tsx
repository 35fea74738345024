import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderStatus, refundStatus, supplyFeeStatus } from '#contract/index';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { HttpResponse, fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sampleInvoice, sampleOrderDetail, sampleRefund, sampleSupplyFee, unpaidOrder, type SampleOrderDetail } from './test-samples.ts';

// See my-order.test.tsx: the first render loads the route's chunk and the chrome.
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('../../pages/personal/order-details.tsx'), 20_000);

let asked: string[] = [];
function answerDetail(answer: () => ReturnType<typeof ok>) {
  server.use(
    http.get(chromeUrl('order_detail/:id'), ({ params }) => {
      asked.push(String(params.id));
      return answer();
    }),
  );
}

beforeEach(() => {
  asked = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
});

const section = (name: string) => screen.getByRole('region', { name });
/** The value beside a label in a section's facts. */
const fact = (sectionName: string, label: string) => within(section(sectionName)).getByText(label).nextElementSibling;

function unpaidDetail(patch: Partial<SampleOrderDetail> = {}): SampleOrderDetail {
  return sampleOrderDetail({ ...unpaidOrder(), pay_type: null, trade_no: null, paid_amount: 0, held_sessions: 0, ...patch });
}

describe('/personal/orderDetails 订单详情', () => {
  it('shows a paid order: payment, class and progress, money, fees, refunds and the invoice', async () => {
    answerDetail(() =>
      ok(
        sampleOrderDetail({
          refunded_amount: 0,
          supply_fees: [sampleSupplyFee(), sampleSupplyFee({ id: 22, title: '教材费', amount: 60, status: supplyFeeStatus.values.paid, pay_time: '2026-11-02T10:00:00+08:00' })],
          refunds: [sampleRefund()],
          invoice: sampleInvoice(),
          can_invoice: false,
        }),
      ),
    );
    renderApp('/personal/orderDetails?id=11');
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(asked).toEqual(['11']);
    expect(within(banner).getByText('已支付').className).toMatch(/text-success/);
    expect(banner).toHaveTextContent('报名成功，请按时上课。如需退出，可申请退费');
    expect(banner).toHaveTextContent('另有画材费（宣纸、墨汁）¥180.00待补缴，请于 2026-12-10 23:59 前完成补缴。');
    expect(within(banner).getByRole('link', { name: '去补缴' })).toHaveAttribute('href', '/collectMoneySupply?supplyFeeId=21');
    expect(within(banner).getByRole('link', { name: '申请退费' })).toHaveAttribute('href', '/personal/refundConfirm?id=11');
    expect(within(banner).queryByRole('link', { name: '申请发票' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: '取消订单' })).toBeNull();

    expect(fact('订单信息', '订单号')).toHaveTextContent('CC202608151030000011');
    expect(fact('订单信息', '下单时间')).toHaveTextContent('2026-08-15 10:30');
    expect(fact('订单信息', '支付时间')).toHaveTextContent('2026-08-15 10:33');
    expect(fact('订单信息', '支付方式')).toHaveTextContent('微信支付');
    expect(fact('订单信息', '交易单号')).toHaveTextContent('T2026081510314000011');

    expect(within(section('课程信息')).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', '/details?id=3');
    expect(fact('课程信息', '报名孩子')).toHaveTextContent('张小明（报名人数 1 人）');
    expect(fact('课程信息', '上课时间')).toHaveTextContent('每周日 14:00-15:30，共16次');
    expect(fact('课程信息', '上课地点')).toHaveTextContent('西城总部');
    const progress = within(section('课程信息')).getByRole('progressbar', { name: '上课进度' });
    expect(progress).toHaveAttribute('aria-valuenow', '12');
    expect(progress).toHaveAttribute('aria-valuemax', '16');
    expect(section('课程信息')).toHaveTextContent('已上 12 / 16 次');

    expect(fact('费用信息', '订单金额')).toHaveTextContent('¥1,800.00');
    expect(fact('费用信息', '实付金额')).toHaveTextContent('¥1,800.00');
    expect(fact('费用信息', '已补缴')).toHaveTextContent('¥60.00');
    expect(fact('费用信息', '已退金额')).toHaveTextContent('¥0.00');

    const fees = within(section('补缴费用')).getAllByRole('row').slice(1);
    expect(within(fees[0]!).getByText('待补缴').className).toMatch(/text-danger/);
    expect(within(fees[0]!).getByRole('link', { name: '去补缴' })).toHaveAttribute('href', '/collectMoneySupply?supplyFeeId=21');
    expect(within(fees[1]!).getByText('已补缴')).toBeInTheDocument();
    expect(within(fees[1]!).queryByRole('link')).toBeNull();

    const refunds = section('退费记录');
    expect(within(refunds).getByText('退费被驳回')).toBeInTheDocument();
    expect(within(refunds).getByText('驳回原因：请补充医院证明后重新申请')).toBeInTheDocument();
    expect(within(refunds).getByRole('link', { name: '退费详情' })).toHaveAttribute('href', '/personal/refundDetails?id=41');

    const invoice = section('发票信息');
    expect(within(invoice).getByText('已开票')).toBeInTheDocument();
    expect(fact('发票信息', '发票抬头')).toHaveTextContent('张伟（个人）');
    expect(fact('发票信息', '发票号码')).toHaveTextContent('26110000000000000051');
    expect(within(invoice).getByRole('link', { name: '查看发票' })).toHaveAttribute('href', '/personal/invoiceInfo?id=11');
  });

  it('offers 申请发票 when the order may still have one', async () => {
    answerDetail(() => ok(sampleOrderDetail({ can_invoice: true, can_refund: false })));
    renderApp('/personal/orderDetails?id=11');
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', '/personal/applyInvoice?id=11');
    expect(within(section('发票信息')).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', '/personal/applyInvoice?id=11');
    expect(within(banner).queryByRole('link', { name: '申请退费' })).toBeNull();
    expect(screen.queryByRole('region', { name: '补缴费用' })).toBeNull();
    expect(screen.queryByRole('region', { name: '退费记录' })).toBeNull();
  });

  it('an unpaid order says until when to pay, counts down, and can be paid or cancelled', async () => {
    let cancelled = false;
    let sent = 0;
    answerDetail(() =>
      ok(cancelled ? unpaidDetail({ status: orderStatus.values.cancelled, can_cancel: false, can_pay: false, cancelled_at: '2026-12-05T10:05:00+08:00' }) : unpaidDetail()),
    );
    server.use(
      http.post(chromeUrl('cancel_order/:id'), () => {
        sent += 1;
        cancelled = true;
        return ok(null);
      }),
    );
    renderApp('/personal/orderDetails?id=12');
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByText('待支付').className).toMatch(/text-danger/);
    expect(banner).toHaveTextContent(/请于 \d{4}-\d\d-\d\d \d\d:\d\d 前完成支付（剩余 00:(19|20):\d\d），超时订单将自动关闭/);
    expect(within(banner).getByRole('link', { name: '去支付' })).toHaveAttribute('href', '/collectMoney?orderId=12');
    expect(fact('订单信息', '支付时间')).toHaveTextContent('未支付');
    expect(fact('费用信息', '实付金额')).toHaveTextContent('¥0.00（未支付）');

    await userEvent.click(within(banner).getByRole('button', { name: '取消订单' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '取消订单' })).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '订单状态' })).getByText('已取消')).toBeInTheDocument());
    expect(sent).toBe(1);
    expect(screen.getByRole('region', { name: '订单状态' })).toHaveTextContent('订单已于 2026-12-05 10:05 取消，名额已释放。');
    expect(within(screen.getByRole('region', { name: '订单状态' })).getByRole('link', { name: '重新报名' })).toHaveAttribute('href', '/details?id=4');
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
  });

  it('a closed order says why, without its progress', async () => {
    answerDetail(() => ok(unpaidDetail({ status: orderStatus.values.closed, can_cancel: false, can_pay: false, closed_at: '2026-12-02T19:30:00+08:00' })));
    renderApp('/personal/orderDetails?id=12');
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(banner).toHaveTextContent('订单未在支付时限内完成支付，已于 2026-12-02 19:30 自动关闭，名额已释放。');
    expect(fact('订单信息', '关闭时间')).toHaveTextContent('2026-12-02 19:30');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a partly refunded order says how much came back', async () => {
    answerDetail(() =>
      ok(sampleOrderDetail({ status: orderStatus.values.partiallyRefunded, refunded_amount: 450, can_refund: false, can_invoice: false, refunds: [sampleRefund({ status: refundStatus.values.refunded, reject_reason: null })] })),
    );
    renderApp('/personal/orderDetails?id=11');
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(banner).toHaveTextContent('已按未上课次数退费¥450.00，款项将原路退回。');
    expect(fact('费用信息', '已退金额')).toHaveTextContent('¥450.00');
  });

  it('a refund in progress says what was asked for and links to its progress', async () => {
    answerDetail(() =>
      ok(
        sampleOrderDetail({
          status: orderStatus.values.refunding,
          can_refund: false,
          can_invoice: false,
          refunds: [sampleRefund(), sampleRefund({ id: 42, amount: 300, sessions_refunded: 3, status: refundStatus.values.applying, finished_at: null, reject_reason: null })],
        }),
      ),
    );
    renderApp('/personal/orderDetails?id=11');
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByText('退费中').className).toMatch(/text-warning/);
    expect(banner).toHaveTextContent('退费¥300.00（3次课）的申请已提交，正在处理，结果将以站内消息通知。');
    expect(within(banner).getByRole('link', { name: '查看退费进度' })).toHaveAttribute('href', '/personal/refundDetails?id=42');
    expect(within(banner).queryByRole('link', { name: '申请退费' })).toBeNull();
    expect(within(section('退费记录')).getAllByRole('link', { name: '退费详情' }).map((a) => a.getAttribute('href'))).toEqual(['/personal/refundDetails?id=41', '/personal/refundDetails?id=42']);
  });

  it('an order that does not exist (or is not this parent’s) is not found, without a toast', async () => {
    answerDetail(() => HttpResponse.json({ error_code: 404001, msg: '订单不存在或已删除', data: null }, { status: 404 }));
    const app = renderApp('/personal/orderDetails?id=999');
    expect(await screen.findByText('没有找到该订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('an address without a usable id is not found, and asks nothing', async () => {
    answerDetail(() => ok(sampleOrderDetail()));
    renderApp('/personal/orderDetails?id=abc');
    expect(await screen.findByText('没有找到该订单')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('explains another failure on the page and loads again on request', async () => {
    let calls = 0;
    answerDetail(() => (++calls === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(sampleOrderDetail())));
    const app = renderApp('/personal/orderDetails?id=11');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('订单加载失败');
    expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '订单状态' })).toBeInTheDocument();
  });
});
