/**
 * Sign-ups, orders, supplementary fees, refunds, invoices and trades as the contract shows them.
 * Records keep ids; names, flags, remarks and counts are worked out here each time, because they
 * change with the clock, with renames and with other tables (refunds, invoices, sessions held).
 *
 *   presentSignUp / presentOrderSummary / presentOrderDetail / presentMyClass
 *   presentSupplyFee / presentRefund / presentRefundRecord / presentInvoice   (after-sale imports the last three)
 *   presentTrade / presentPayStatus
 */
import type { z } from 'zod';
import {
  admissionKind,
  orderStatus,
  signUpStatus,
  fenLeft,
  type invoiceSchema,
  type mailInfoSchema,
  type orderDetailSchema,
  type orderSummarySchema,
  type payStatusSchema,
  type refundRecordSchema,
  type refundSchema,
  type signUpSchema,
  type supplyFeeSchema,
  type tradeSchema,
} from '#contract/index';
import { drawTimeOf, interviewResultTimeOf, interviewTimeOf, orderDeadlineOf, sessionStart, toFen } from '#fixtures/rules';
import { fromIso, toIso } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { MockState } from '../core/state.ts';
import { invoiceEligibility, latestInvoiceOf } from '../rules/invoices.ts';
import { payUrlOf } from '../rules/payments.ts';
import { orderMoney, refundCheck, refundsOf } from '../rules/refunds.ts';
import { describeSchedule, heldSessionCount, monthDayTime, nextSessionOf, sessionsOfClass } from '../rules/sign-up.ts';
import { presentClassCard, type ClassCard } from './classes.ts';

export type SignUpView = z.output<typeof signUpSchema>;
export type OrderSummaryView = z.output<typeof orderSummarySchema>;
export type OrderDetailView = z.output<typeof orderDetailSchema>;
export type SupplyFeeView = z.output<typeof supplyFeeSchema>;
export type RefundView = z.output<typeof refundSchema>;
export type RefundRecordView = z.output<typeof refundRecordSchema>;
export type InvoiceView = z.output<typeof invoiceSchema>;
export type MailInfoView = z.output<typeof mailInfoSchema>;
export type TradeView = z.output<typeof tradeSchema>;
export type PayStatusView = z.output<typeof payStatusSchema>;
export interface MyClassView {
  order_id: number;
  class: ClassCard;
  contact_id: number;
  contact_name: string;
  held_sessions: number;
  next_session_at: string | null;
  classroom: string;
}

/** A record pointing at a missing class is broken data, not a parent's mistake: fail loudly. */
function classOf(state: MockState, classId: number): Row<'classes'> {
  return state.db.classes.findFirst((q) => q.where({ id: classId }), { strict: true });
}

/** A deleted child keeps its name on its history. */
function contactName(state: MockState, contactId: number): string {
  return state.db.contacts.findFirst((q) => q.where({ id: contactId }))?.name ?? '';
}

function orderOf(state: MockState, orderId: number): Row<'orders'> {
  return state.db.orders.findFirst((q) => q.where({ id: orderId }), { strict: true });
}

/** What rows hanging off an order show of it. */
function orderContext(state: MockState, orderId: number) {
  const order = orderOf(state, orderId);
  return { order_no: order.order_no, class_name: classOf(state, order.class_id).name, contact_name: contactName(state, order.contact_id) };
}

// ---------------------------------------------------------------- sign-ups

