/** Whether an order may get an invoice now (one per paid order, within 90 days of payment). */
import type { ErrorCodeName } from '#contract/index';
import type { Row } from '../db.ts';
import type { MockState } from '../state.ts';

export type InvoiceEligibility = { ok: true } | { ok: false; reason: ErrorCodeName };

/** Owned by the invoices work; signature is fixed. */
export function invoiceEligibility(state: MockState, order: Row<'orders'>): InvoiceEligibility {
  void state;
  void order;
  return { ok: false, reason: 'invoiceNotAllowed' };
}
