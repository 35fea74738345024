/**
 * The books: what the mock's tables must agree on about money, whatever happened to them. Checked
 * after every handler test (testing.ts), after the README walkthrough and for every scenario.
 *
 * Per order, in fen:
 *  - successful trades = tuition paid (order.paid_amount) + supplementary fees paid;
 *  - refunds not rejected ≤ that, and the order's refunded_amount = the refunds finished;
 *  - at most one live invoice (not 开票失败, not 已红冲), and its amount = what the order keeps
 *    (paid less refunds finished).
 */
import { invoiceStatus, paymentStatus, refundStatus, supplyFeeStatus } from '#contract/index';
import type { Snapshot } from '#fixtures/records';
import { toFen } from '#fixtures/rules';

const COUNTING_REFUND = new Set<number>([refundStatus.values.applying, refundStatus.values.processing, refundStatus.values.refunded]);
const DEAD_INVOICE = new Set<number>([invoiceStatus.values.rejected, invoiceStatus.values.reversed]);

const sum = (amounts: readonly number[]) => amounts.reduce((a, b) => a + toFen(b), 0);

/** Every way the books do not add up, one line each; empty when they do. */
export function booksProblems(tables: Pick<Snapshot, 'orders' | 'trades' | 'supplyFees' | 'refunds' | 'invoices'>): string[] {
  const problems: string[] = [];
  for (const order of tables.orders) {
    const at = `order ${order.id} (${order.order_no})`;
    const fees = tables.supplyFees.filter((f) => f.order_id === order.id);
    const feeIds = new Set(fees.map((f) => f.id));
    // A success with a fail_reason is money that arrived too late and goes back: not the order's.
    const trades = tables.trades.filter(
      (t) => t.status === paymentStatus.values.success && t.fail_reason === null && (t.order_id === order.id || (t.supply_fee_id !== null && feeIds.has(t.supply_fee_id))),
    );
    const tuitionFen = toFen(order.paid_amount);
    const feesFen = sum(fees.filter((f) => f.status === supplyFeeStatus.values.paid).map((f) => f.amount));
    const paidFen = tuitionFen + feesFen;
    const tradedFen = sum(trades.map((t) => t.amount));
    if (tradedFen !== paidFen) problems.push(`${at}: successful trades ${tradedFen} fen ≠ tuition ${tuitionFen} + fees ${feesFen} fen paid`);
    if (tuitionFen === 0 && order.pay_time !== null) problems.push(`${at}: paid at ${order.pay_time} with no tuition`);

    const refunds = tables.refunds.filter((r) => r.order_id === order.id);
    const countedFen = sum(refunds.filter((r) => COUNTING_REFUND.has(r.status)).map((r) => r.amount));
    const finishedFen = sum(refunds.filter((r) => r.status === refundStatus.values.refunded).map((r) => r.amount));
    if (countedFen > paidFen) problems.push(`${at}: refunds ${countedFen} fen exceed what was paid, ${paidFen} fen`);
    if (finishedFen !== toFen(order.refunded_amount)) problems.push(`${at}: refunded_amount ${toFen(order.refunded_amount)} fen ≠ refunds finished ${finishedFen} fen`);

    const live = tables.invoices.filter((i) => i.order_id === order.id && !DEAD_INVOICE.has(i.status));
    if (live.length > 1) problems.push(`${at}: ${live.length} live invoices (${live.map((i) => i.id).join(', ')})`);
    const keptFen = paidFen - finishedFen;
    for (const invoice of live) {
      if (toFen(invoice.amount) !== keptFen) problems.push(`${at}: invoice ${invoice.id} for ${toFen(invoice.amount)} fen, the order keeps ${keptFen} fen`);
    }
  }
  return problems;
}
