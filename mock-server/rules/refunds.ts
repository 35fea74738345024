/**
 * Refund amounts (the design brief): everything back before the first session, then by the sessions not
 * yet held; activities all or nothing. Money is computed in fen (integers) and only turned into
 * yuan at the end, so amounts never drift.
 */
import type { z } from 'zod';
import { classType, orderStatus, refundStatus, supplyFeeStatus, asFen, type refundPreviewSchema } from '#contract/index';
import { sessionsStartedBy, toFen } from '#fixtures/rules';
import { at } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { MockState } from '../core/state.ts';
import { sessionsOfClass } from './sign-up.ts';

export type RefundPreview = z.output<typeof refundPreviewSchema>;

const yuanText = (fen: number): string => (fen / 100).toFixed(2);

/** Refunds that hold money: applying, processing or refunded (a rejected one gave nothing back). */
const countingRefund = new Set<number>([refundStatus.values.applying, refundStatus.values.processing, refundStatus.values.refunded]);
const runningRefund = new Set<number>([refundStatus.values.applying, refundStatus.values.processing]);

export function refundsOf(state: MockState, orderId: number): Row<'refunds'>[] {
  return state.db.refunds.findMany((q) => q.where({ order_id: orderId }));
}

/** A refund still on its way (applying or processing), if any. */
export function runningRefundOf(state: MockState, orderId: number): Row<'refunds'> | undefined {
  return refundsOf(state, orderId).find((r) => runningRefund.has(r.status));
}

export interface OrderMoney {
  /** Tuition paid (order.paid_amount). */
  tuitionFen: number;
  /** Tuition plus the order's paid supplementary fees: what was paid. */
  paidFen: number;
  /** Refunds not rejected (applying, processing, refunded). */
  refundedFen: number;
  /** Sessions those refunds gave back. */
  refundedSessions: number;
}

export function orderMoney(state: MockState, order: Row<'orders'>): OrderMoney {
  const fees = state.db.supplyFees.findMany((q) => q.where({ order_id: order.id, status: supplyFeeStatus.values.paid }));
  const refunds = refundsOf(state, order.id).filter((r) => countingRefund.has(r.status));
  const tuitionFen = toFen(order.paid_amount);
  const refundedRows = refunds.reduce((sum, r) => sum + toFen(r.amount), 0);
  return {
    tuitionFen,
    paidFen: tuitionFen + fees.reduce((sum, fee) => sum + toFen(fee.amount), 0),
    // order.refunded_amount counts only finished refunds, so it is never above the rows' sum unless
    // a fixture wrote it without rows; the larger one keeps such money from coming back twice.
    refundedFen: Math.max(refundedRows, toFen(order.refunded_amount)),
    refundedSessions: refunds.reduce((sum, r) => sum + r.sessions_refunded, 0),
  };
}

/** An order pointing at a missing class is broken data, not a parent's mistake: fail loudly (as views/orders.ts). */
export function classOf(state: MockState, order: Row<'orders'>): Row<'classes'> {
  return state.db.classes.findFirst((q) => q.where({ id: order.class_id }), { strict: true });
}

export function isActivityOrder(state: MockState, order: Row<'orders'>): boolean {
  return classOf(state, order).class_type === classType.values.activity;
}

/**
 * Sessions of the class that have started on the mock clock: a session under way can no longer
 * be refunded (order views count a session as held from its end, for the timetable).
 */
function sessionsStarted(state: MockState, klass: Row<'classes'>): { count: number; held: number } {
  const count = klass.session_count;
  const now = state.now();
  const sessions = sessionsOfClass(state, klass.id);
  // Without session rows only the first date is known: once it has started, treat all as held.
  const held = sessions.length > 0 ? sessionsStartedBy(sessions, now) : at(klass.first_session_date, klass.start_time) <= now ? count : 0;
  return { count, held: Math.min(held, count) };
}

