import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classType, invoiceStatus, orderStatus, payType, refundStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { MINUTE, at } from '#fixtures/time';
import { addInvoice, addRefund, addSupplyFee, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { http, server, recordCalls } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute, type World } from '../../test/render-route.tsx';

/** Builds the world now, so its ids are known before the first render (renderRoute still caches it). */
function builtNow(build: () => World): () => World {
  const made = build();
  return () => made;
}

/** The sessions b.klass made for a class. */
const sessionsOf = (b: FamilyBuilder, klass: Row<'classes'>) => b.snapshot.classSessions.filter((s) => s.class_id === klass.id);

/** Sunday afternoons 14:00-15:30, 16 sessions from `first`. */
const sundays = (first: string) => ({ weekdays: [7 as const], first_session_date: first, start_time: '14:00', end_time: '15:30', time_of_day: timeOfDay.values.afternoon });

/*
 * 张伟's orders, one per case:
 *  - paid: 少儿国画启蒙班 for 张小明, ordered 2026-08-15 10:30 and paid by WeChat at 10:33; 12 of its
 *    16 Sunday sessions held (from 13 September); 教材费 ¥60 paid on 2 November, 画材费 ¥180 due
 *    10 December 23:59; a refund asked on 20 November and rejected; an electronic invoice to 张伟
 *    issued in September;
 *  - invoiceable: 少儿陶艺短期班, paid on 1 October (within the 90 days), all 8 sessions held (so
 *    nothing left to refund), no invoice yet;
 *  - unpaid: 中国舞寒假集训营 (id 4), ordered ten minutes ago, 20 minutes left to pay;
 *  - closed: 少儿书法班, ordered 2026-12-02 19:00 and closed unpaid at 19:30;
 *  - partial: 少儿素描班 for 张小红, 4 of its 16 sessions (¥112.50 each) refunded: ¥450;
 *  - refunding: 少儿围棋班 (¥1,600, 16 Sundays from 6 September, 13 held): a refund rejected in
 *    November, and one for the last 3 sessions (¥300) asked ten minutes ago.
 * 李娜 has an order of her own.
 */
