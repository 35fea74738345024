import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getResponse, HttpHandler, ws } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH, classType, errorCodes, orderStatus, paymentStatus, payType, supplyFeeStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, MINUTE, at, toIso } from '#fixtures/time';
import { addSupplyFee, enrol } from '#fixtures/world';
import { settlePayment } from '#mock/control/operations';
import { PAY_WS_PATTERN } from '#mock/handlers/pay-ws';
import { FAIL_REASON, lastTradeOf, type TradeTarget } from '#mock/rules/payments';
import type { MockState } from '#mock/core/state';
import { browser } from '../../lib/browser.ts';
import { http, server, holdCalls, recordAnswerCodes } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld, TEST_NOW } from '../../test/family-world.ts';
import { mockBackendHandlers } from '../../test/mock-backend.ts';
import { createTestMock, renderRoute } from '../../test/render-route.tsx';
import { signInTarget } from '../../test/sign-in-target.ts';

/** A winter class of the 舞蹈 specialty like 少儿街舞寒假班 (Monday and Wednesday afternoons). */
const winterClass = (o: Partial<Row<'classes'>> & { id: number; name: string }): Partial<Row<'classes'>> & { name: string } => ({
  class_type: classType.values.holiday,
  min_age: 5,
  max_age: 14,
  fee: 1100,
  term: '2026-2027学年寒假',
  weekdays: [1, 3],
  time_of_day: timeOfDay.values.afternoon,
  start_time: '14:00',
  end_time: '15:30',
  session_count: 10,
  first_session_date: '2027-01-25',
  address: '北京市通州区运河西大街88号',
  ...o,
});

/*
 * 张伟's orders (now: Saturday 2026-12-05 10:00):
 *   unpaid    张小红 · 22 少儿街舞寒假班 ¥1,100, placed now: to pay by 10:30, no trade yet;
 *   onPhone   张小明 · 23 少儿国画寒假班 ¥1,300, placed 5 minutes ago; an Alipay QR was opened on
 *             the parent's phone 2 minutes ago and is still waiting;
 *   paid      张小红 · 24 少儿芭蕾寒假班, paid by Alipay two days ago;
 *   closed    张小明 · 25 少儿书法寒假班, lapsed;  cancelled 张小红 · 26 少儿围棋寒假班;
 *   expiring  张小明 · 27 少儿合唱寒假班, its window ends at 10:00:05;
 *   failed    张小红 · 28 少儿钢琴寒假班, placed 10 minutes ago, its trade failed;
 *   withFees  张小红 · 29 素描基础班（周六下午）, paid, with the supplementary fees
 *             画材费（素描纸、炭笔、画板） ¥180 due 2026-12-10 23:59, 演出服装费 (both unpaid) and 教材费 (paid).
 */
