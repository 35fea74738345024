/**
 * Sample orders, refunds and previews for component tests (never imported by the app), typed by
 * the contract so they cannot drift from it.
 */
import type { z } from 'zod';
import { orderStatus, refundStatus, type operations } from '#contract/index';

type Data<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;
export type SampleOrder = Data<'order_list'>['list'][number];
export type SampleOrderDetail = Data<'order_detail'>;
export type SampleRefund = SampleOrderDetail['refunds'][number];
export type SamplePreview = Data<'preview_refund_fee'>;

export function sampleOrder(patch: Partial<SampleOrder> = {}): SampleOrder {
  return {
    id: 7,
    order_no: 'CC202608151005000007',
    class_id: 3,
    class_name: '少儿国画启蒙班',
    class_type: 1,
    admission_kind: 1,
    cover_url: 'class/3.svg',
    contact_id: 5,
    contact_name: '王小明',
    subscriber_count: 1,
    amount: 1600,
    status: orderStatus.values.paid,
    created_at: '2026-08-15T10:05:00+08:00',
    pay_deadline: '2026-08-15T10:35:00+08:00',
    pay_time: '2026-08-15T10:08:00+08:00',
    can_cancel: false,
    can_pay: false,
    can_refund: true,
    can_invoice: true,
    ...patch,
  };
}

export function sampleRefund(patch: Partial<SampleRefund> = {}): SampleRefund {
  return {
    id: 31,
    refund_no: 'RF2026120500000031',
    order_id: 7,
    order_no: 'CC202608151005000007',
    class_name: '少儿国画启蒙班',
    contact_name: '王小明',
    amount: 400,
    status: refundStatus.values.applying,
    reason: '孩子时间安排冲突',
    sessions_refunded: 4,
    applied_at: '2026-12-05T09:40:00+08:00',
    finished_at: null,
    reject_reason: null,
    ...patch,
  };
}

export function sampleOrderDetail(patch: Partial<SampleOrderDetail> = {}): SampleOrderDetail {
  const summary = sampleOrder(patch);
  return {
    ...summary,
    sign_up_id: 11,
    class_term: '2026年秋季',
    class_schedule: '每周日 14:00-15:30，共16次',
    class_address: '西城总部 美术楼201',
    session_count: 16,
    held_sessions: 12,
    pay_type: 1,
    trade_no: 'T2026081510080007',
    paid_amount: 1600,
    refunded_amount: 0,
    kept_amount: 1600,
    supply_fees: [],
    refunds: [],
    invoice: null,
    cancelled_at: null,
    closed_at: null,
    ...patch,
  };
}

export function samplePreview(patch: Partial<SamplePreview> = {}): SamplePreview {
  return {
    paid_amount: 1600,
    refunded_amount: 0,
    refundable_amount: 400,
    session_count: 16,
    held_sessions: 12,
    remaining_sessions: 4,
    per_session_fee: 100,
    is_full: false,
    rule: '已开课12次：按未上课的4次课退还学费（每次100.00元），补缴费用不予退还',
    ...patch,
  };
}

export const orderPage = (list: SampleOrder[]) => ({ list, total: list.length, page: 1, page_size: 100 });