/** What a refund of the order would return now. Also the can_refund flag's money side. */
export function previewRefund(state: MockState, order: Row<'orders'>): RefundPreview {
  const klass = classOf(state, order);
  const activity = klass.class_type === classType.values.activity;
  const { count, held } = sessionsStarted(state, klass);
  const money = orderMoney(state, order);
  const perSessionFen = Math.floor(toFen(order.amount) / count);
  const leftFen = Math.max(0, money.paidFen - money.refundedFen);

  let refundableFen: number;
  let rule: string;
  if (held === 0) {
    refundableFen = leftFen;
    if (leftFen === 0) rule = '已缴费用已全部退还，没有可退的金额';
    else rule = activity ? '活动开始前退费：已缴费用全额退还' : '开课前退费：已缴学费及补缴费用全额退还';
  } else if (activity) {
    refundableFen = 0;
    rule = '活动已开始，不能退费';
  } else {
    // Sessions a finished or running refund already gave back are not the child's any more.
    const sessions = Math.max(0, count - held - money.refundedSessions);
    // Supplementary fees bought materials: after the first session only tuition comes back.
    const tuitionLeftFen = Math.max(0, Math.min(leftFen, money.tuitionFen - money.refundedFen));
    refundableFen = Math.min(sessions * perSessionFen, tuitionLeftFen);
    rule =
      sessions === 0
        ? count === held
          ? `课程${count}次已全部开课，没有可退的金额`
          : '未上课次数的学费已全部退还，没有可退的金额'
        : `已开课${held}次：按未上课的${sessions}次课退还学费（每次${yuanText(perSessionFen)}元），补缴费用不予退还` +
          (refundableFen < sessions * perSessionFen ? `，以尚未退还的已缴学费${yuanText(tuitionLeftFen)}元为限` : '');
  }

  return {
    paid_amount: asFen(money.paidFen),
    refunded_amount: asFen(money.refundedFen),
    refundable_amount: asFen(refundableFen),
    session_count: count,
    held_sessions: held,
    remaining_sessions: count - held,
    per_session_fee: asFen(perSessionFen),
    is_full: held === 0 && refundableFen > 0,
    rule,
  };
}

/** Sessions a refund applied now gives back (the refund's sessions_refunded). */
export function sessionsToRefund(state: MockState, order: Row<'orders'>, preview: RefundPreview): number {
  if (preview.refundable_amount <= 0) return 0;
  return Math.max(0, preview.remaining_sessions - orderMoney(state, order).refundedSessions);
}

export type RefundRefusal = { reason: 'refundNotAllowed' | 'refundNothingLeft'; msg: string };

const statusRefusals: Partial<Record<number, string>> = {
  [orderStatus.values.unpaid]: '订单尚未支付，不能申请退费',
  [orderStatus.values.cancelled]: '订单已取消，不能申请退费',
  [orderStatus.values.closed]: '订单已关闭，不能申请退费',
  [orderStatus.values.refunding]: '该订单已有退费申请正在处理，请勿重复申请',
  [orderStatus.values.refunded]: '订单已全额退费，不能再次申请',
};

/**
 * Why the order cannot be refunded now, or null with the preview when it can. The one place for
 * apply_refund, the previews and the can_refund flag of the order views.
 */
export function refundCheck(state: MockState, order: Row<'orders'>): { refusal: RefundRefusal | null; preview: RefundPreview | null } {
  const byStatus = statusRefusals[order.status];
  if (byStatus) return { refusal: { reason: 'refundNotAllowed', msg: byStatus }, preview: null };
  if (runningRefundOf(state, order.id)) {
    return { refusal: { reason: 'refundNotAllowed', msg: statusRefusals[orderStatus.values.refunding]! }, preview: null };
  }
  const preview = previewRefund(state, order);
  if (preview.refundable_amount <= 0) return { refusal: { reason: 'refundNothingLeft', msg: preview.rule }, preview };
  return { refusal: null, preview };
}
