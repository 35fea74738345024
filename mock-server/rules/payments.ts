/**
 * Trades (the design brief): an attempt to pay an order or a supplementary fee by scanning a QR code.
 * A trade waits until a tester (POST /__mock/payments/{trade_no}), settings.autoPay or its expiry
 * settles it; every change of a trade's status goes out on the payment websocket too, so the app
 * learns it by either channel. An order is paid by one trade only: the first success pays it and
 * closes the others; a success that arrives for an order no longer unpaid is recorded as money to
 * return, never as a second payment.
 */
import { orderStatus, paymentStatus, payType, signUpStatus, supplyFeeStatus, type ValueOf } from '#contract/index';
import { tradeNumber } from '#fixtures/rules';
import { fromIso, MINUTE, toIso } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import { reissueInvoice } from './invoices.ts';
import { tellOrderNews } from './order-news.ts';
import type { MockState, PayOutcome } from '../core/state.ts';

type PayType = ValueOf<typeof payType>;

/** What the QR code of a trade encodes (the app only ever draws it). */
export function payUrlOf(trade: Pick<Row<'trades'>, 'trade_no' | 'pay_type'>): string {
  return trade.pay_type === payType.values.wechat ? `weixin://wxpay/bizpayurl?pr=${trade.trade_no}` : `https://qr.alipay.com/${trade.trade_no}`;
}

/** A supplementary fee's QR stays valid this long (within the fee's own deadline). */
export const SUPPLY_FEE_QR_MINUTES = 30;

export const FAIL_REASON = '支付未成功：付款已取消或余额不足，请重新支付';
const REASON_SWITCHED = '已更换支付方式，本次交易已关闭';
const REASON_EXPIRED = '二维码已过期，交易已关闭';
const REASON_SUPERSEDED = '订单已通过其他交易支付，本次交易已关闭';

/** Whom a trade pays. */
export type TradeTarget = { order_id: number; supply_fee_id: null } | { order_id: null; supply_fee_id: number };

function isFor(trade: Row<'trades'>, target: TradeTarget): boolean {
  return target.order_id !== null ? trade.order_id === target.order_id : trade.supply_fee_id === target.supply_fee_id;
}

export function tradesOf(state: MockState, target: TradeTarget): Row<'trades'>[] {
  return state.db.trades.findMany((q) => q.where((t) => isFor(t, target)));
}

export function waitingTradesOf(state: MockState, target: TradeTarget): Row<'trades'>[] {
  return tradesOf(state, target).filter((t) => t.status === paymentStatus.values.waiting);
}

/** The most recent trade of an order or fee (the one a payment page follows). */
export function lastTradeOf(state: MockState, target: TradeTarget): Row<'trades'> | null {
  const trades = tradesOf(state, target).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.trade_no.localeCompare(b.trade_no));
  return trades.at(-1) ?? null;
}

function emit(state: MockState, trade: Row<'trades'>): void {
  state.emitPayStatus({
    type: 'pay_status',
    trade_no: trade.trade_no,
    order_id: trade.order_id,
    supply_fee_id: trade.supply_fee_id,
    status: trade.status,
  });
}

/** Closes waiting trades with a reason the parent can read; each closure is announced. */
export async function closeTrades(state: MockState, trades: Row<'trades'>[], reason: string): Promise<void> {
  for (const trade of trades) {
    if (trade.status !== paymentStatus.values.waiting) continue;
    const closed = await state.db.trades.update((q) => q.where({ trade_no: trade.trade_no }), {
      data(t) {
        t.status = paymentStatus.values.closed;
        t.fail_reason = reason;
      },
    });
    if (closed) emit(state, closed);
  }
}

/** The clock and a sequence (fixtures/rules.ts): deterministic for the same steps, never reused. */
function newTradeNo(state: MockState): string {
  for (let seq = state.db.trades.count() + 1; ; seq += 1) {
    const tradeNo = tradeNumber(state.now(), seq);
    if (!state.db.trades.findFirst((q) => q.where({ trade_no: tradeNo }))) return tradeNo;
  }
}

