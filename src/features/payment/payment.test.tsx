import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ws, type WebSocketHandlerConnection } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { operations } from '#contract/index';
import { browser } from '../../lib/browser.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

type In<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;
type Client = WebSocketHandlerConnection['client'];


// The pages load lazily; loading them once here keeps the first test from timing out on a busy machine.
beforeAll(async () => {
  await Promise.all(['collect-money', 'collect-money-supply', 'payment-result', 'pay-link'].map((name) => import(`../../pages/${name}.tsx`)));
  await import('qrcode');
});

const NOW = '2026-12-05T10:00:00+08:00';
const DEADLINE = '2026-12-05T10:30:00+08:00';
const WS_PATH = '/children_center/front/ws/pay';

const order = (patch: Partial<In<'order_detail'>> = {}): In<'order_detail'> => ({
  id: 153,
  order_no: 'CC2026120500000153',
  class_id: 22,
  class_name: '少儿街舞寒假班',
  cover_url: 'class/22.svg',
  contact_id: 6,
  contact_name: '张小红',
  subscriber_count: 1,
  amount: 1100,
  status: 1,
  created_at: NOW,
  pay_deadline: DEADLINE,
  pay_time: null,
  can_cancel: true,
  can_pay: true,
  can_refund: false,
  can_invoice: false,
  sign_up_id: 171,
  class_term: '2026-2027学年寒假',
  class_schedule: '每周一、周三 14:00-15:30，共10次',
  class_address: '北京市通州区运河西大街88号',
  session_count: 10,
  held_sessions: 0,
  pay_type: null,
  trade_no: null,
  paid_amount: 0,
  refunded_amount: 0,
  supply_fees: [],
  refunds: [],
  invoice: null,
  cancelled_at: null,
  closed_at: null,
  ...patch,
});

const payState = (patch: Partial<In<'query_order_pay_status'>> = {}): In<'query_order_pay_status'> => ({
  order_id: 153,
  status: 1,
  paid: false,
  pay_time: null,
  amount: 1100,
  pay_deadline: DEADLINE,
  last_trade: null,
  ...patch,
});

const supplyFee = (patch: Partial<In<'my_supply_fee_list'>['list'][number]> = {}): In<'my_supply_fee_list'>['list'][number] => ({
  id: 31,
  order_id: 88,
  order_no: 'CC2026081500000088',
  class_name: '素描基础班（周六下午）',
  contact_name: '黄小雨',
  title: '画材费（素描纸、炭笔、画板）',
  amount: 180,
  status: 1,
  created_at: '2026-12-03T15:00:00+08:00',
  deadline: '2026-12-10T23:59:00+08:00',
  pay_time: null,
  ...patch,
});

/**
 * A payment backend in the test: trades T1, T2… of pay_sign_up / pay_supply_fee, their statuses
 * (set by the test, read by the status calls) and the payment websocket.
 */