/** What happens next, in the parent's words. */
export function signUpRemark(state: MockState, row: Row<'signUps'>, klass: Row<'classes'>): string {
  const lottery = klass.admission_kind === admissionKind.values.lottery;
  const rank = row.rank === null ? '' : `排名第${row.rank}位，`;
  const deadline = orderDeadlineOf(row, klass);
  const orderBy = deadline ? `请于${monthDayTime(toIso(deadline.at))}前下单` : '请尽快下单';
  const order = row.order_id === null ? undefined : state.db.orders.findFirst((q) => q.where({ id: row.order_id! }));
  switch (row.status) {
    case signUpStatus.values.awaitingOrder:
      return `${orderBy}，下单后名额为您保留${klass.pay_window_minutes}分钟，名额先到先得`;
    case signUpStatus.values.lotteryPending:
      return `将于${monthDayTime(drawTimeOf(klass))}摇号，按随机排序录取至名额满，结果将以站内消息通知`;
    case signUpStatus.values.interviewPending:
      return `面试时间${monthDayTime(interviewTimeOf(klass))}，结果将于${monthDayTime(interviewResultTimeOf(klass))}公布并以站内消息通知`;
    case signUpStatus.values.admitted:
      return lottery ? `摇号${rank}已录取，${orderBy}并完成支付` : `面试通过，已录取，${orderBy}并完成支付`;
    case signUpStatus.values.notAdmitted:
      return lottery ? `摇号${rank}名额已满，未录取` : '名额已满，未录取';
    case signUpStatus.values.ordered:
      return order ? `已下单，请于${monthDayTime(order.pay_deadline)}前完成支付` : '已下单，请完成支付';
    case signUpStatus.values.enrolled:
      return order?.status === orderStatus.values.refunding ? '退费申请处理中，退费完成后将退出该班' : '报名成功，请按时上课';
    case signUpStatus.values.refunded:
      return '已全额退费，名额已释放';
    case signUpStatus.values.withdrawn:
      return '已按未上课次数退费，已退出该班，名额已释放';
    default:
      return row.cancel_reason ?? '报名已取消';
  }
}

export function presentSignUp(state: MockState, row: Row<'signUps'>): SignUpView {
  const klass = classOf(state, row.class_id);
  return {
    id: row.id,
    class_id: klass.id,
    class_name: klass.name,
    cover_url: klass.cover_url,
    admission_kind: klass.admission_kind,
    contact_id: row.contact_id,
    contact_name: contactName(state, row.contact_id),
    status: row.status,
    fee: toFen(klass.fee),
    order_id: row.order_id,
    created_at: row.created_at,
    result_at: row.result_at,
    order_deadline: ((d) => (d ? toIso(d.at) : null))(orderDeadlineOf(row, klass)),
    remark: signUpRemark(state, row, klass),
  };
}

// ---------------------------------------------------------------- orders

export function presentOrderSummary(state: MockState, order: Row<'orders'>): OrderSummaryView {
  const klass = classOf(state, order.class_id);
  const unpaid = order.status === orderStatus.values.unpaid;
  return {
    id: order.id,
    order_no: order.order_no,
    class_id: klass.id,
    class_name: klass.name,
    class_type: klass.class_type,
    admission_kind: klass.admission_kind,
    cover_url: klass.cover_url,
    contact_id: order.contact_id,
    contact_name: contactName(state, order.contact_id),
    // One child per order: sign-ups are per child.
    subscriber_count: 1,
    amount: toFen(order.amount),
    status: order.status,
    created_at: order.created_at,
    pay_deadline: order.pay_deadline,
    pay_time: order.pay_time,
    can_cancel: unpaid,
    can_pay: unpaid && state.now() < fromIso(order.pay_deadline),
    // Paid or partially refunded, no refund running, and money left to return (rules/refunds.ts).
    can_refund: refundCheck(state, order).refusal === null,
    can_invoice: invoiceEligibility(state, order).ok,
  };
}

export function presentOrderDetail(state: MockState, order: Row<'orders'>): OrderDetailView {
  const klass = classOf(state, order.class_id);
  const fees = state.db.supplyFees.findMany((q) => q.where({ order_id: order.id })).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  // One invoice per order; after a rejected one the newest application is the one that counts.
  const invoice = latestInvoiceOf(state, order.id);
  const refunds = refundsOf(state, order.id).sort((a, b) => a.applied_at.localeCompare(b.applied_at) || a.id - b.id);
  return {
    ...presentOrderSummary(state, order),
    sign_up_id: order.sign_up_id,
    class_term: klass.term,
    class_schedule: describeSchedule(klass),
    class_address: klass.address,
    session_count: klass.session_count,
    held_sessions: heldSessionCount(state, klass.id),
    pay_type: order.pay_type,
    trade_no: order.trade_no,
    paid_amount: toFen(order.paid_amount),
    refunded_amount: toFen(order.refunded_amount),
    kept_amount: fenLeft(orderMoney(state, order).paidFen, toFen(order.refunded_amount)),
    supply_fees: fees.map((f) => presentSupplyFee(state, f)),
    refunds: refunds.map((r) => presentRefund(state, r)),
    invoice: invoice ? presentInvoice(state, invoice) : null,
    cancelled_at: order.cancelled_at,
    closed_at: order.closed_at,
  };
}

