import { describe, expect, it } from 'vitest';
import { errorCodes, orderStatus, paymentStatus, payType, signUpStatus, supplyFeeStatus, refundStatus } from '#contract/index';
import { DAY, MINUTE, toIso } from '#fixtures/time';
import { settlePayment } from '../control/operations.ts';
import { addOrder, ids, NOW, orderWorld } from '../handlers/orders.world.ts';
import type { PayWsMessage } from '../core/state.ts';
import { setupMockForTests, type Credentials } from '../testing.ts';
import { FAIL_REASON, settleTrade } from './payments.ts';

const PAID = 101;
const CLOSED = 102;
const CANCELLED = 103;
const REFUNDED = 104;
const UNPAID_FEE = 1;
const FEE_OF_REFUNDED = 2;
const FEE_DUE_SOON = 3;

const mock = setupMockForTests({
  world: () =>
    orderWorld((b) => {
      const paid = { status: orderStatus.values.paid, pay_time: toIso(NOW - DAY), pay_type: payType.values.wechat, trade_no: 'T-OLD', paid_amount: 1600, created_at: toIso(NOW - DAY) };
      addOrder(b, { id: PAID, class_id: ids.chess, ...paid });
      addOrder(b, { id: CLOSED, class_id: ids.robotics, status: orderStatus.values.closed, created_at: toIso(NOW - DAY), closed_at: toIso(NOW - DAY + 30 * MINUTE) });
      addOrder(b, { id: CANCELLED, class_id: ids.robotics, status: orderStatus.values.cancelled, created_at: toIso(NOW - DAY), cancelled_at: toIso(NOW - DAY) });
      addOrder(b, { id: REFUNDED, class_id: ids.coding, ...paid, status: orderStatus.values.refunded, refunded_amount: 1600 });
      const { f, add } = b;
      add('refunds', f.refund({ parent_id: ids.mum, order_id: REFUNDED, amount: 1600, status: refundStatus.values.refunded, applied_at: toIso(NOW - DAY), finished_at: toIso(NOW - DAY) }));
      add(
        'supplyFees',
        f.supplyFee({ id: UNPAID_FEE, parent_id: ids.mum, order_id: PAID, amount: 120 }),
        f.supplyFee({ id: FEE_OF_REFUNDED, parent_id: ids.mum, order_id: REFUNDED, amount: 80 }),
        f.supplyFee({ id: FEE_DUE_SOON, parent_id: ids.mum, order_id: PAID, amount: 60, deadline: toIso(NOW + 10 * MINUTE) }),
      );
    }),
});

const refusal = (name: keyof typeof errorCodes, msg?: string) => ({
  status: errorCodes[name].http,
  error_code: errorCodes[name].code,
  ...(msg === undefined ? {} : { msg }),
});
const orderRow = (id: number) => mock.state.db.orders.findFirst((q) => q.where({ id }), { strict: true });
const tradeRow = (trade_no: string) => mock.state.db.trades.findFirst((q) => q.where({ trade_no }), { strict: true });

/** Signs 小明 up for art and places the order: an unpaid order with a 30-minute window. */
async function unpaidOrder(me: Credentials): Promise<number> {
  const signUp = await mock.call('sign_up_post', { body: { class_id: ids.art, contact_id: ids.xiaoming, agree_rules: true } }, me);
  const placed = await mock.call('place_order', { body: { sign_up_id: signUp.data.id } }, me);
  expect(placed.error_code).toBe(errorCodes.success.code);
  return placed.data.order_id;
}
const pay = (me: Credentials, order_id: number, pay_type: number = payType.values.wechat) => mock.call('pay_sign_up', { body: { order_id, pay_type: pay_type as 1 | 2 } }, me);
const payStatus = (me: Credentials, order_id: number, trade_no: string) => mock.call('get_pay_status', { query: { order_id, trade_no } }, me);