function payBackend(options: { socket?: 'open' | 'closes' } = {}) {
  const state = {
    started: [] as unknown[],
    polls: [] as string[],
    statuses: new Map<string, { status: 1 | 2 | 3 | 4; fail_reason?: string }>(),
    clients: [] as Client[],
    subscriptions: [] as unknown[],
  };
  const trade = (body: { pay_type: 1 | 2 }, amount: number, expireAt: string) => {
    const tradeNo = `T${state.started.length}`;
    state.statuses.set(tradeNo, { status: 1 });
    return ok({ trade_no: tradeNo, pay_url: `weixin://wxpay/bizpayurl?pr=${tradeNo}`, pay_type: body.pay_type, amount, expire_at: expireAt });
  };
  const status = (tradeNo: string) => {
    state.polls.push(tradeNo);
    const s = state.statuses.get(tradeNo)!;
    return ok({ trade_no: tradeNo, status: s.status, paid_at: s.status === 2 ? NOW : null, fail_reason: s.fail_reason ?? null });
  };
  server.use(
    http.get(chromeUrl('global_config'), () =>
      ok({ pay_ws_url: WS_PATH, pay_window_minutes: 30, invoice_window_days: 90, max_pickers_per_child: 3, service_phone: '010-6616 2026', term: '2026-2027学年第一学期' }),
    ),
    http.get(chromeUrl('pay_type_choose'), () => ok({ list: [{ value: 1, label: '微信支付' }, { value: 2, label: '支付宝' }] })),
    http.post(chromeUrl('pay_sign_up'), async ({ request }) => {
      const body = (await request.json()) as { pay_type: 1 | 2 };
      state.started.push(body);
      return trade(body, 1100, DEADLINE);
    }),
    http.post(chromeUrl('pay_supply_fee'), async ({ request }) => {
      const body = (await request.json()) as { pay_type: 1 | 2 };
      state.started.push(body);
      return trade(body, 180, '2026-12-05T10:30:00+08:00');
    }),
    http.get(chromeUrl('get_pay_status'), ({ request }) => status(new URL(request.url).searchParams.get('trade_no')!)),
    http.get(chromeUrl('query_supply_fee_pay_status'), ({ request }) => status(new URL(request.url).searchParams.get('trade_no')!)),
    ws.link(`ws://${location.host}${WS_PATH}`).addEventListener('connection', ({ client }) => {
      if (options.socket === 'closes') {
        client.close();
        return;
      }
      state.clients.push(client);
      client.addEventListener('message', (event) => state.subscriptions.push(JSON.parse(String(event.data))));
    }),
  );
  return {
    ...state,
    /** Settles a trade: the status calls say so, and the socket tells its clients. */
    settle(tradeNo: string, status: 2 | 3 | 4, failReason?: string, { push = true } = {}) {
      state.statuses.set(tradeNo, { status, fail_reason: failReason });
      if (!push) return;
      const message = JSON.stringify({ type: 'pay_status', trade_no: tradeNo, order_id: 153, supply_fee_id: null, status });
      for (const client of state.clients) client.send(message);
    },
  };
}

function orderBackend(...answers: In<'order_detail'>[]) {
  const reads: number[] = [];
  server.use(
    http.get(chromeUrl('order_detail/:id'), ({ params }) => {
      reads.push(Number(params.id));
      return ok(answers[Math.min(reads.length, answers.length) - 1]!);
    }),
  );
  return reads;
}

/** The next page's calls, so a test that ends by leaving the page stays quiet. */
function resultPageAnswers(state = payState({ status: 2, paid: true, pay_time: NOW })) {
  server.use(http.get(chromeUrl('query_order_pay_status/:id'), () => ok(state)));
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(NOW) });
  server.use(...chromeHandlers());
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  // Unmount before the handlers go (setupTestServer's afterEach runs after this one).
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearSession();
});

const signedIn = () => signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
/** The QR code once drawn (while drawing, its name ends in （生成中）). */
const qr = () => screen.findByRole('img', { name: /支付二维码$/ });