let ids!: Ids;
const world = builtNow(
  familyWorld((b) => {
    const guohua = b.klass({ id: 3, name: '少儿国画启蒙班', fee: 1800, ...sundays('2026-09-13'), address: '西城总部 · 北京市西城区平安里西大街1号' });
    const paid = enrol(b, { parent: b.parent, child: b.xiaoming, klass: guohua, signedUpAt: at('2026-08-15', '10:30') - 40_000, outcome: 'paid', payType: payType.values.wechat }).order!;
    addSupplyFee(b, paid, { title: '教材费', amount: 60, createdAt: at('2026-10-28', '09:00'), deadline: at('2026-11-10', '23:59'), paidAt: at('2026-11-02', '10:00') });
    const fee = addSupplyFee(b, paid, { title: '画材费（宣纸、墨汁）', amount: 180, createdAt: at('2026-12-03', '15:00'), deadline: at('2026-12-10', '23:59') });
    const rejected = addRefund(b, {
      order: paid,
      sessions: sessionsOf(b, guohua),
      appliedAt: at('2026-11-20', '09:00'),
      status: refundStatus.values.rejected,
      reason: '孩子身体原因需暂停上课',
      rejectReason: '请补充医院证明后重新申请',
    });
    const invoice = addInvoice(b, { order: paid, appliedAt: at('2026-09-01', '20:00'), status: invoiceStatus.values.issued, title: '张伟', email: 'zhangwei@example.com' });

    const clay = b.klass({ id: 5, name: '少儿陶艺短期班', fee: 960, weekdays: [6], first_session_date: '2026-10-10', session_count: 8 });
    const invoiceable = enrol(b, { parent: b.parent, child: b.xiaoming, klass: clay, signedUpAt: at('2026-10-01', '09:00'), outcome: 'paid' }).order!;

    const dance = b.klass({ id: 4, name: '中国舞寒假集训营', fee: 1300, first_session_date: '2027-01-25' });
    const unpaid = enrol(b, { parent: b.parent, child: b.xiaoming, klass: dance, signedUpAt: TEST_NOW - 10 * MINUTE - 40_000, outcome: 'unpaid' }).order!;

    const ink = b.klass({ id: 6, name: '少儿书法班', fee: 1200 });
    const closed = enrol(b, { parent: b.parent, child: b.xiaohong, klass: ink, signedUpAt: at('2026-12-02', '18:59'), orderedAt: at('2026-12-02', '19:00'), outcome: 'closed' }).order!;

    const sketch = b.klass({ id: 7, name: '少儿素描班', fee: 1800, ...sundays('2026-09-13') });
    const partial = enrol(b, { parent: b.parent, child: b.xiaohong, klass: sketch, signedUpAt: at('2026-08-16', '10:00'), outcome: 'paid' }).order!;
    addRefund(b, { order: partial, sessions: sessionsOf(b, sketch), appliedAt: at('2026-12-01', '09:00'), status: refundStatus.values.refunded, reason: '孩子转学' });

    const go = b.klass({ id: 8, name: '少儿围棋班', fee: 1600, ...sundays('2026-09-06') });
    const refunding = enrol(b, { parent: b.parent, child: b.xiaohong, klass: go, signedUpAt: at('2026-08-16', '11:00'), outcome: 'paid' }).order!;
    const first = addRefund(b, { order: refunding, sessions: sessionsOf(b, go), appliedAt: at('2026-11-20', '09:00'), status: refundStatus.values.rejected, reason: '孩子时间冲突' });
    const running = addRefund(b, { order: refunding, sessions: sessionsOf(b, go), appliedAt: TEST_NOW - 10 * MINUTE, status: refundStatus.values.applying, reason: '孩子时间冲突' });

    const hers = enrol(b, { parent: b.other, child: b.otherChild, klass: ink, signedUpAt: at('2026-12-01', '10:00'), outcome: 'paid' }).order!;

    const concert = b.klass({ id: 9, name: '新年音乐会亲子专场', fee: 120, class_type: classType.values.activity, first_session_date: '2026-12-31', session_count: 1 });
    const concertOrder = enrol(b, { parent: b.parent, child: b.xiaoming, klass: concert, signedUpAt: at('2026-10-20', '10:00'), outcome: 'paid' }).order!;
    const concertRefund = addRefund(b, {
      order: concertOrder,
      sessions: sessionsOf(b, concert),
      appliedAt: at('2026-11-01', '08:00'),
      status: refundStatus.values.refunded,
      reason: '当天有事无法参加',
    });

    ids = {
      paid,
      fee: fee.id,
      rejected: rejected.id,
      invoiceNo: invoice.invoice_no!,
      invoiceable: invoiceable.id,
      unpaid: unpaid.id,
      closed: closed.id,
      partial: partial.id,
      refunding: refunding.id,
      refunds: [first.id, running.id],
      hers: hers.id,
      activity: { order: concertOrder.id, refund: concertRefund.id },
    };
  }),
);
interface Ids {
  paid: Row<'orders'>;
  fee: number;
  rejected: number;
  invoiceNo: string;
  invoiceable: number;
  unpaid: number;
  closed: number;
  partial: number;
  refunding: number;
  refunds: [number, number];
  hers: number;
  activity: { order: number; refund: number };
}

const section = (name: string) => screen.getByRole('region', { name });
/** The value beside a label in a section's facts. */
const fact = (sectionName: string, label: string) => within(section(sectionName)).getByText(label).nextElementSibling;

/** The order_detail calls the page made, by id (in front of the mock, which answers). */
function recordDetails(): string[] {
  return recordCalls('get', '*/order_detail/:id', ({ params }) => String(params.id));
}

