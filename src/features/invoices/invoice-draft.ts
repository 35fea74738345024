/**
 * What the parent typed in the invoice form, kept while they leave to add a mailing address and
 * come back (sessionStorage: this tab only, gone when it closes).
 */
import { invoiceKind, invoiceTitleType, type ValueOf } from '#contract/coded-values';

export interface InvoiceDraft {
  titleType: ValueOf<typeof invoiceTitleType>;
  title: string;
  taxNumber: string;
  kind: ValueOf<typeof invoiceKind>;
  email: string;
  /** An e-invoice to the bound mailbox (use_bound_mailbox) rather than to `email`. */
  useBound: boolean;
  remark: string;
}

const key = (orderId: number) => `apply-invoice-draft:${orderId}`;

export function saveDraft(orderId: number, draft: InvoiceDraft): void {
  sessionStorage.setItem(key(orderId), JSON.stringify(draft));
}

export function clearDraft(orderId: number): void {
  sessionStorage.removeItem(key(orderId));
}

/** The saved draft, if any (the form clears it once it has taken it in). */
export function readDraft(orderId: number): InvoiceDraft | null {
  // The server's render has no storage: a draft is the browser's.
  const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key(orderId));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<InvoiceDraft>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      titleType: d.titleType === invoiceTitleType.values.company ? invoiceTitleType.values.company : invoiceTitleType.values.personal,
      title: text(d.title),
      taxNumber: text(d.taxNumber),
      kind: d.kind === invoiceKind.values.paper ? invoiceKind.values.paper : invoiceKind.values.electronic,
      email: text(d.email),
      useBound: d.useBound === true,
      remark: text(d.remark),
    };
  } catch {
    return null;
  }
}