/**
 * The trade to scan for an order or fee: the waiting one of the same pay type if there is one
 * (asking twice shows the same QR), otherwise a new one, closing a waiting one of the other type.
 */
export async function openTrade(state: MockState, input: { parent_id: number; target: TradeTarget; amount: number; pay_type: PayType; expire_at: string }): Promise<Row<'trades'>> {
  const waiting = waitingTradesOf(state, input.target);
  const same = waiting.find((t) => t.pay_type === input.pay_type);
  if (same) return same;
  await closeTrades(state, waiting, REASON_SWITCHED);
  return state.db.trades.create({
    trade_no: newTradeNo(state),
    parent_id: input.parent_id,
    order_id: input.target.order_id,
    supply_fee_id: input.target.supply_fee_id,
    amount: input.amount,
    pay_type: input.pay_type,
    status: paymentStatus.values.waiting,
    created_at: state.nowIso(),
    expire_at: input.expire_at,
    paid_at: null,
    fail_reason: null,
  });
}

/** Pays the order of a successful trade; a reason to return the money when it cannot. */
async function payOrder(state: MockState, trade: Row<'trades'>, atIso: string): Promise<string | null> {
  const order = state.db.orders.findFirst((q) => q.where({ id: trade.order_id! }));
  if (!order || order.status !== orderStatus.values.unpaid) {
    return order && order.pay_time !== null ? '订单已支付，本次款项将原路退回' : '订单已关闭，款项将原路退回';
  }
  await state.db.orders.update((q) => q.where({ id: order.id }), {
    data(o) {
      o.status = orderStatus.values.paid;
      o.pay_time = atIso;
      o.pay_type = trade.pay_type;
      o.trade_no = trade.trade_no;
      o.paid_amount = o.amount;
    },
  });
  await state.db.signUps.update((q) => q.where({ id: order.sign_up_id }), {
    data(s) {
      s.status = signUpStatus.values.enrolled;
      s.order_id = order.id;
    },
  });
  const others = waitingTradesOf(state, { order_id: order.id, supply_fee_id: null }).filter((t) => t.trade_no !== trade.trade_no);
  await closeTrades(state, others, REASON_SUPERSEDED);
  return null;
}

async function payFee(state: MockState, trade: Row<'trades'>, atIso: string): Promise<string | null> {
  const fee = state.db.supplyFees.findFirst((q) => q.where({ id: trade.supply_fee_id! }));
  if (!fee || fee.status !== supplyFeeStatus.values.unpaid) {
    return fee?.status === supplyFeeStatus.values.paid ? '该补缴已支付，本次款项将原路退回' : '补缴单已关闭，款项将原路退回';
  }
  // A fee is paid only while its order stands paid: during or after a refund the money goes back
  // (what the refund offers was worked out without it).
  const order = state.db.orders.findFirst((q) => q.where({ id: fee.order_id }));
  if (order?.status !== orderStatus.values.paid) return `订单${order ? orderStatus.label(order.status) : '不存在'}，款项将原路退回`;
  await state.db.supplyFees.update((q) => q.where({ id: fee.id }), {
    data(f) {
      f.status = supplyFeeStatus.values.paid;
      f.pay_time = atIso;
    },
  });
  // Paid after the order was invoiced: the invoice is reissued to cover it.
  await reissueInvoice(state, order, atIso);
  const others = waitingTradesOf(state, { order_id: null, supply_fee_id: fee.id }).filter((t) => t.trade_no !== trade.trade_no);
  await closeTrades(state, others, REASON_SUPERSEDED);
  return null;
}

