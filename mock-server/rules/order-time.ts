/**
 * Time rules of orders and payments, run before every answer (MockState.catchUp). The order
 * matters: a payment due before its deadline is settled before the deadline closes the order,
 * lapsed orders give their seats back before a lottery or interview admits up to the seats left,
 * and an admission made in the same catch-up can lapse right after it when its deadline is due too.
 */
import { orderStatus, signUpStatus, supplyFeeStatus } from '#contract/index';
import { PAYMENT_LAPSED_REASON, orderDeadlineOf } from '#fixtures/rules';
import { fromIso, toIso } from '#fixtures/time';
import type { MockState, TimeRule } from '../core/state.ts';
import { drawDueLotteries, resolveDueInterviews } from './lottery.ts';
import { closeTrades, endUnpaidOrder, expireTrades, settleDueAutoPayments, waitingTradesOf } from './payments.ts';

/** An unpaid order past its payment window closes as of its deadline. */
async function closeLapsedOrders(state: MockState): Promise<void> {
  const now = state.now();
  const lapsed = state.db.orders.all().filter((o) => o.status === orderStatus.values.unpaid && fromIso(o.pay_deadline) <= now);
  for (const order of lapsed) {
    await endUnpaidOrder(state, order, { status: orderStatus.values.closed, atIso: order.pay_deadline, reason: PAYMENT_LAPSED_REASON });
  }
}

/** An unpaid supplementary fee past its deadline closes (it can no longer be paid). */
async function closeLapsedSupplyFees(state: MockState): Promise<void> {
  const now = state.now();
  const lapsed = state.db.supplyFees.all().filter((f) => f.status === supplyFeeStatus.values.unpaid && fromIso(f.deadline) <= now);
  for (const fee of lapsed) {
    await state.db.supplyFees.update((q) => q.where({ id: fee.id }), { data: (f) => void (f.status = supplyFeeStatus.values.closed) });
    await closeTrades(state, waitingTradesOf(state, { order_id: null, supply_fee_id: fee.id }), '补缴已截止，交易已关闭');
  }
}

/**
 * A sign-up waiting for an order (待下单, 已录取) lapses at its deadline (fixtures/rules.ts
 * orderDeadlineOf): cancelled as of then, with the reason; an admitted one gives its seat back.
 */
async function lapseUnorderedSignUps(state: MockState): Promise<void> {
  const now = state.now();
  const waiting = state.db.signUps.all().filter((s) => s.status === signUpStatus.values.awaitingOrder || s.status === signUpStatus.values.admitted);
  for (const row of waiting) {
    const klass = state.db.classes.all().find((c) => c.id === row.class_id);
    const deadline = klass ? orderDeadlineOf(row, klass) : null;
    if (!deadline || deadline.at > now) continue;
    await state.db.signUps.update((q) => q.where({ id: row.id }), {
      data(s) {
        s.status = signUpStatus.values.cancelled;
        s.cancel_reason = deadline.reason;
        s.cancelled_at = toIso(deadline.at);
      },
    });
  }
}

export const orderTimeRules: TimeRule[] = [settleDueAutoPayments, expireTrades, closeLapsedOrders, closeLapsedSupplyFees, drawDueLotteries, resolveDueInterviews, lapseUnorderedSignUps];