const world = familyWorld((b) => {
  const dance = b.specialties[1].id;
  const order = (klass: Partial<Row<'classes'>> & { id: number; name: string }, child: Row<'contacts'>, outcome: 'unpaid' | 'paid' | 'closed' | 'cancelled', orderedAt: number) =>
    enrol(b, { parent: b.parent, child, klass: b.klass(winterClass({ specialty_id: dance, ...klass })), signedUpAt: orderedAt - 40_000, orderedAt, outcome, payType: payType.values.alipay }).order!;

  orders.unpaid = order({ id: 22, name: '少儿街舞寒假班' }, b.xiaohong, 'unpaid', TEST_NOW);
  orders.onPhone = order({ id: 23, name: '少儿国画寒假班', fee: 1300, specialty_id: b.specialties[0].id, weekdays: [2, 4] }, b.xiaoming, 'unpaid', TEST_NOW - 5 * MINUTE);
  phoneTrade = b.add(
    'trades',
    b.f.trade({ parent_id: b.parent.id, order_id: orders.onPhone.id, amount: 1300, pay_type: payType.values.alipay, created_at: toIso(TEST_NOW - 2 * MINUTE), expire_at: orders.onPhone.pay_deadline }),
  )[0]!.trade_no;
  orders.paid = order({ id: 24, name: '少儿芭蕾寒假班', weekdays: [5] }, b.xiaohong, 'paid', TEST_NOW - 2 * DAY);
  orders.closed = order({ id: 25, name: '少儿书法寒假班', weekdays: [5] }, b.xiaoming, 'closed', TEST_NOW - 2 * DAY);
  orders.cancelled = order({ id: 26, name: '少儿围棋寒假班', weekdays: [6] }, b.xiaohong, 'cancelled', TEST_NOW - DAY);
  orders.expiring = order({ id: 27, name: '少儿合唱寒假班', weekdays: [6] }, b.xiaoming, 'unpaid', TEST_NOW - 30 * MINUTE + 5000);
  orders.failed = order({ id: 28, name: '少儿钢琴寒假班', weekdays: [7] }, b.xiaohong, 'unpaid', TEST_NOW - 10 * MINUTE);
  b.add(
    'trades',
    b.f.trade({
      parent_id: b.parent.id,
      order_id: orders.failed.id,
      amount: 1100,
      status: paymentStatus.values.failed,
      created_at: toIso(TEST_NOW - 9 * MINUTE),
      expire_at: orders.failed.pay_deadline,
      fail_reason: FAIL_REASON,
    }),
  );
  orders.withFees = order(
    { id: 29, name: '素描基础班（周六下午）', fee: 2200, specialty_id: b.specialties[0].id, weekdays: [6], time_of_day: timeOfDay.values.morning, start_time: '09:00', end_time: '11:00' },
    b.xiaohong,
    'paid',
    TEST_NOW - 3 * DAY,
  );
  addSupplyFee(b, orders.withFees, { title: '演出服装费', amount: 260, createdAt: TEST_NOW - 2 * DAY, deadline: TEST_NOW + 5 * DAY });
  fees.unpaid = addSupplyFee(b, orders.withFees, { title: '画材费（素描纸、炭笔、画板）', amount: 180, createdAt: at('2026-12-03', '15:00'), deadline: at('2026-12-10', '23:59') });
  fees.paid = addSupplyFee(b, orders.withFees, { title: '教材费', amount: 120, createdAt: TEST_NOW - 2 * DAY, deadline: TEST_NOW + 5 * DAY, paidAt: TEST_NOW - DAY });
});
const orders = {} as Record<'unpaid' | 'onPhone' | 'paid' | 'closed' | 'cancelled' | 'expiring' | 'failed' | 'withFees', Row<'orders'>>;
const fees = {} as Record<'unpaid' | 'paid', Row<'supplyFees'>>;
let phoneTrade = '';
// The rows above are known once the world is built: build it before any test reads them.
beforeAll(() => createTestMock(world).then(() => undefined));

/**
 * What the payment pages did besides drawing: the trades asked for (pay_sign_up, pay_supply_fee),
 * the status polls by trade number, and what they told the websocket. All recorded in front of the
 * mock, which answers.
 */
function watchPayment() {
  const seen = { started: [] as unknown[], polls: [] as string[], subscriptions: [] as unknown[] };
  const started = async ({ request }: { request: Request }) => {
    seen.started.push(await request.clone().json());
  };
  const polled = ({ request }: { request: Request }) => {
    seen.polls.push(new URL(request.url).searchParams.get('trade_no')!);
  };
  server.use(
    http.post('*/pay_sign_up', started),
    http.post('*/pay_supply_fee', started),
    http.get('*/get_pay_status', polled),
    http.get('*/query_supply_fee_pay_status', polled),
    ws.link(PAY_WS_PATTERN).addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => seen.subscriptions.push(JSON.parse(String(event.data))));
    }),
  );
  return seen;
}

/** The payment websocket cannot be reached: every connection is closed at once, so the page polls. */
function socketDown() {
  server.use(ws.link(PAY_WS_PATTERN).addEventListener('connection', ({ client }) => client.close()));
}

/** How many times the page read an order or its payment state (in front of the mock, which answers). */
function countReads(path: string): number[] {
  const reads: number[] = [];
  server.use(
    http.get(path, ({ params }) => {
      reads.push(Number(params.id));
    }),
  );
  return reads;
}

