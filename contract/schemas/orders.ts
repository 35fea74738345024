/** Sign-ups, orders, payments, supplementary fees, refunds and invoices (all the project's design). */
import { z } from '../zod.ts';
import { assumed, assumedObject } from '../core.ts';
import { admissionKind, classType, invoiceKind, invoiceStatus, invoiceTitleType, orderStatus, paymentStatus, payType, refundStatus, signUpStatus, supplyFeeStatus } from '../enums.ts';
import { dateTime, fileUrl, id, money, payUrl } from './common.ts';

export const signUpSchema = assumedObject({
  id,
  class_id: id,
  class_name: z.string(),
  cover_url: fileUrl,
  admission_kind: admissionKind.schema,
  contact_id: id,
  contact_name: z.string(),
  status: signUpStatus.schema,
  fee: money,
  order_id: id.nullable().meta({ description: 'the live order, once placed' }),
  created_at: dateTime,
  result_at: dateTime.nullable().meta({ description: 'when the lottery is drawn or the interview result is due' }),
  order_deadline: dateTime.nullable().meta({
    description: 'when a sign-up waiting for an order (待下单, 已录取) lapses unless ordered; null in every other state',
  }),
  remark: z.string().nullable().meta({ description: 'what happens next, in Chinese' }),
});

export const orderSummarySchema = assumedObject({
  id,
  order_no: z.string().meta({ description: '订单号, e.g. CC202609011000000123' }),
  class_id: id,
  class_name: z.string().meta({ description: 'course title' }),
  class_type: classType.schema.meta({ description: 'course badge (regular, holiday, activity…): which refund and detail calls apply' }),
  admission_kind: admissionKind.schema,
  cover_url: fileUrl,
  contact_id: id,
  contact_name: z.string(),
  subscriber_count: z.number().int().positive().meta({ description: 'children on the order (报名人数)' }),
  amount: money,
  status: orderStatus.schema,
  created_at: dateTime,
  pay_deadline: dateTime.meta({ description: 'end of the payment window of an unpaid order' }),
  pay_time: dateTime.nullable(),
  can_cancel: z.boolean(),
  can_pay: z.boolean(),
  can_refund: z.boolean(),
  can_invoice: z.boolean(),
});

export const supplyFeeSchema = assumedObject({
  id,
  order_id: id,
  order_no: z.string(),
  class_name: z.string(),
  contact_name: z.string(),
  title: z.string().meta({ description: 'what is charged, e.g. 教材费' }),
  amount: money,
  status: supplyFeeStatus.schema,
  created_at: dateTime,
  deadline: dateTime,
  pay_time: dateTime.nullable(),
});

export const refundSchema = assumedObject({
  id,
  refund_no: z.string(),
  order_id: id,
  order_no: z.string(),
  class_name: z.string(),
  contact_name: z.string(),
  amount: money,
  status: refundStatus.schema,
  reason: z.string(),
  sessions_refunded: z.number().int().nonnegative(),
  applied_at: dateTime,
  finished_at: dateTime.nullable(),
  reject_reason: z.string().nullable(),
});

/**
 * One row of my_refund_list (the project's own call, decision 033): a refund and what the refund
 * records page shows of its order, so the page needs no order_detail per order.
 */
export const refundRecordSchema = assumed(
  refundSchema.extend(
    assumedObject({
      order_status: orderStatus.schema.meta({ description: 'the order’s status now' }),
      order_paid_amount: money.meta({ description: 'tuition paid on the order (its paid_amount)' }),
      class_type: classType.schema.meta({ description: 'the course badge: an activity’s refund is read with activity_refund_detail' }),
    }).shape,
  ),
);

export const mailInfoSchema = assumedObject({
  id,
  receiver: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  postcode: z.string().nullable(),
});

export const invoiceSchema = assumedObject({
  id,
  order_id: id,
  order_no: z.string(),
  status: invoiceStatus.schema,
  title_type: invoiceTitleType.schema,
  title: z.string(),
  tax_number: z.string().nullable(),
  amount: money,
  invoice_kind: invoiceKind.schema,
  email: z.string().nullable(),
  mail_info: mailInfoSchema.nullable(),
  invoice_no: z.string().nullable(),
  file_url: fileUrl.nullable().meta({ description: 'the electronic invoice (PDF) once issued' }),
  express_no: z.string().nullable().meta({ description: 'tracking number of a mailed invoice' }),
  applied_at: dateTime,
  issued_at: dateTime.nullable(),
});

export const orderDetailSchema = assumed(
  orderSummarySchema.extend(
    assumedObject({
      sign_up_id: id,
      class_term: z.string(),
      class_schedule: z.string().meta({ description: 'e.g. 每周六 09:00-10:30，共16次' }),
      class_address: z.string(),
      session_count: z.number().int().positive(),
      held_sessions: z.number().int().nonnegative().meta({ description: 'sessions already held on the mock clock' }),
      pay_type: payType.schema.nullable(),
      trade_no: z.string().nullable(),
      paid_amount: money.meta({ description: 'tuition paid' }),
      refunded_amount: money.meta({ description: 'refunds finished' }),
      kept_amount: money.meta({ description: 'tuition and supplementary fees paid, less refunds finished: what the order’s invoice covers' }),
      supply_fees: z.array(supplyFeeSchema),
      refunds: z.array(refundSchema),
      invoice: invoiceSchema.nullable(),
      cancelled_at: dateTime.nullable(),
      closed_at: dateTime.nullable(),
    }).shape,
  ),
);

/** What pay_sign_up and pay_supply_fee answer: a trade to pay by scanning the QR of pay_url. */
export const tradeSchema = assumedObject({
  trade_no: z.string(),
  pay_url: payUrl.meta({ description: 'the payment address shown as a QR code' }),
  pay_type: payType.schema,
  amount: money,
  expire_at: dateTime,
});

export const payStatusSchema = assumedObject({
  trade_no: z.string(),
  status: paymentStatus.schema,
  paid_at: dateTime.nullable(),
  fail_reason: z.string().nullable(),
});

export const refundPreviewSchema = assumedObject({
  paid_amount: money.meta({ description: 'tuition paid plus supplementary fees paid' }),
  refunded_amount: money,
  refundable_amount: money.meta({ description: 'what apply_refund would return now' }),
  session_count: z.number().int().positive(),
  held_sessions: z.number().int().nonnegative(),
  remaining_sessions: z.number().int().nonnegative(),
  per_session_fee: money,
  is_full: z.boolean().meta({ description: 'true before the first session: everything comes back' }),
  rule: z.string().meta({ description: 'the rule applied, in Chinese' }),
});

/** The payment websocket's message (the design brief: the result arrives by websocket and by polling). */
export const payWsMessageSchema = assumedObject({
  type: z.literal('pay_status'),
  trade_no: z.string(),
  order_id: id.nullable(),
  supply_fee_id: id.nullable(),
  status: paymentStatus.schema,
});
