/** Sample invoices for component tests (never imported by the app), typed by the contract. */
import type { z } from 'zod';
import { invoiceKind, invoiceStatus, invoiceTitleType, type operations } from '#contract/index';

type Data<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;
export type SampleInvoice = NonNullable<Data<'query_invoice_detail'>>;

export function sampleInvoice(patch: Partial<SampleInvoice> = {}): SampleInvoice {
  return {
    id: 1,
    order_id: 7,
    order_no: 'CC202608151005000007',
    status: invoiceStatus.values.issued,
    title_type: invoiceTitleType.values.personal,
    title: '张伟',
    tax_number: null,
    amount: 1600,
    invoice_kind: invoiceKind.values.electronic,
    email: 'zhangwei@example.com',
    mail_info: null,
    invoice_no: '20260901000000000001',
    file_url: 'invoice/20260901000000000001.pdf',
    express_no: null,
    applied_at: '2026-09-01T20:00:00+08:00',
    issued_at: '2026-09-01T21:00:00+08:00',
    ...patch,
  };
}

export const sampleMailInfo = { id: 9, receiver: '张伟', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路100号', postcode: '310012' };