/**
 * The answers carry no Date header the page can read (an API on another origin that does not
 * expose it), so the page cannot tell how far its own clock is off.
 */
function serverDateUnreadable() {
  const backend = mockBackendHandlers.filter((h): h is HttpHandler => h instanceof HttpHandler);
  server.use(
    http.all(`*${API_BASE_PATH}*`, async ({ request }) => {
      const response = await getResponse(backend, request);
      if (!response) return undefined;
      const headers = new Headers(response.headers);
      headers.delete('Date');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }),
  );
}

const orderTrade = (orderId: number): TradeTarget => ({ order_id: orderId, supply_fee_id: null });
/** The trade the page follows now (the newest of the order or fee). */
const tradeOf = (mock: MockState, target: TradeTarget) => lastTradeOf(mock, target)!;
/** The payment platform reports the trade's outcome (the mock's control operation). */
const settle = (mock: MockState, tradeNo: string, outcome: 'success' | 'fail') => act(() => settlePayment(mock, tradeNo, { outcome }).then(() => undefined));

/** Fake timers that also move on with real time, from the world's now. */
const fakeTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true, now: TEST_NOW });
const user = () => (vi.isFakeTimers() ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) : userEvent.setup());
/** The QR code once drawn (while drawing, its name ends in （生成中）). */
const qr = () => screen.findByRole('img', { name: /支付二维码$/ });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