/** Settles a waiting trade as of `atMs` (autoPay settles at the moment it was due, not later). */
async function settleTradeAt(state: MockState, tradeNo: string, outcome: PayOutcome, atMs: number): Promise<Row<'trades'> | null> {
  const trade = state.db.trades.findFirst((q) => q.where({ trade_no: tradeNo, status: paymentStatus.values.waiting }));
  if (!trade) return null;
  const atIso = toIso(atMs);
  let failReason: string | null = FAIL_REASON;
  if (outcome === 'success') {
    failReason = trade.order_id !== null ? await payOrder(state, trade, atIso) : await payFee(state, trade, atIso);
  }
  const settled = await state.db.trades.update((q) => q.where({ trade_no: trade.trade_no }), {
    data(t) {
      t.status = outcome === 'success' ? paymentStatus.values.success : paymentStatus.values.failed;
      t.paid_at = outcome === 'success' ? atIso : null;
      t.fail_reason = failReason;
    },
  });
  if (settled) emit(state, settled);
  return settled ?? null;
}

/** Settles a waiting trade now; null when no waiting trade has that number. */
export async function settleTrade(state: MockState, tradeNo: string, outcome: PayOutcome): Promise<Row<'trades'> | null> {
  return settleTradeAt(state, tradeNo, outcome, state.now());
}

/** Time rule: settings.autoPay settles each waiting trade afterMs after it opened (if still valid). */
export async function settleDueAutoPayments(state: MockState): Promise<void> {
  const auto = state.settings.autoPay;
  if (!auto) return;
  const now = state.now();
  const due = state.db.trades
    .all()
    .filter((t) => t.status === paymentStatus.values.waiting)
    .map((t) => ({ t, dueAt: fromIso(t.created_at) + auto.afterMs }))
    .filter(({ t, dueAt }) => dueAt <= now && dueAt < fromIso(t.expire_at))
    .sort((a, b) => a.dueAt - b.dueAt || a.t.trade_no.localeCompare(b.t.trade_no));
  for (const { t, dueAt } of due) await settleTradeAt(state, t.trade_no, auto.outcome, dueAt);
}

/** Time rule: a waiting trade past its expire_at closes (its QR no longer pays). */
export async function expireTrades(state: MockState): Promise<void> {
  const now = state.now();
  const expired = state.db.trades.all().filter((t) => t.status === paymentStatus.values.waiting && fromIso(t.expire_at) <= now);
  await closeTrades(state, expired, REASON_EXPIRED);
}

/** expire_at of a supplementary fee's trade: a QR's usual life, never past the fee's deadline. */
export function supplyFeeTradeExpiry(state: MockState, fee: Row<'supplyFees'>): string {
  return toIso(Math.min(fromIso(fee.deadline), state.now() + SUPPLY_FEE_QR_MINUTES * MINUTE));
}

/**
 * Ends an unpaid order (the parent cancels it, or its payment window lapses): the sign-up is
 * cancelled with the reason, waiting trades close, and the seat returns (seats count orders).
 */
export async function endUnpaidOrder(
  state: MockState,
  order: Row<'orders'>,
  end: { status: typeof orderStatus.values.cancelled | typeof orderStatus.values.closed; atIso: string; reason: string },
): Promise<void> {
  await state.db.orders.update((q) => q.where({ id: order.id }), {
    data(o) {
      o.status = end.status;
      if (end.status === orderStatus.values.cancelled) o.cancelled_at = end.atIso;
      else o.closed_at = end.atIso;
    },
  });
  await state.db.signUps.update((q) => q.where({ id: order.sign_up_id, status: (s) => s !== signUpStatus.values.cancelled }), {
    data(s) {
      s.status = signUpStatus.values.cancelled;
      s.cancel_reason = end.reason;
      s.cancelled_at = end.atIso;
    },
  });
  await closeTrades(state, waitingTradesOf(state, { order_id: order.id, supply_fee_id: null }), `订单${orderStatus.label(end.status)}，交易已关闭`);
  // The parent cancelled it themselves; a lapsed window is news (issue 26).
  if (end.status === orderStatus.values.closed) await tellOrderNews(state, { event: 'orderClosed', order: state.db.orders.findFirst((q) => q.where({ id: order.id }), { strict: true }) }, end.atIso);
}
