/**
 * Time rules of refunds and invoices (processing stages). Each stage happens at a fixed time after
 * the application, so a clock moved far ahead passes every stage at once, with the times they
 * were due rather than the time someone looked.
 */
import { invoiceKind, invoiceStatus, orderStatus, refundStatus } from '#contract/index';
import { INVOICE_ISSUE_MS, INVOICE_MAIL_MS, REFUND_ACCEPT_MS, REFUND_PAY_BACK_MS, expressNumber, invoiceNumber, signUpStatusAfterRefund, toFen, toYuan } from '#fixtures/rules';
import { fromIso, toIso } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { MockState, TimeRule } from '../core/state.ts';
import { reissueInvoice } from './invoices.ts';
import { tellOrderNews } from './order-news.ts';
import { orderMoney } from './refunds.ts';

async function finishRefund(state: MockState, refund: Row<'refunds'>, finishedAt: number): Promise<void> {
  await state.db.refunds.update((q) => q.where({ id: refund.id }), {
    data(r) {
      r.status = refundStatus.values.refunded;
      r.finished_at = toIso(finishedAt);
    },
  });
  await tellOrderNews(state, { event: 'refundFinished', refund: state.db.refunds.findFirst((q) => q.where({ id: refund.id }), { strict: true }) }, toIso(finishedAt));
  const order = state.db.orders.findFirst((q) => q.where({ id: refund.order_id }));
  if (!order) return;
  const refundedFen = toFen(order.refunded_amount) + toFen(refund.amount);
  // Everything paid came back (supplementary fees included): refunded; else partially. Either way
  // the order stops holding its seat (rules/seats.ts).
  const whole = refundedFen >= orderMoney(state, order).paidFen;
  const status = whole ? orderStatus.values.refunded : orderStatus.values.partiallyRefunded;
  await state.db.orders.update(order, {
    data(o) {
      o.refunded_amount = toYuan(refundedFen);
      o.status = status;
    },
  });
  // The sign-up follows its order: the child has left the class (已退费 / 已退出).
  const signUpStatus = signUpStatusAfterRefund(status);
  if (signUpStatus !== null) await state.db.signUps.update((q) => q.where({ id: order.sign_up_id }), { data: (s) => void (s.status = signUpStatus) });
  // Its invoice follows what the order keeps: reversed, and reissued when money is kept.
  const updated = state.db.orders.findFirst((q) => q.where({ id: order.id }), { strict: true });
  await reissueInvoice(state, updated, toIso(finishedAt));
}

const advanceRefunds: TimeRule = async (state) => {
  const now = state.now();
  const running = state.db.refunds.all().filter((r) => r.status === refundStatus.values.applying || r.status === refundStatus.values.processing);
  for (const refund of running) {
    const acceptAt = fromIso(refund.applied_at) + REFUND_ACCEPT_MS;
    const finishAt = acceptAt + REFUND_PAY_BACK_MS;
    if (finishAt <= now) await finishRefund(state, refund, finishAt);
    else if (refund.status === refundStatus.values.applying && acceptAt <= now) {
      await state.db.refunds.update(refund, { data: (r) => void (r.status = refundStatus.values.processing) });
    }
  }
};

const advanceInvoices: TimeRule = async (state) => {
  const now = state.now();
  for (const invoice of state.db.invoices.all().filter((i) => i.status === invoiceStatus.values.applying)) {
    const issuedAt = fromIso(invoice.applied_at) + INVOICE_ISSUE_MS;
    if (issuedAt > now) continue;
    const invoiceNo = invoiceNumber(invoice.id, issuedAt);
    await state.db.invoices.update(invoice, {
      data(i) {
        i.status = invoiceStatus.values.issued;
        i.invoice_no = invoiceNo;
        i.issued_at = toIso(issuedAt);
        // The PDF, relative to oss_base_url; a paper invoice travels by post instead.
        i.file_url = i.invoice_kind === invoiceKind.values.electronic ? `invoice/${invoiceNo}.pdf` : null;
      },
    });
    await tellOrderNews(state, { event: 'invoiceIssued', invoice: state.db.invoices.findFirst((q) => q.where({ id: invoice.id }), { strict: true }) }, toIso(issuedAt));
  }
  const issuedPaper = state.db.invoices.all().filter((i) => i.status === invoiceStatus.values.issued && i.invoice_kind === invoiceKind.values.paper);
  for (const invoice of issuedPaper) {
    if (invoice.issued_at === null) continue;
    const mailedAt = fromIso(invoice.issued_at) + INVOICE_MAIL_MS;
    if (mailedAt > now) continue;
    await state.db.invoices.update(invoice, {
      data(i) {
        i.status = invoiceStatus.values.mailed;
        i.express_no = expressNumber(invoice.id, mailedAt);
      },
    });
  }
};

export const afterSaleTimeRules: TimeRule[] = [advanceRefunds, advanceInvoices];