describe('/personal/orderDetails 订单详情', () => {
  it('shows a paid order: payment, class and progress, money, fees, refunds and the invoice', async () => {
    const asked = recordDetails();
    const paid = ids.paid;
    await renderRoute(`/personal/orderDetails?id=${paid.id}`, { world, as: 'zhangwei' });
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(asked).toEqual([String(paid.id)]);
    expect(within(banner).getByText('已支付').className).toMatch(/text-success/);
    expect(banner).toHaveTextContent('报名成功，请按时上课。如需退出，可申请退费');
    expect(banner).toHaveTextContent('另有画材费（宣纸、墨汁）¥180.00待补缴，请于 2026-12-10 23:59 前完成补缴。');
    expect(within(banner).getByRole('link', { name: '去补缴' })).toHaveAttribute('href', `/collectMoneySupply?supplyFeeId=${ids.fee}`);
    expect(within(banner).getByRole('link', { name: '申请退费' })).toHaveAttribute('href', `/personal/refundConfirm?id=${paid.id}`);
    expect(within(banner).queryByRole('link', { name: '申请发票' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: '取消订单' })).toBeNull();

    expect(fact('订单信息', '订单号')).toHaveTextContent(paid.order_no);
    expect(fact('订单信息', '下单时间')).toHaveTextContent('2026-08-15 10:30');
    expect(fact('订单信息', '支付时间')).toHaveTextContent('2026-08-15 10:33');
    expect(fact('订单信息', '支付方式')).toHaveTextContent('微信支付');
    expect(fact('订单信息', '交易单号')).toHaveTextContent(paid.trade_no!);

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
    // What a refund would return today (refund_remain_query, spec §7): the 4 sessions not yet held.
    await waitFor(() => expect(fact('费用信息', '可退金额')).toHaveTextContent('¥450.00'));

    // Oldest first: 教材费 (paid), then 画材费 (to pay).
    const fees = within(section('补缴费用')).getAllByRole('row').slice(1);
    expect(fees).toHaveLength(2);
    expect(fees[0]).toHaveTextContent('教材费');
    expect(within(fees[0]!).getByText('已补缴')).toBeInTheDocument();
    expect(within(fees[0]!).getByText('2026-11-02 10:00 已支付')).toBeInTheDocument();
    expect(within(fees[0]!).queryByRole('link')).toBeNull();
    expect(fees[1]).toHaveTextContent('画材费（宣纸、墨汁）');
    expect(within(fees[1]!).getByText('待补缴').className).toMatch(/text-danger/);
    expect(within(fees[1]!).getByRole('link', { name: '去补缴' })).toHaveAttribute('href', `/collectMoneySupply?supplyFeeId=${ids.fee}`);

    const refunds = section('退费记录');
    expect(within(refunds).getByText('退费被驳回')).toBeInTheDocument();
    expect(within(refunds).getByText('驳回原因：请补充医院证明后重新申请')).toBeInTheDocument();
    expect(within(refunds).getByRole('link', { name: '退费详情' })).toHaveAttribute('href', `/personal/refundDetails?id=${ids.rejected}`);

    const invoice = section('发票信息');
    expect(within(invoice).getByText('已开票')).toBeInTheDocument();
    expect(fact('发票信息', '发票抬头')).toHaveTextContent('张伟（个人）');
    expect(fact('发票信息', '发票号码')).toHaveTextContent(ids.invoiceNo);
    expect(within(invoice).getByRole('link', { name: '查看发票' })).toHaveAttribute('href', `/personal/invoiceInfo?id=${paid.id}`);
  });

  it('offers 申请发票 when the order may still have one', async () => {
    await renderRoute(`/personal/orderDetails?id=${ids.invoiceable}`, { world, as: 'zhangwei' });
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', `/personal/applyInvoice?id=${ids.invoiceable}`);
    expect(within(section('发票信息')).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', `/personal/applyInvoice?id=${ids.invoiceable}`);
    // Every session has started: nothing is left to refund, and nothing is asked about it.
    expect(within(banner).queryByRole('link', { name: '申请退费' })).toBeNull();
    expect(within(section('费用信息')).queryByText('可退金额')).toBeNull();
    expect(screen.queryByRole('region', { name: '补缴费用' })).toBeNull();
    expect(screen.queryByRole('region', { name: '退费记录' })).toBeNull();
  });

  it('an unpaid order says until when to pay, counts down, and can be paid or cancelled', async () => {
    const sent: string[] = [];
    // Records the call and lets it go on to the mock, which cancels the order.
    server.use(
      http.post('*/cancel_order/:id', ({ params }) => {
        sent.push(String(params.id));
      }),
    );
    const { mock } = await renderRoute(`/personal/orderDetails?id=${ids.unpaid}`, { world, as: 'zhangwei' });
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByText('待支付').className).toMatch(/text-danger/);
    expect(banner).toHaveTextContent(/请于 2026-12-05 10:20 前完成支付（剩余 00:(19|20):\d\d），超时订单将自动关闭/);
    expect(within(banner).getByRole('link', { name: '去支付' })).toHaveAttribute('href', `/collectMoney?orderId=${ids.unpaid}`);
    expect(fact('订单信息', '支付时间')).toHaveTextContent('未支付');
    expect(fact('费用信息', '实付金额')).toHaveTextContent('¥0.00（未支付）');

    await userEvent.click(within(banner).getByRole('button', { name: '取消订单' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '取消订单' })).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '订单状态' })).getByText('已取消')).toBeInTheDocument());
    expect(sent).toEqual([String(ids.unpaid)]);
    // The mock's clock stands at 10:00: that is when it cancelled the order.
    expect(screen.getByRole('region', { name: '订单状态' })).toHaveTextContent('订单已于 2026-12-05 10:00 取消，名额已释放。');
    expect(within(screen.getByRole('region', { name: '订单状态' })).getByRole('link', { name: '重新报名' })).toHaveAttribute('href', '/details?id=4');
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(mock.db.orders.findFirst((q) => q.where({ id: ids.unpaid }))!.status).toBe(orderStatus.values.cancelled);
  });

  it('a closed order says why, without its progress', async () => {
    await renderRoute(`/personal/orderDetails?id=${ids.closed}`, { world, as: 'zhangwei' });
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(banner).toHaveTextContent('订单未在支付时限内完成支付，已于 2026-12-02 19:30 自动关闭，名额已释放。');
    expect(fact('订单信息', '关闭时间')).toHaveTextContent('2026-12-02 19:30');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a partly refunded order says how much came back', async () => {
    await renderRoute(`/personal/orderDetails?id=${ids.partial}`, { world, as: 'zhangwei' });
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByText('部分退费')).toBeInTheDocument();
    expect(banner).toHaveTextContent('已按未上课次数退费¥450.00，款项将原路退回。');
    expect(fact('费用信息', '已退金额')).toHaveTextContent('¥450.00');
  });

  it('a refund in progress says what was asked for and links to its progress', async () => {
    await renderRoute(`/personal/orderDetails?id=${ids.refunding}`, { world, as: 'zhangwei' });
    const [rejected, running] = ids.refunds;
    const banner = await screen.findByRole('region', { name: '订单状态' });
    expect(within(banner).getByText('退费中').className).toMatch(/text-warning/);
    expect(banner).toHaveTextContent('退费¥300.00（3次课）的申请已提交，正在处理，结果将以站内消息通知。');
    expect(within(banner).getByRole('link', { name: '查看退费进度' })).toHaveAttribute('href', `/personal/refundDetails?id=${running}`);
    expect(within(banner).queryByRole('link', { name: '申请退费' })).toBeNull();
    expect(
      within(section('退费记录'))
        .getAllByRole('link', { name: '退费详情' })
        .map((a) => a.getAttribute('href')),
    ).toEqual([`/personal/refundDetails?id=${rejected}`, `/personal/refundDetails?id=${running}`]);
  });

  it('an activity’s refund links to its details saying so, so that page asks the activity call once', async () => {
    await renderRoute(`/personal/orderDetails?id=${ids.activity.order}`, { world, as: 'zhangwei' });
    const refunds = await screen.findByRole('region', { name: '退费记录' });
    expect(within(refunds).getByRole('link', { name: '退费详情' })).toHaveAttribute('href', `/personal/refundDetails?id=${ids.activity.refund}&activity=1`);
  });

  it('an order that does not exist (or is not this parent’s) is not found, without a toast', async () => {
    // 李娜's order: the mock answers 张伟 as if it did not exist.
    const { ports } = await renderRoute(`/personal/orderDetails?id=${ids.hers}`, { world, as: 'zhangwei' });
    expect(await screen.findByText('没有找到该订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('an address without a usable id is not found, and asks nothing', async () => {
    const asked = recordDetails();
    await renderRoute('/personal/orderDetails?id=abc', { world, as: 'zhangwei' });
    expect(await screen.findByText('没有找到该订单')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('explains another failure on the page and loads again on request', async () => {
    failOnce('*/order_detail/:id');
    const { ports } = await renderRoute(`/personal/orderDetails?id=${ids.paid.id}`, { world, as: 'zhangwei' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('订单加载失败');
    expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
    expect(ports.toastError).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '订单状态' })).toBeInTheDocument();
  });
});
