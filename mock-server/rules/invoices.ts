/** Whether an order may get an invoice now (one per paid order, within 90 days of payment). */
import { invoiceStatus, orderStatus } from '#contract/index';
import { DAY, fromIso } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { MockState } from '../core/state.ts';
import { toFen, toYuan } from '#fixtures/rules';
import { nextId } from '../core/db.ts';
import { orderMoney } from './refunds.ts';
import { tellOrderNews } from './order-news.ts';

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
  const live = liveInvoiceOf(state, order.id);
  if (live) return { ok: false, reason: 'invoiceExists' };
  if (state.now() > fromIso(order.pay_time) + INVOICE_WINDOW_MS) return { ok: false, reason: 'invoiceWindowPassed' };
  return { ok: true };
}

/** Invoices that no longer stand: failed (开票失败) or reversed (已红冲). */
const DEAD = new Set<number>([invoiceStatus.values.rejected, invoiceStatus.values.reversed]);

/** The order's one invoice that stands (applying, issued or mailed), if any. */
export function liveInvoiceOf(state: MockState, orderId: number): Row<'invoices'> | undefined {
  return state.db.invoices.findFirst((q) => q.where({ order_id: orderId, status: (s) => !DEAD.has(s) }));
}

/**
 * After an order's money changed (a refund finished, a fee was paid) its invoice must state what the
 * order keeps (decision 019): the invoice that stands is reversed (红冲) and, when money is kept,
 * reissued (换开) with the same title and delivery for the new amount, applied for at `atIso`; the
 * invoice rules issue it an hour later. No invoice, or one already right: nothing happens.
 */
export async function reissueInvoice(state: MockState, order: Row<'orders'>, atIso: string): Promise<void> {
  const live = liveInvoiceOf(state, order.id);
  if (!live) return;
  const keptFen = Math.max(0, orderMoney(state, order).paidFen - toFen(order.refunded_amount));
  if (toFen(live.amount) === keptFen) return;
  await state.db.invoices.update((q) => q.where({ id: live.id }), { data: (i) => void (i.status = invoiceStatus.values.reversed) });
  // An invoice issued is news when reversed; an application not yet issued is just replaced.
  if (live.invoice_no !== null) await tellOrderNews(state, { event: 'invoiceReversed', invoice: { ...live, status: invoiceStatus.values.reversed }, reissued: keptFen > 0 }, atIso);
  if (keptFen === 0) return;
  await state.db.invoices.create({
    ...live,
    id: nextId(state.db.invoices.all()),
    status: invoiceStatus.values.applying,
    amount: toYuan(keptFen),
    invoice_no: null,
    file_url: null,
    express_no: null,
    applied_at: atIso,
    issued_at: null,
    remark: `换开：原发票${live.invoice_no ?? `#${live.id}`}已红冲`,
  });
}

/** What the invoice is for: what was paid (supplementary fees included) less what came back. */
export function invoiceAmount(state: MockState, order: Row<'orders'>): number {
  const money = orderMoney(state, order);
  return toYuan(Math.max(0, money.paidFen - money.refundedFen));
}