describe('pay_sign_up', () => {
  it('opens a waiting trade whose QR lives as long as the order holds its seat', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const answer = await pay(me, orderId);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.success.code });
    expect(answer.data).toEqual({
      // The third trade of the world: its two paid orders came in by the first two.
      trade_no: 'T202609011000000003',
      pay_url: 'weixin://wxpay/bizpayurl?pr=T202609011000000003',
      pay_type: payType.values.wechat,
      amount: 1600,
      expire_at: toIso(NOW + 30 * MINUTE),
    });
    expect(tradeRow(answer.data.trade_no)).toMatchObject({ order_id: orderId, supply_fee_id: null, parent_id: ids.mum, status: paymentStatus.values.waiting });
  });

  it('returns the same trade for the same pay type; another pay type replaces it', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const first = (await pay(me, orderId)).data;
    mock.state.clock.advance(MINUTE);
    expect((await pay(me, orderId)).data).toEqual(first);
    expect(mock.state.db.trades.findMany((q) => q.where({ order_id: orderId }))).toHaveLength(1);

    const alipay = (await pay(me, orderId, payType.values.alipay)).data;
    expect(alipay.trade_no).not.toBe(first.trade_no);
    expect(alipay.pay_url).toBe(`https://qr.alipay.com/${alipay.trade_no}`);
    expect(tradeRow(first.trade_no)).toMatchObject({ status: paymentStatus.values.closed, fail_reason: '已更换支付方式，本次交易已关闭' });
    expect(tradeRow(alipay.trade_no).status).toBe(paymentStatus.values.waiting);
  });

  it('refuses a paid order as already paid, and a closed or cancelled one as not payable', async () => {
    const me = await mock.signIn('mum');
    expect(await pay(me, PAID)).toMatchObject(refusal('orderAlreadyPaid', '订单已支付，请勿重复支付'));
    expect(await pay(me, REFUNDED)).toMatchObject(refusal('orderAlreadyPaid'));
    expect(await pay(me, CLOSED)).toMatchObject(refusal('orderNotPayable', '订单已超时关闭，名额已释放，无法支付'));
    expect(await pay(me, CANCELLED)).toMatchObject(refusal('orderNotPayable', '订单已取消，无法支付，请重新报名'));
    // No new trade: only the two that paid the world's paid orders.
    expect(mock.state.db.trades.count()).toBe(2);
    const other = await mock.signIn('other');
    expect(await pay(other, PAID)).toMatchObject(refusal('notFound', '订单不存在或已删除'));
  });
});

describe('settling a trade', () => {
  it('a failed payment leaves the order unpaid; paying again succeeds', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const first = (await pay(me, orderId)).data;
    await settleTrade(mock.state, first.trade_no, 'fail');
    expect((await payStatus(me, orderId, first.trade_no)).data).toEqual({ trade_no: first.trade_no, status: paymentStatus.values.failed, paid_at: null, fail_reason: FAIL_REASON });
    expect(orderRow(orderId).status).toBe(orderStatus.values.unpaid);

    mock.state.clock.advance(2 * MINUTE);
    const retry = (await pay(me, orderId, payType.values.alipay)).data;
    expect(retry.trade_no).not.toBe(first.trade_no);
    await settleTrade(mock.state, retry.trade_no, 'success');
    const paidAt = toIso(NOW + 2 * MINUTE);
    expect(orderRow(orderId)).toMatchObject({ status: orderStatus.values.paid, pay_time: paidAt, pay_type: payType.values.alipay, trade_no: retry.trade_no, paid_amount: 1600 });
    const signUp = mock.state.db.signUps.findFirst((q) => q.where({ order_id: orderId }), { strict: true });
    expect(signUp.status).toBe(signUpStatus.values.enrolled);
    expect((await mock.call('query_order_pay_status', { pathParams: { id: orderId } }, me)).data).toEqual({
      order_id: orderId,
      status: orderStatus.values.paid,
      paid: true,
      pay_time: paidAt,
      amount: 1600,
      pay_deadline: toIso(NOW + 30 * MINUTE),
      last_trade: { trade_no: retry.trade_no, status: paymentStatus.values.success, paid_at: paidAt, fail_reason: null },
    });
    expect(await pay(me, orderId)).toMatchObject(refusal('orderAlreadyPaid'));
  });

  it('cannot pay an order twice: a settled trade does not settle again, a replaced one not at all', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const wechat = (await pay(me, orderId)).data;
    const alipay = (await pay(me, orderId, payType.values.alipay)).data;
    expect(await settleTrade(mock.state, wechat.trade_no, 'success')).toBeNull();
    expect((await settleTrade(mock.state, alipay.trade_no, 'success'))?.status).toBe(paymentStatus.values.success);
    const paid = orderRow(orderId);
    mock.state.clock.advance(MINUTE);
    expect(await settleTrade(mock.state, alipay.trade_no, 'success')).toBeNull();
    expect(await settleTrade(mock.state, alipay.trade_no, 'fail')).toBeNull();
    expect(orderRow(orderId)).toEqual(paid);
    expect(mock.state.db.trades.findMany((q) => q.where({ order_id: orderId, status: paymentStatus.values.success }))).toHaveLength(1);
  });

  it('records money that arrives for an order no longer unpaid as to be returned, leaving the order as it is', async () => {
    const stale = (trade_no: string, order_id: number) =>
      mock.state.db.trades.create({
        trade_no,
        parent_id: ids.mum,
        order_id,
        supply_fee_id: null,
        amount: 1600,
        pay_type: payType.values.alipay,
        status: paymentStatus.values.waiting,
        created_at: toIso(NOW - MINUTE),
        expire_at: toIso(NOW + 10 * MINUTE),
        paid_at: null,
        fail_reason: null,
      });
    await stale('T-LATE-PAID', PAID);
    await stale('T-LATE-CLOSED', CLOSED);
    const before = [orderRow(PAID), orderRow(CLOSED)];
    expect(await settleTrade(mock.state, 'T-LATE-PAID', 'success')).toMatchObject({ status: paymentStatus.values.success, fail_reason: '订单已支付，本次款项将原路退回' });
    expect(await settleTrade(mock.state, 'T-LATE-CLOSED', 'success')).toMatchObject({ status: paymentStatus.values.success, fail_reason: '订单已关闭，款项将原路退回' });
    expect([orderRow(PAID), orderRow(CLOSED)]).toEqual(before);
  });

  it('announces every settlement on the payment websocket', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const trade = (await pay(me, orderId)).data;
    const messages: PayWsMessage[] = [];
    const stop = mock.state.onPayStatus((m) => messages.push(m));
    await settleTrade(mock.state, trade.trade_no, 'fail');
    const retry = (await pay(me, orderId, payType.values.alipay)).data;
    await settleTrade(mock.state, retry.trade_no, 'success');
    stop();
    expect(messages).toEqual([
      { type: 'pay_status', trade_no: trade.trade_no, order_id: orderId, supply_fee_id: null, status: paymentStatus.values.failed },
      { type: 'pay_status', trade_no: retry.trade_no, order_id: orderId, supply_fee_id: null, status: paymentStatus.values.success },
    ]);
  });

  it('shows paid to a page that only polls, after a tester settles over the control API', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const trade = (await pay(me, orderId)).data;
    expect((await payStatus(me, orderId, trade.trade_no)).data.status).toBe(paymentStatus.values.waiting);
    expect((await mock.call('query_order_pay_status', { pathParams: { id: orderId } }, me)).data).toMatchObject({ paid: false, last_trade: { status: paymentStatus.values.waiting } });

    expect(await settlePayment(mock.state, trade.trade_no, { outcome: 'success' })).toEqual({
      trade_no: trade.trade_no,
      status: paymentStatus.values.success,
      order_id: orderId,
      supply_fee_id: null,
    });
    expect((await payStatus(me, orderId, trade.trade_no)).data).toEqual({ trade_no: trade.trade_no, status: paymentStatus.values.success, paid_at: toIso(NOW), fail_reason: null });
    expect((await mock.call('query_order_pay_status', { pathParams: { id: orderId } }, me)).data).toMatchObject({ status: orderStatus.values.paid, paid: true });
    await expect(settlePayment(mock.state, trade.trade_no, { outcome: 'success' })).rejects.toMatchObject({ status: 404 });
  });

  it('get_pay_status answers tradeNotFound for a trade of another of the parent’s orders, 404 for a trade of nobody’s', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const trade = (await pay(me, orderId)).data;
    expect(await payStatus(me, PAID, trade.trade_no)).toMatchObject(refusal('tradeNotFound'));
    expect(await payStatus(me, orderId, 'T-NOPE')).toMatchObject(refusal('notFound', '支付流水不存在或已删除'));
  });
});

