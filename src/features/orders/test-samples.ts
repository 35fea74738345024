/**
 * Sample orders, sign-ups, supplementary fees and classes for the personal pages' component tests
 * (never imported by the app), typed by the contract so they cannot drift from it.
 */
import type { z } from 'zod';
import { admissionKind, invoiceKind, invoiceStatus, invoiceTitleType, orderStatus, payType, refundStatus, signUpStatus, supplyFeeStatus, type operations } from '#contract/index';
import { sampleCard } from '../classes/test-samples.ts';

type Data<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;
export type SampleOrder = Data<'order_list'>['list'][number];
export type SampleOrderDetail = Data<'order_detail'>;
export type SampleSignUp = Data<'sign_up_list'>['list'][number];
export type SampleSupplyFee = Data<'my_supply_fee_list'>['list'][number];
export type SampleMyClass = Data<'my_class'>['list'][number];

/** A moment as the backend writes it: ISO 8601 with +08:00. */
export function beijingIso(ms: number): string {
  const local = new Date(ms + 8 * 3600_000).toISOString().slice(0, 19);
  return `${local}+08:00`;
}

/** A page of a list answer. */
export function pageOf<T>(list: T[], options: { total?: number; page?: number } = {}) {
  return { list, total: options.total ?? list.length, page: options.page ?? 1, page_size: 10 };
}

export function sampleOrder(patch: Partial<SampleOrder> = {}): SampleOrder {
  return {
    id: 11,
    order_no: 'CC202608151030000011',
    class_id: 3,
    class_name: '少儿国画启蒙班',
    cover_url: 'class/3.svg',
    contact_id: 5,
    contact_name: '张小明',
    subscriber_count: 1,
    amount: 1800,
    status: orderStatus.values.paid,
    created_at: '2026-08-15T10:30:00+08:00',
    pay_deadline: '2026-08-15T11:00:00+08:00',
    pay_time: '2026-08-15T10:33:00+08:00',
    can_cancel: false,
    can_pay: false,
    can_refund: true,
    can_invoice: true,
    ...patch,
  };
}

/** An unpaid order whose window ends in 20 minutes (the browser's clock: countdowns use it). */
export function unpaidOrder(patch: Partial<SampleOrder> = {}): SampleOrder {
  const now = Date.now();
  return sampleOrder({
    id: 12,
    order_no: 'CC202612051000000012',
    class_id: 4,
    class_name: '中国舞寒假集训营',
    status: orderStatus.values.unpaid,
    created_at: beijingIso(now - 10 * 60_000),
    pay_deadline: beijingIso(now + 20 * 60_000),
    pay_time: null,
    can_cancel: true,
    can_pay: true,
    can_refund: false,
    can_invoice: false,
    amount: 1300,
    ...patch,
  });
}

export function sampleSupplyFee(patch: Partial<SampleSupplyFee> = {}): SampleSupplyFee {
  return {
    id: 21,
    order_id: 11,
    order_no: 'CC202608151030000011',
    class_name: '少儿国画启蒙班',
    contact_name: '张小明',
    title: '画材费（宣纸、墨汁）',
    amount: 180,
    status: supplyFeeStatus.values.unpaid,
    created_at: '2026-12-03T15:00:00+08:00',
    deadline: '2026-12-10T23:59:00+08:00',
    pay_time: null,
    ...patch,
  };
}

export function sampleOrderDetail(patch: Partial<SampleOrderDetail> = {}): SampleOrderDetail {
  return {
    ...sampleOrder(),
    sign_up_id: 31,
    class_term: '2026-2027学年第一学期',
    class_schedule: '每周日 14:00-15:30，共16次',
    class_address: '西城总部 · 北京市西城区平安里西大街1号',
    session_count: 16,
    held_sessions: 12,
    pay_type: payType.values.wechat,
    trade_no: 'T2026081510314000011',
    paid_amount: 1800,
    refunded_amount: 0,
    supply_fees: [],
    refunds: [],
    invoice: null,
    cancelled_at: null,
    closed_at: null,
    ...patch,
  };
}

export function sampleRefund(patch: Partial<SampleOrderDetail['refunds'][number]> = {}): SampleOrderDetail['refunds'][number] {
  return {
    id: 41,
    refund_no: 'RF2026102000000041',
    order_id: 11,
    order_no: 'CC202608151030000011',
    class_name: '少儿国画启蒙班',
    contact_name: '张小明',
    amount: 450,
    status: refundStatus.values.rejected,
    reason: '孩子身体原因需暂停上课',
    sessions_refunded: 4,
    applied_at: '2026-11-20T09:00:00+08:00',
    finished_at: '2026-11-21T10:00:00+08:00',
    reject_reason: '请补充医院证明后重新申请',
    ...patch,
  };
}

export function sampleInvoice(patch: Partial<NonNullable<SampleOrderDetail['invoice']>> = {}): NonNullable<SampleOrderDetail['invoice']> {
  return {
    id: 51,
    order_id: 11,
    order_no: 'CC202608151030000011',
    status: invoiceStatus.values.issued,
    title_type: invoiceTitleType.values.personal,
    title: '张伟',
    tax_number: null,
    amount: 1800,
    invoice_kind: invoiceKind.values.electronic,
    email: 'zhangwei@example.com',
    mail_info: null,
    invoice_no: '26110000000000000051',
    file_url: 'invoice/51.pdf',
    express_no: null,
    applied_at: '2026-09-01T20:00:00+08:00',
    issued_at: '2026-09-02T10:00:00+08:00',
    ...patch,
  };
}

export function sampleSignUp(patch: Partial<SampleSignUp> = {}): SampleSignUp {
  return {
    id: 31,
    class_id: 3,
    class_name: '少儿国画启蒙班',
    cover_url: 'class/3.svg',
    admission_kind: admissionKind.values.firstCome,
    contact_id: 5,
    contact_name: '张小明',
    status: signUpStatus.values.awaitingOrder,
    fee: 1800,
    order_id: null,
    created_at: '2026-12-05T09:40:00+08:00',
    result_at: null,
    remark: '请尽快下单，下单后名额为您保留30分钟，名额先到先得',
    ...patch,
  };
}

export function sampleMyClass(patch: Partial<SampleMyClass> = {}): SampleMyClass {
  return {
    order_id: 11,
    class: sampleCard({ id: 3, name: '少儿国画启蒙班', session_count: 16, weekdays: [7], start_time: '14:00', end_time: '15:30' }),
    contact_id: 5,
    contact_name: '张小明',
    held_sessions: 12,
    next_session_at: '2026-12-06T14:00:00+08:00',
    classroom: '美术楼201',
    ...patch,
  };
}
