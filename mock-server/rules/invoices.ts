/** Whether an order may get an invoice now (one per paid order, within 90 days of payment). */
import { invoiceStatus, orderStatus } from '#contract/index';
import { DAY, fromIso } from '#fixtures/time';
import type { Row } from '../db.ts';
import type { MockState } from '../state.ts';
import { toYuan } from '#fixtures/rules';
import { orderMoney } from './refunds.ts';

/** `msg` says why in the parent's words; without it the error code's own message applies. */
export type InvoiceEligibility = { ok: true } | { ok: false; reason: 'invoiceNotAllowed' | 'invoiceExists' | 'invoiceWindowPassed'; msg?: string };

export const INVOICE_WINDOW_MS = 90 * DAY;

const invoiceable = new Set<number>([orderStatus.values.paid, orderStatus.values.partiallyRefunded]);

/** The order's latest invoice request, whatever became of it. */
export function latestInvoiceOf(state: MockState, orderId: number): Row<'invoices'> | undefined {
  return state.db.invoices.findMany((q) => q.where({ order_id: orderId })).sort((a, b) => b.id - a.id)[0];
}

export function invoiceEligibility(state: MockState, order: Row<'orders'>): InvoiceEligibility {
  if (!invoiceable.has(order.status) || order.pay_time === null) {
    const msg = order.status === orderStatus.values.refunding ? '订单退费处理中，暂不能开票' : undefined;
    return { ok: false, reason: 'invoiceNotAllowed', msg };
  }
  // A rejected invoice (开票失败) was never issued: the parent may ask again.
  const live = state.db.invoices.findFirst((q) => q.where({ order_id: order.id, status: (s) => s !== invoiceStatus.values.rejected }));
  if (live) return { ok: false, reason: 'invoiceExists' };
  if (state.now() > fromIso(order.pay_time) + INVOICE_WINDOW_MS) return { ok: false, reason: 'invoiceWindowPassed' };
  return { ok: true };
}

/** What the invoice is for: what was paid (supplementary fees included) less what came back. */
export function invoiceAmount(state: MockState, order: Row<'orders'>): number {
  const money = orderMoney(state, order);
  return toYuan(Math.max(0, money.paidFen - money.refundedFen));
}