describe('trades and time', () => {
  it('a trade not paid by the deadline closes with the order, and can no longer be settled', async () => {
    const me = await mock.signIn('mum');
    const orderId = await unpaidOrder(me);
    const trade = (await pay(me, orderId)).data;
    mock.state.clock.advance(30 * MINUTE);
    await mock.state.catchUp();
    expect(tradeRow(trade.trade_no).status).toBe(paymentStatus.values.closed);
    expect(orderRow(orderId).status).toBe(orderStatus.values.closed);
    expect(await settleTrade(mock.state, trade.trade_no, 'success')).toBeNull();
  });

  it('settings.autoPay settles a trade afterMs after it opened, as of that moment', async () => {
    mock.state.settings.autoPay = { outcome: 'success', afterMs: 5000 };
    try {
      const me = await mock.signIn('mum');
      const orderId = await unpaidOrder(me);
      const trade = (await pay(me, orderId)).data;
      mock.state.clock.advance(4999);
      expect((await payStatus(me, orderId, trade.trade_no)).data.status).toBe(paymentStatus.values.waiting);
      mock.state.clock.advance(10 * MINUTE);
      expect((await payStatus(me, orderId, trade.trade_no)).data).toMatchObject({ status: paymentStatus.values.success, paid_at: toIso(NOW + 5000) });
      expect(orderRow(orderId)).toMatchObject({ status: orderStatus.values.paid, pay_time: toIso(NOW + 5000) });
    } finally {
      mock.state.settings.autoPay = null;
    }
  });

  it('settings.autoPay does not pay a trade that would have expired first, and can make payments fail', async () => {
    mock.state.settings.autoPay = { outcome: 'fail', afterMs: 31 * MINUTE };
    try {
      const me = await mock.signIn('mum');
      const orderId = await unpaidOrder(me);
      const trade = (await pay(me, orderId)).data;
      mock.state.clock.advance(40 * MINUTE);
      await mock.state.catchUp();
      expect(tradeRow(trade.trade_no).status).toBe(paymentStatus.values.closed);

      mock.state.settings.autoPay = { outcome: 'fail', afterMs: 0 };
      const again = await unpaidOrder(await mock.signIn('mum'));
      const failing = (await pay(await mock.signIn('mum'), again)).data;
      await mock.state.catchUp();
      expect(tradeRow(failing.trade_no)).toMatchObject({ status: paymentStatus.values.failed, fail_reason: FAIL_REASON });
      expect(orderRow(again).status).toBe(orderStatus.values.unpaid);
    } finally {
      mock.state.settings.autoPay = null;
    }
  });
});