describe('/collectMoney', () => {
  beforeEach(signedIn);

  it('shows the order, the time left and the pay types; 立即支付 asks once for a QR code drawn locally', async () => {
    orderBackend(order());
    const backend = payBackend();
    renderApp('/collectMoney?orderId=153');
    const facts = await screen.findByRole('region', { name: '订单信息' });
    expect(within(facts).getByText('少儿街舞寒假班')).toBeInTheDocument();
    expect(within(facts).getByText('张小红')).toBeInTheDocument();
    expect(within(facts).getByText('CC2026120500000153')).toBeInTheDocument();
    // Real milliseconds pass with the faked clock: the first second may already be gone.
    expect(await screen.findByRole('timer')).toHaveTextContent(/剩余支付时间 00:(30:00|29:5\d)/);
    const types = screen.getByRole('radiogroup', { name: '支付方式' });
    expect(within(types).getByRole('radio', { name: '微信支付' })).toBeChecked();
    expect(within(types).getByRole('radio', { name: '支付宝' })).not.toBeChecked();

    await user().dblClick(screen.getByRole('button', { name: '立即支付' }));
    const image = await qr();
    expect(image).toHaveAccessibleName('微信支付支付二维码');
    expect(image).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(screen.getByText('¥1,100.00', { selector: 'strong' })).toBeInTheDocument();
    expect(backend.started).toEqual([{ order_id: 153, pay_type: 1 }]);
    await waitFor(() => expect(backend.subscriptions).toEqual([{ trade_no: 'T1' }]));
  });

  it('disables the pay types and the button while the QR code is being asked for', async () => {
    orderBackend(order());
    payBackend();
    let release!: () => void;
    server.use(http.post(chromeUrl('pay_sign_up'), () => new Promise<Response>((resolve) => (release = () => resolve(fail(200, 300201, '订单已关闭'))))));
    renderApp('/collectMoney?orderId=153');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    expect(screen.getByRole('button', { name: '正在生成支付二维码' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '支付宝' })).toBeDisabled();
    release();
    await screen.findByText('未能发起支付');
  });

  it('the websocket’s success goes to the result page, without waiting for a poll', async () => {
    orderBackend(order());
    const backend = payBackend();
    resultPageAnswers();
    const app = renderApp('/collectMoney?orderId=153');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    await waitFor(() => expect(backend.subscriptions).toHaveLength(1));
    const pollsBefore = backend.polls.length;
    act(() => backend.settle('T1', 2));
    await waitFor(() => expect(app.location()).toBe('/paymentResult?orderId=153&status=success'));
    // Only the confirming read the push asked for; no 3 s poll was needed.
    expect(backend.polls.length - pollsBefore).toBeLessThanOrEqual(1);
  });

  it('without the websocket, polls get_pay_status every 3 s and goes on when it says paid', async () => {
    orderBackend(order());
    const backend = payBackend({ socket: 'closes' });
    resultPageAnswers();
    const app = renderApp('/collectMoney?orderId=153');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    await waitFor(() => expect(backend.polls).toEqual(['T1']));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(backend.polls).toEqual(['T1', 'T1']));
    expect(app.location()).toBe('/collectMoney?orderId=153');
    backend.settle('T1', 2, undefined, { push: false });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(app.location()).toBe('/paymentResult?orderId=153&status=success'));
    expect(backend.polls).toEqual(['T1', 'T1', 'T1']);
  });

  it('a failed payment says why and 重新支付 asks for a new trade', async () => {
    orderBackend(order());
    const backend = payBackend();
    renderApp('/collectMoney?orderId=153');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    await waitFor(() => expect(backend.subscriptions).toHaveLength(1));
    act(() => backend.settle('T1', 3, '支付未成功：付款已取消或余额不足，请重新支付'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('支付失败');
    expect(await within(alert).findByText('支付未成功：付款已取消或余额不足，请重新支付')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /支付二维码/ })).toBeNull();
    await user().click(screen.getByRole('button', { name: '重新支付' }));
    expect(await qr()).toBeInTheDocument();
    expect(backend.started).toEqual([
      { order_id: 153, pay_type: 1 },
      { order_id: 153, pay_type: 1 },
    ]);
    expect(screen.getByText(/交易号：T2/)).toBeInTheDocument();
  });

  it('choosing another pay type asks again, and the old trade closing does not disturb the new one', async () => {
    orderBackend(order());
    const backend = payBackend();
    renderApp('/collectMoney?orderId=153');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    await user().click(screen.getByRole('radio', { name: '支付宝' }));
    expect(await screen.findByRole('img', { name: '支付宝支付二维码' })).toBeInTheDocument();
    expect(backend.started).toEqual([
      { order_id: 153, pay_type: 1 },
      { order_id: 153, pay_type: 2 },
    ]);
    act(() => backend.settle('T1', 4, '已更换支付方式，本次交易已关闭'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByRole('img', { name: '支付宝支付二维码' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal to start paying is shown, and the order is read again', async () => {
    const reads = orderBackend(order(), order({ status: 2, pay_time: NOW }));
    payBackend();
    resultPageAnswers();
    server.use(http.post(chromeUrl('pay_sign_up'), () => fail(200, 300202, '订单已支付，请勿重复支付')));
    const app = renderApp('/collectMoney?orderId=153');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await waitFor(() => expect(app.location()).toBe('/paymentResult?orderId=153&status=success'));
    expect(reads).toHaveLength(2);
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('an order already paid goes straight to its result', async () => {
    orderBackend(order({ status: 2, pay_time: NOW }));
    resultPageAnswers();
    const app = renderApp('/collectMoney?orderId=153');
    await waitFor(() => expect(app.location()).toBe('/paymentResult?orderId=153&status=success'));
  });

  it.each([
    [4, '订单已超时关闭', { closed_at: DEADLINE }],
    [3, '订单已取消', { cancelled_at: NOW }],
  ] as const)('an order with status %i explains and links to 我的订单', async (status, title, patch) => {
    orderBackend(order({ status, ...patch }));
    renderApp('/collectMoney?orderId=153');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
    expect(screen.getByRole('link', { name: '重新报名' })).toHaveAttribute('href', '/details?id=22');
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
  });

  it('when the countdown reaches zero the order is closed: it says so and asks the backend again', async () => {
    const reads = orderBackend(order({ pay_deadline: '2026-12-05T10:00:05+08:00' }), order({ status: 4, closed_at: '2026-12-05T10:00:05+08:00' }));
    payBackend();
    renderApp('/collectMoney?orderId=153');
    expect(await screen.findByRole('timer')).toHaveTextContent(/00:00:0[45]/);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await screen.findByRole('heading', { name: '订单已超时关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('a device clock behind the backend’s shows the deadline instead of a countdown longer than the window', async () => {
    vi.setSystemTime(new Date('2026-11-21T23:40:00+08:00'));
    orderBackend(order());
    payBackend();
    renderApp('/collectMoney?orderId=153');
    const deadline = await screen.findByText((_, el) => el?.tagName === 'P' && /^请在 2026-12-05 10:30 前完成支付/.test(el.textContent ?? ''));
    expect(deadline).toHaveTextContent('超时订单将自动关闭');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: '立即支付' })).toBeEnabled();
  });

  it('an address without an order explains and links to 我的订单', async () => {
    renderApp('/collectMoney?id=1');
    expect(await screen.findByText('没有找到要支付的订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });
});

describe('/collectMoneySupply', () => {
  beforeEach(signedIn);

  function feeBackend(...answers: In<'my_supply_fee_list'>['list'][number][]) {
    let reads = 0;
    server.use(
      http.get(chromeUrl('my_supply_fee_list'), () => {
        reads += 1;
        const fee = answers[Math.min(reads, answers.length) - 1]!;
        return ok({ list: [supplyFee({ id: 30, title: '另一笔' }), fee], total: 2, page: 1, page_size: 100 });
      }),
    );
  }

  it('pays a supplementary fee with the same cashier, and shows it paid once the backend lists it so', async () => {
    feeBackend(supplyFee(), supplyFee({ status: 2, pay_time: '2026-12-05T10:01:00+08:00' }));
    const backend = payBackend();
    renderApp('/collectMoneySupply?supplyFeeId=31');
    const facts = await screen.findByRole('region', { name: '补缴信息' });
    expect(within(facts).getByText('画材费（素描纸、炭笔、画板）')).toBeInTheDocument();
    expect(within(facts).getByText('¥180.00')).toBeInTheDocument();
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    expect(backend.started).toEqual([{ supply_fee_id: 31, pay_type: 1 }]);
    await waitFor(() => expect(backend.subscriptions).toEqual([{ trade_no: 'T1' }]));
    act(() => backend.settle('T1', 2));
    expect(await screen.findByRole('heading', { name: '补缴成功' })).toBeInTheDocument();
    expect(screen.getByText(/已于 2026-12-05 10:01 支付/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/personal/orderDetails?id=88');
  });

  it('polls query_supply_fee_pay_status when the websocket is down', async () => {
    feeBackend(supplyFee(), supplyFee({ status: 2, pay_time: NOW }));
    const backend = payBackend({ socket: 'closes' });
    renderApp('/collectMoneySupply?supplyFeeId=31');
    await user().click(await screen.findByRole('button', { name: '立即支付' }));
    await qr();
    backend.settle('T1', 2, undefined, { push: false });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('heading', { name: '补缴成功' })).toBeInTheDocument();
    expect(backend.polls.length).toBeGreaterThanOrEqual(2);
  });

  it('a fee already paid, or one that is not the parent’s, says so', async () => {
    feeBackend(supplyFee({ status: 2, pay_time: NOW }));
    renderApp('/collectMoneySupply?supplyFeeId=31');
    expect(await screen.findByRole('heading', { name: '该补缴已支付' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull();
  });

  it('an unknown fee links to the fee list', async () => {
    feeBackend(supplyFee());
    renderApp('/collectMoneySupply?supplyFeeId=99');
    expect(await screen.findByText('没有找到该补缴单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看补缴费用' })).toHaveAttribute('href', '/personal/supplyFee');
  });
});

describe('/paymentResult', () => {
  beforeEach(signedIn);

  function resultBackend(...answers: In<'query_order_pay_status'>[]) {
    const reads: number[] = [];
    server.use(
      http.get(chromeUrl('query_order_pay_status/:id'), ({ params }) => {
        reads.push(Number(params.id));
        return ok(answers[Math.min(reads.length, answers.length) - 1]!);
      }),
    );
    orderBackend(order({ status: 2, pay_time: NOW, pay_type: 2 }));
    return reads;
  }

  it('confirms with the backend that the order is paid, then offers the next steps', async () => {
    const reads = resultBackend(payState({ status: 2, paid: true, pay_time: NOW }));
    renderApp('/paymentResult?orderId=153&status=success');
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
    expect(reads).toEqual([153]);
    expect(await screen.findByText('张小红已成功报名「少儿街舞寒假班」，请按时上课。')).toBeInTheDocument();
    expect(screen.getByText('支付宝')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/personal/orderDetails?id=153');
    expect(screen.getByRole('link', { name: '继续选课' })).toHaveAttribute('href', '/searchHome');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('does not believe status=success in the address: an unpaid order is confirmed for a while, then called unpaid', async () => {
    const reads = resultBackend(payState());
    renderApp('/paymentResult?orderId=153&status=success');
    expect(await screen.findByRole('heading', { name: '正在确认支付结果' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3_000 * 10));
    expect(await screen.findByRole('heading', { name: '支付未成功' })).toBeInTheDocument();
    expect(reads).toHaveLength(10);
    expect(screen.getByRole('link', { name: '重新支付' })).toHaveAttribute('href', '/collectMoney?orderId=153');
    expect(await screen.findByText(/如已扣款但订单仍未显示支付成功/)).toHaveTextContent('客服电话 010-6616 2026');
  });

  it('a payment that arrives while confirming turns into success', async () => {
    resultBackend(payState(), payState({ status: 2, paid: true, pay_time: NOW }));
    renderApp('/paymentResult?orderId=153&status=success');
    await screen.findByRole('heading', { name: '正在确认支付结果' });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
  });

  it('a failure shows the reason, 重新支付 and the help phone', async () => {
    resultBackend(payState({ last_trade: { trade_no: 'T1', status: 3, paid_at: null, fail_reason: '支付未成功：付款已取消或余额不足，请重新支付' } }));
    renderApp('/paymentResult?orderId=153&status=fail');
    expect(await screen.findByRole('heading', { name: '支付未成功' })).toBeInTheDocument();
    expect(screen.getByText(/支付未成功：付款已取消或余额不足，请重新支付/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新支付' })).toHaveAttribute('href', '/collectMoney?orderId=153');
    expect(await screen.findByText(/如已扣款但订单仍未显示支付成功/)).toHaveTextContent('客服电话 010-6616 2026');
  });

  it('status=fail in the address but paid at the backend shows success', async () => {
    resultBackend(payState({ status: 2, paid: true, pay_time: NOW }));
    renderApp('/paymentResult?orderId=153&status=fail');
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeInTheDocument();
  });

  it('a closed order offers no retry', async () => {
    resultBackend(payState({ status: 4 }));
    renderApp('/paymentResult?orderId=153&status=fail');
    expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '重新支付' })).toBeNull();
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });
});

describe('/payLink', () => {
  function linkBackend(state: In<'query_order_pay_status'>, detail = order()) {
    server.use(http.get(chromeUrl('query_order_pay_status/:id'), () => ok(state)));
    orderBackend(detail);
  }

  it('asks a signed-out parent to sign in first, coming back to this link', async () => {
    renderApp('/payLink?orderId=153');
    expect(await screen.findByRole('heading', { name: '请先登录' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '登录后查看订单' }));
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.searchParams.get('service')).toBe(`${location.origin}/payLink?orderId=153`);
  });

  it('shows an unpaid order with its deadline and 去支付', async () => {
    signedIn();
    linkBackend(payState());
    renderApp('/payLink?orderId=153');
    expect(await screen.findByText('请在 2026-12-05 10:30 前完成支付')).toBeInTheDocument();
    expect(screen.getByText('少儿街舞寒假班')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去支付' })).toHaveAttribute('href', '/collectMoney?orderId=153');
  });

  it('a paid order says so and offers the order instead', async () => {
    signedIn();
    linkBackend(payState({ status: 2, paid: true, pay_time: NOW }), order({ status: 2, pay_time: NOW }));
    renderApp('/payLink?orderId=153');
    expect(await screen.findByRole('heading', { name: '该订单已支付' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/personal/orderDetails?id=153');
  });

  it('a closed order cannot be paid', async () => {
    signedIn();
    linkBackend(payState({ status: 4 }), order({ status: 4, closed_at: DEADLINE }));
    renderApp('/payLink?orderId=153');
    expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
  });
});