describe('/collectMoney', () => {
  it('shows the order, the time left and the pay types; 立即支付 asks once for a QR code drawn locally', async () => {
    const seen = watchPayment();
    const { mock } = await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    const facts = await screen.findByRole('region', { name: '订单信息' });
    expect(within(facts).getByText('少儿街舞寒假班')).toBeInTheDocument();
    expect(within(facts).getByText('张小红')).toBeInTheDocument();
    expect(within(facts).getByText(orders.unpaid.order_no)).toBeInTheDocument();
    // On the server's clock (the answers' Date header): the first second may already be gone.
    expect(await screen.findByRole('timer')).toHaveTextContent(/剩余支付时间 00:(30:00|29:5\d)/);
    const types = screen.getByRole('radiogroup', { name: '支付方式' });
    expect(within(types).getByRole('radio', { name: '微信支付' })).toBeChecked();
    expect(within(types).getByRole('radio', { name: '支付宝' })).not.toBeChecked();

    await user().dblClick(screen.getByRole('button', { name: '立即支付' }));
    const image = await qr();
    expect(image).toHaveAccessibleName('微信支付支付二维码');
    expect(image).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(screen.getByText('¥1,100.00', { selector: 'strong' })).toBeInTheDocument();
    expect(seen.started).toEqual([{ order_id: orders.unpaid.id, pay_type: payType.values.wechat }]);
    const trade = tradeOf(mock, orderTrade(orders.unpaid.id));
    expect(trade).toMatchObject({ pay_type: payType.values.wechat, amount: 1100, status: paymentStatus.values.waiting });
    expect(mock.db.trades.findMany((q) => q.where({ order_id: orders.unpaid.id }))).toHaveLength(1);
    await waitFor(() => expect(seen.subscriptions).toEqual([{ trade_no: trade.trade_no }]));
  });

  it('disables the pay types and the button while the QR code is being asked for', async () => {
    const release = holdCalls('post', '*/pay_sign_up');
    await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    expect(screen.getByRole('button', { name: '正在生成支付二维码' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '支付宝' })).toBeDisabled();
    // The whole page waits for the payment: the loading overlay of spec §2.
    expect(screen.getByText('拼命加载中')).toBeInTheDocument();
    release();
    expect(await qr()).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '支付宝' })).toBeEnabled();
    expect(screen.queryByText('拼命加载中')).toBeNull();
  });

  it('the websocket’s success goes to the result page, without waiting for a poll', async () => {
    const seen = watchPayment();
    const app = await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    await waitFor(() => expect(seen.subscriptions).toHaveLength(1));
    const pollsBefore = seen.polls.length;
    await settle(app.mock, tradeOf(app.mock, orderTrade(orders.unpaid.id)).trade_no, 'success');
    await waitFor(() => expect(app.location()).toBe(`/paymentResult?orderId=${orders.unpaid.id}&status=success`));
    // Only the confirming read the push asked for; no 3 s poll was needed.
    expect(seen.polls.length - pollsBefore).toBeLessThanOrEqual(1);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
  });

  it('without the websocket, polls get_pay_status every 3 s and goes on when it says paid', async () => {
    fakeTimers();
    const seen = watchPayment();
    socketDown();
    const app = await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    const tradeNo = tradeOf(app.mock, orderTrade(orders.unpaid.id)).trade_no;
    await waitFor(() => expect(seen.polls).toEqual([tradeNo]));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(seen.polls).toEqual([tradeNo, tradeNo]));
    expect(app.location()).toBe(`/collectMoney?orderId=${orders.unpaid.id}`);
    await settle(app.mock, tradeNo, 'success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(app.location()).toBe(`/paymentResult?orderId=${orders.unpaid.id}&status=success`));
    expect(seen.polls).toEqual([tradeNo, tradeNo, tradeNo]);
    expect(seen.subscriptions).toEqual([]);
  });

  it('a failed payment says why and 重新支付 asks for a new trade', async () => {
    const seen = watchPayment();
    const { mock } = await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    await waitFor(() => expect(seen.subscriptions).toHaveLength(1));
    const first = tradeOf(mock, orderTrade(orders.unpaid.id)).trade_no;
    await settle(mock, first, 'fail');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('支付失败');
    expect(await within(alert).findByText('支付未成功：付款已取消或余额不足，请重新支付')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /支付二维码/ })).toBeNull();
    await user().click(screen.getByRole('button', { name: '重新支付' }));
    expect(await qr()).toBeInTheDocument();
    expect(seen.started).toEqual([
      { order_id: orders.unpaid.id, pay_type: payType.values.wechat },
      { order_id: orders.unpaid.id, pay_type: payType.values.wechat },
    ]);
    const second = tradeOf(mock, orderTrade(orders.unpaid.id)).trade_no;
    expect(second).not.toBe(first);
    expect(screen.getByText(new RegExp(`交易号：${second}`))).toBeInTheDocument();
  });

  it('choosing another pay type asks again, and the old trade closing does not disturb the new one', async () => {
    const seen = watchPayment();
    const { mock } = await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    const wechat = tradeOf(mock, orderTrade(orders.unpaid.id)).trade_no;
    await user().click(screen.getByRole('radio', { name: '支付宝' }));
    expect(await screen.findByRole('img', { name: '支付宝支付二维码' })).toBeInTheDocument();
    expect(seen.started).toEqual([
      { order_id: orders.unpaid.id, pay_type: payType.values.wechat },
      { order_id: orders.unpaid.id, pay_type: payType.values.alipay },
    ]);
    // The backend closed the WeChat trade when the Alipay one opened, and said so on the socket.
    expect(mock.db.trades.findFirst((q) => q.where({ trade_no: wechat }))).toMatchObject({ status: paymentStatus.values.closed, fail_reason: '已更换支付方式，本次交易已关闭' });
    const alipay = tradeOf(mock, orderTrade(orders.unpaid.id)).trade_no;
    await waitFor(() => expect(seen.polls).toContain(alipay));
    await waitFor(() => expect(seen.subscriptions).toContainEqual({ trade_no: alipay }));
    expect(screen.getByRole('img', { name: '支付宝支付二维码' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal to start paying is shown, and the order is read again', async () => {
    const reads = countReads('*/order_detail/:id');
    const codes = recordAnswerCodes('/pay_sign_up');
    const app = await renderRoute(`/collectMoney?orderId=${orders.onPhone.id}`, { world, as: 'zhangwei' });
    const pay = await screen.findByRole('button', { name: '立即支付' });
    // Meanwhile the parent pays with the QR code opened on the phone.
    await settle(app.mock, phoneTrade, 'success');
    await user().click(pay);
    await waitFor(() => expect(app.location()).toBe(`/paymentResult?orderId=${orders.onPhone.id}&status=success`));
    expect(codes).toEqual([errorCodes.orderAlreadyPaid.code]);
    expect(reads).toEqual([orders.onPhone.id, orders.onPhone.id]);
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(app.mock.db.trades.findMany((q) => q.where({ order_id: orders.onPhone.id }))).toHaveLength(1);
  });

  it('an order already paid goes straight to its result', async () => {
    const app = await renderRoute(`/collectMoney?orderId=${orders.paid.id}`, { world, as: 'zhangwei' });
    await waitFor(() => expect(app.location()).toBe(`/paymentResult?orderId=${orders.paid.id}&status=success`));
  });

  it.each([
    ['closed', '订单已超时关闭', '/details?id=25'],
    ['cancelled', '订单已取消', '/details?id=26'],
  ] as const)('an order %s explains and links to 我的订单', async (which, title, again) => {
    await renderRoute(`/collectMoney?orderId=${orders[which].id}`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
    expect(screen.getByRole('link', { name: '重新报名' })).toHaveAttribute('href', again);
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
  });

  it('when the countdown reaches zero the order is closed: it says so and asks the backend again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW);
    const reads = countReads('*/order_detail/:id');
    const { mock } = await renderRoute(`/collectMoney?orderId=${orders.expiring.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('timer')).toHaveTextContent(/00:00:0[45]/);
    // 10:00:06 for the server and the browser alike.
    act(() => {
      mock.clock.set(TEST_NOW + 6000);
      vi.setSystemTime(TEST_NOW + 6000);
    });
    expect(await screen.findByRole('heading', { name: '订单已超时关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(mock.db.orders.findFirst((q) => q.where({ id: orders.expiring.id }))!.status).toBe(orderStatus.values.closed);
  });

  it('a device clock behind the backend’s shows the deadline instead of a countdown longer than the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T23:40:00+08:00'));
    serverDateUnreadable();
    await renderRoute(`/collectMoney?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    const deadline = await screen.findByText((_, el) => el?.tagName === 'P' && /^请在 2026-12-05 10:30 前完成支付/.test(el.textContent ?? ''));
    expect(deadline).toHaveTextContent('超时订单将自动关闭');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: '立即支付' })).toBeEnabled();
  });

  it('an address without an order explains and links to 我的订单', async () => {
    await renderRoute('/collectMoney?id=1', { world, as: 'zhangwei' });
    expect(await screen.findByText('没有找到要支付的订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });
});

describe('/collectMoneySupply', () => {
  const feeTrade = (): TradeTarget => ({ order_id: null, supply_fee_id: fees.unpaid.id });

  /** The fee reads the page made: supply_fee_detail by id, and the fee list (which it no longer needs). */
  function recordFeeReads() {
    const reads: string[] = [];
    server.use(
      http.get('*/supply_fee_detail/:id', ({ params }) => void reads.push(`supply_fee_detail/${String(params.id)}`)),
      http.get('*/my_supply_fee_list', () => void reads.push('my_supply_fee_list')),
    );
    return reads;
  }

  it('pays a supplementary fee with the same cashier, and shows it paid once the backend says so', async () => {
    const seen = watchPayment();
    const reads = recordFeeReads();
    const { mock } = await renderRoute(`/collectMoneySupply?supplyFeeId=${fees.unpaid.id}`, { world, as: 'zhangwei' });
    const facts = await screen.findByRole('region', { name: '补缴信息' });
    expect(within(facts).getByText('画材费（素描纸、炭笔、画板）')).toBeInTheDocument();
    expect(within(facts).getByText('¥180.00')).toBeInTheDocument();
    expect(within(facts).getByText('2026-12-10 23:59')).toBeInTheDocument();
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    expect(seen.started).toEqual([{ supply_fee_id: fees.unpaid.id, pay_type: payType.values.wechat }]);
    const tradeNo = tradeOf(mock, feeTrade()).trade_no;
    await waitFor(() => expect(seen.subscriptions).toEqual([{ trade_no: tradeNo }]));
    await settle(mock, tradeNo, 'success');
    expect(await screen.findByRole('heading', { name: '补缴成功' })).toBeInTheDocument();
    expect(screen.getByText(/已于 2026-12-05 10:00 支付/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.withFees.id}`);
    expect(mock.db.supplyFees.findFirst((q) => q.where({ id: fees.unpaid.id }))!.status).toBe(supplyFeeStatus.values.paid);
    // The one fee is read by its id, and read again once paid: never searched for in the fee list.
    expect(reads.filter((r) => r === 'my_supply_fee_list')).toEqual([]);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(new Set(reads)).toEqual(new Set([`supply_fee_detail/${fees.unpaid.id}`]));
  });

  it('polls query_supply_fee_pay_status when the websocket is down', async () => {
    fakeTimers();
    const seen = watchPayment();
    socketDown();
    const { mock } = await renderRoute(`/collectMoneySupply?supplyFeeId=${fees.unpaid.id}`, { world, as: 'zhangwei' });
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    const tradeNo = tradeOf(mock, feeTrade()).trade_no;
    await waitFor(() => expect(seen.polls).toEqual([tradeNo]));
    await settle(mock, tradeNo, 'success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('heading', { name: '补缴成功' })).toBeInTheDocument();
    expect(seen.polls.length).toBeGreaterThanOrEqual(2);
    expect(seen.subscriptions).toEqual([]);
  });

  it('a fee already paid says so', async () => {
    await renderRoute(`/collectMoneySupply?supplyFeeId=${fees.paid.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '该补缴已支付' })).toBeInTheDocument();
    expect(screen.getByText('教材费 ¥120.00 已于 2026-12-04 10:00 支付。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
  });

  it('an unknown fee links to the fee list', async () => {
    const { ports } = await renderRoute('/collectMoneySupply?supplyFeeId=99', { world, as: 'zhangwei' });
    expect(await screen.findByText('没有找到该补缴单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看补缴费用' })).toHaveAttribute('href', '/personal/supplyFee');
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  describe('on a backend of spec §7 alone (decision 057)', () => {
    const specOnly = (mock: MockState) => void (mock.settings.specOnly = true);

    it('finds the fee in my_supply_fee_list after supply_fee_detail answered 404, once, pays it and shows it paid', async () => {
      const seen = watchPayment();
      const reads = recordFeeReads();
      const { mock, ports } = await renderRoute(`/collectMoneySupply?supplyFeeId=${fees.unpaid.id}`, { world, as: 'zhangwei', prepare: specOnly });
      const facts = await screen.findByRole('region', { name: '补缴信息' });
      expect(within(facts).getByText('画材费（素描纸、炭笔、画板）')).toBeInTheDocument();
      expect(within(facts).getByText('¥180.00')).toBeInTheDocument();
      await user().click(await screen.findByRole('button', { name: '立即支付' }));
      await qr();
      const tradeNo = tradeOf(mock, feeTrade()).trade_no;
      await waitFor(() => expect(seen.subscriptions).toEqual([{ trade_no: tradeNo }]));
      await settle(mock, tradeNo, 'success');
      expect(await screen.findByRole('heading', { name: '补缴成功' })).toBeInTheDocument();
      // The own call once; the fee read again from the list after the payment.
      expect(reads.filter((r) => r.startsWith('supply_fee_detail'))).toEqual([`supply_fee_detail/${fees.unpaid.id}`]);
      expect(reads.filter((r) => r === 'my_supply_fee_list').length).toBeGreaterThanOrEqual(2);
      expect(ports.toastError).not.toHaveBeenCalled();
    });

    it('a fee the list does not hold links to the fee list', async () => {
      const { ports } = await renderRoute('/collectMoneySupply?supplyFeeId=99', { world, as: 'zhangwei', prepare: specOnly });
      expect(await screen.findByText('没有找到该补缴单')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '查看补缴费用' })).toHaveAttribute('href', '/personal/supplyFee');
      expect(ports.toastError).not.toHaveBeenCalled();
    });
  });

  it('explains a failure to read the fee, with a retry', async () => {
    failOnce('*/supply_fee_detail/:id');
    await renderRoute(`/collectMoneySupply?supplyFeeId=${fees.unpaid.id}`, { world, as: 'zhangwei' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
    await user().click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '补缴信息' })).toHaveTextContent('画材费（素描纸、炭笔、画板）');
  });
});

describe('/paymentResult', () => {
  it('confirms with the backend that the order is paid, then offers the next steps', async () => {
    const reads = countReads('*/query_order_pay_status/:id');
    await renderRoute(`/paymentResult?orderId=${orders.paid.id}&status=success`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(reads).toEqual([orders.paid.id]);
    expect(await screen.findByText('张小红已成功报名「少儿芭蕾寒假班」，请按时上课。')).toBeInTheDocument();
    expect(screen.getByText('支付宝')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.paid.id}`);
    expect(screen.getByRole('link', { name: '继续选课' })).toHaveAttribute('href', '/searchHome');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('does not believe status=success in the address: an unpaid order is confirmed for a while, then called unpaid', async () => {
    fakeTimers();
    const reads = countReads('*/query_order_pay_status/:id');
    await renderRoute(`/paymentResult?orderId=${orders.unpaid.id}&status=success`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '正在确认支付结果' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000 * 10));
    expect(await screen.findByRole('heading', { name: '支付未成功' })).toBeInTheDocument();
    expect(reads).toHaveLength(10);
    expect(screen.getByText('暂未查询到该订单的支付记录。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新支付' })).toHaveAttribute('href', `/collectMoney?orderId=${orders.unpaid.id}`);
    expect(await screen.findByText(/如已扣款但订单仍未显示支付成功/)).toHaveTextContent('客服电话 010-66160000');
  });

  it('a payment that arrives while confirming turns into success', async () => {
    fakeTimers();
    const { mock } = await renderRoute(`/paymentResult?orderId=${orders.onPhone.id}&status=success`, { world, as: 'zhangwei' });
    await screen.findByRole('heading', { name: '正在确认支付结果' });
    await settle(mock, phoneTrade, 'success');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
  });

  it('a failure shows the reason, 重新支付 and the help phone', async () => {
    await renderRoute(`/paymentResult?orderId=${orders.failed.id}&status=fail`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '支付未成功' })).toBeInTheDocument();
    expect(screen.getByText(/支付未成功：付款已取消或余额不足，请重新支付/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新支付' })).toHaveAttribute('href', `/collectMoney?orderId=${orders.failed.id}`);
    expect(await screen.findByText(/如已扣款但订单仍未显示支付成功/)).toHaveTextContent('客服电话 010-66160000');
  });

  it('status=fail in the address but paid at the backend shows success', async () => {
    await renderRoute(`/paymentResult?orderId=${orders.paid.id}&status=fail`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
  });

  it('a closed order offers no retry', async () => {
    await renderRoute(`/paymentResult?orderId=${orders.closed.id}&status=fail`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '重新支付' })).toBeNull();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });
});

describe('/payLink', () => {
  it('asks a signed-out parent to sign in first, coming back to this link', async () => {
    await renderRoute(`/payLink?orderId=${orders.unpaid.id}`, { world });
    expect(await screen.findByRole('heading', { name: '请先登录' })).toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: '登录后查看订单' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(signInTarget(assign.mock.calls[0]![0] as string).service).toBe(`${location.origin}/payLink?orderId=${orders.unpaid.id}`);
  });

  it('shows an unpaid order with its deadline and 去支付', async () => {
    await renderRoute(`/payLink?orderId=${orders.unpaid.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByText('请在 2026-12-05 10:30 前完成支付')).toBeInTheDocument();
    expect(screen.getByText('少儿街舞寒假班')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去支付' })).toHaveAttribute('href', `/collectMoney?orderId=${orders.unpaid.id}`);
  });

  it('a paid order says so and offers the order instead', async () => {
    await renderRoute(`/payLink?orderId=${orders.paid.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '该订单已支付' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.paid.id}`);
  });

  it('a closed order cannot be paid', async () => {
    await renderRoute(`/payLink?orderId=${orders.closed.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
  });
});