describe('supplementary fees', () => {
  const payFee = (me: Credentials, supply_fee_id: number) => mock.call('pay_supply_fee', { body: { supply_fee_id, pay_type: payType.values.alipay } }, me);

  it('pays an unpaid fee of a paid order by the same kind of trade', async () => {
    const me = await mock.signIn('mum');
    const trade = (await payFee(me, UNPAID_FEE)).data;
    expect(trade).toMatchObject({ amount: 120, pay_type: payType.values.alipay, expire_at: toIso(NOW + 30 * MINUTE), pay_url: `https://qr.alipay.com/${trade.trade_no}` });
    expect(tradeRow(trade.trade_no)).toMatchObject({ order_id: null, supply_fee_id: UNPAID_FEE });
    const status = () => mock.call('query_supply_fee_pay_status', { query: { supply_fee_id: UNPAID_FEE, trade_no: trade.trade_no } }, me);
    expect((await status()).data.status).toBe(paymentStatus.values.waiting);

    mock.state.clock.advance(MINUTE);
    await settleTrade(mock.state, trade.trade_no, 'success');
    expect((await status()).data).toMatchObject({ status: paymentStatus.values.success, paid_at: toIso(NOW + MINUTE) });
    expect(mock.state.db.supplyFees.findFirst((q) => q.where({ id: UNPAID_FEE }))).toMatchObject({ status: supplyFeeStatus.values.paid, pay_time: toIso(NOW + MINUTE) });
    expect(orderRow(PAID).paid_amount).toBe(1600);
    expect(await payFee(me, UNPAID_FEE)).toMatchObject(refusal('orderAlreadyPaid', '该补缴已支付，请勿重复支付'));
  });

  it('refuses a fee whose order is no longer paid, and a fee past its deadline', async () => {
    const me = await mock.signIn('mum');
    expect(await payFee(me, FEE_OF_REFUNDED)).toMatchObject(refusal('orderNotPayable', '订单已退费，该补缴无法支付'));
    // A QR never outlives the fee's deadline; after it the fee closes.
    expect((await payFee(me, FEE_DUE_SOON)).data.expire_at).toBe(toIso(NOW + 10 * MINUTE));
    mock.state.clock.advance(10 * MINUTE);
    expect(await payFee(await mock.signIn('mum'), FEE_DUE_SOON)).toMatchObject(refusal('orderNotPayable', '补缴已于9月1日截止，无法支付'));
    expect(mock.state.db.supplyFees.findFirst((q) => q.where({ id: FEE_DUE_SOON }))?.status).toBe(supplyFeeStatus.values.closed);
  });

  it('a fee paid while its order is being refunded is not taken: the money goes back, the fee stays unpaid', async () => {
    const me = await mock.signIn('mum');
    const trade = (await payFee(me, UNPAID_FEE)).data;
    expect((await mock.call('apply_refund', { pathParams: { id: PAID }, body: { reason: '孩子转学' } }, me)).error_code).toBe(errorCodes.success.code);
    expect(await payFee(me, UNPAID_FEE)).toMatchObject(refusal('orderNotPayable', '订单退费中，该补缴无法支付'));
    await settleTrade(mock.state, trade.trade_no, 'success');
    expect(tradeRow(trade.trade_no)).toMatchObject({ status: paymentStatus.values.success, fail_reason: '订单退费中，款项将原路退回' });
    expect(mock.state.db.supplyFees.findFirst((q) => q.where({ id: UNPAID_FEE }))?.status).toBe(supplyFeeStatus.values.unpaid);
  });

  it('query_supply_fee_pay_status answers tradeNotFound for another fee’s trade', async () => {
    const me = await mock.signIn('mum');
    const trade = (await payFee(me, UNPAID_FEE)).data;
    expect(await mock.call('query_supply_fee_pay_status', { query: { supply_fee_id: FEE_DUE_SOON, trade_no: trade.trade_no } }, me)).toMatchObject(refusal('tradeNotFound'));
  });
});