/** A class the child attends (a paid or refunding order), with how far it has got. */
export function presentMyClass(state: MockState, order: Row<'orders'>): MyClassView {
  const klass = classOf(state, order.class_id);
  const next = nextSessionOf(state, klass.id);
  return {
    order_id: order.id,
    class: presentClassCard(state, klass),
    contact_id: order.contact_id,
    contact_name: contactName(state, order.contact_id),
    held_sessions: heldSessionCount(state, klass.id),
    next_session_at: next ? toIso(sessionStart(next)) : null,
    classroom: next?.classroom ?? klass.classroom,
  };
}

/** Every session of the class is over. */
export function classFinished(state: MockState, classId: number): boolean {
  return heldSessionCount(state, classId) >= sessionsOfClass(state, classId).length;
}

// ---------------------------------------------------------------- fees, refunds, invoices

export function presentSupplyFee(state: MockState, row: Row<'supplyFees'>): SupplyFeeView {
  return {
    id: row.id,
    order_id: row.order_id,
    ...orderContext(state, row.order_id),
    title: row.title,
    amount: toFen(row.amount),
    status: row.status,
    created_at: row.created_at,
    deadline: row.deadline,
    pay_time: row.pay_time,
  };
}

export function presentRefund(state: MockState, row: Row<'refunds'>): RefundView {
  return {
    id: row.id,
    refund_no: row.refund_no,
    order_id: row.order_id,
    ...orderContext(state, row.order_id),
    amount: toFen(row.amount),
    status: row.status,
    reason: row.reason,
    sessions_refunded: row.sessions_refunded,
    applied_at: row.applied_at,
    finished_at: row.finished_at,
    reject_reason: row.reject_reason,
  };
}

/** A row of my_refund_list: the refund, and its order's status, tuition paid and course badge. */
export function presentRefundRecord(state: MockState, row: Row<'refunds'>): RefundRecordView {
  const order = orderOf(state, row.order_id);
  return {
    ...presentRefund(state, row),
    order_status: order.status,
    order_paid_amount: toFen(order.paid_amount),
    class_type: classOf(state, order.class_id).class_type,
  };
}

function presentMailInfo(row: Row<'mailInfos'>): MailInfoView {
  return {
    id: row.id,
    receiver: row.receiver,
    phone: row.phone,
    province: row.province,
    city: row.city,
    district: row.district,
    address: row.address,
    postcode: row.postcode,
  };
}

export function presentInvoice(state: MockState, row: Row<'invoices'>): InvoiceView {
  const mail = row.mail_info_id === null ? undefined : state.db.mailInfos.findFirst((q) => q.where({ id: row.mail_info_id! }));
  return {
    id: row.id,
    order_id: row.order_id,
    order_no: orderOf(state, row.order_id).order_no,
    status: row.status,
    title_type: row.title_type,
    title: row.title,
    tax_number: row.tax_number,
    amount: toFen(row.amount),
    invoice_kind: row.invoice_kind,
    email: row.email,
    mail_info: mail ? presentMailInfo(mail) : null,
    invoice_no: row.invoice_no,
    file_url: row.file_url,
    express_no: row.express_no,
    applied_at: row.applied_at,
    issued_at: row.issued_at,
  };
}

// ---------------------------------------------------------------- trades

export function presentTrade(trade: Row<'trades'>): TradeView {
  return { trade_no: trade.trade_no, pay_url: payUrlOf(trade), pay_type: trade.pay_type, amount: toFen(trade.amount), expire_at: trade.expire_at };
}

export function presentPayStatus(trade: Row<'trades'>): PayStatusView {
  return { trade_no: trade.trade_no, status: trade.status, paid_at: trade.paid_at, fail_reason: trade.fail_reason };
}
