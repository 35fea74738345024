/** Spec §7, 'Collections' and 'Sign-up, orders and payment'. */
import { z } from '../zod.ts';
import { assumed, assumedObject, defineOperations } from '../core.ts';
import { collectionType, orderStatus, payType, signUpStatus, supplyFeeStatus } from '../enums.ts';
import { classCardSchema } from '../schemas/classes.ts';
import { choicesOf, dateTime, id, money, nothing, pageOf, pageQuery } from '../schemas/common.ts';
import {
  orderDetailSchema,
  orderSummarySchema,
  payStatusSchema,
  signUpSchema,
  supplyFeeSchema,
  tradeSchema,
} from '../schemas/orders.ts';

const idParam = z.object({ id });
const classAndContact = z.object({ class_id: id, contact_id: id });

export const collectionOperations = defineOperations('collections', () => ({
  add_my_collection: {
    method: 'POST', auth: true,
    summary: 'Collects a class.',
    body: assumedObject({ class_id: id, type: collectionType.schema }),
    response: assumedObject({ id }),
    errors: ['alreadyCollected', 'notFound'],
  },
  judge_whether_collection: {
    method: 'GET', auth: true,
    summary: 'Whether the parent has collected the class {id}.',
    pathParams: idParam,
    response: assumedObject({ is_collection: z.boolean(), collection_id: id.nullable() }),
    errors: ['notFound'],
  },
  get_collection_type: {
    method: 'GET', auth: false,
    summary: 'The kinds of collection (tabs of the collection page).',
    response: choicesOf(collectionType.schema),
    errors: [],
  },
  get_my_collection: {
    method: 'GET', auth: true,
    summary: 'The parent’s collected classes of one kind.',
    pathParams: z.object({ type: collectionType.schema }),
    query: z.object({ ...pageQuery }),
    response: pageOf(assumedObject({ id, type: collectionType.schema, created_at: dateTime, class: classCardSchema })),
    errors: [],
  },
  delete_my_collection: {
    method: 'DELETE', auth: true,
    summary: 'Removes a collection by its id.',
    pathParams: idParam,
    response: nothing,
    errors: ['notFound'],
  },
}));

const payStatusQuery = { trade_no: z.string().min(1).max(64) };

export const orderOperations = defineOperations('orders', () => ({
  get_sign_up_fee: {
    method: 'GET', auth: true,
    summary: 'What signing the child up for the class costs.',
    query: classAndContact,
    response: assumedObject({ tuition_fee: money, material_fee: money, total_fee: money }),
    errors: ['notFound'],
  },
  check_class_time_conflict: {
    method: 'GET', auth: true,
    client: 'fresh',
    summary: 'Whether the class overlaps a class the child already has.',
    query: classAndContact,
    response: assumedObject({
      is_conflict: z.boolean(),
      conflicts: z.array(z.object({ class_id: id, class_name: z.string(), schedule: z.string() })),
    }),
    errors: ['notFound'],
  },
  sign_up_post: {
    method: 'POST', auth: true,
    summary: 'Signs a child up. First-come and 秒杀 go on to place_order; lottery and interview wait in a pending state.',
    body: assumedObject({ class_id: id, contact_id: id, agree_rules: z.literal(true, '请先阅读并同意报名须知') }),
    response: signUpSchema,
    errors: ['signUpNotOpen', 'signUpClosed', 'classFull', 'ageNotFit', 'timeConflict', 'alreadySignedUp', 'contactNotPassed', 'cancelLimit', 'notFound'],
  },
  sign_up_list: {
    method: 'GET', auth: true,
    summary: 'The parent’s sign-ups (class bookings), newest first.',
    query: assumedObject({ status: signUpStatus.schema.optional(), contact_id: id.optional(), ...pageQuery }),
    response: pageOf(signUpSchema),
    errors: [],
  },
  sign_up_get: {
    method: 'GET', auth: true,
    client: 'fresh',
    summary: 'One sign-up (to follow a pending lottery or interview).',
    pathParams: idParam,
    response: signUpSchema,
    errors: ['notFound'],
  },
  place_order: {
    method: 'POST', auth: true,
    summary: 'Turns a sign-up into an unpaid order that holds the seat for the payment window.',
    body: assumedObject({ sign_up_id: id }),
    response: assumedObject({ order_id: id, order_no: z.string(), amount: money, pay_deadline: dateTime }),
    errors: ['classFull', 'signUpNotOrderable', 'notFound'],
  },
  cancel_sign_up: {
    method: 'POST', auth: true,
    summary: 'Cancels a sign-up that has no paid order.',
    pathParams: idParam,
    body: assumedObject({ reason: z.string().trim().max(200).optional() }),
    response: nothing,
    errors: ['signUpNotCancellable', 'notFound'],
  },
  cancel_sign_up_count: {
    method: 'GET', auth: true,
    summary: 'How often this child has cancelled a sign-up for this class, and the limit.',
    query: classAndContact,
    response: assumedObject({ count: z.number().int().nonnegative(), limit: z.number().int().positive() }),
    errors: ['notFound'],
  },
  order_list: {
    method: 'GET', auth: true,
    summary: 'The parent’s orders, newest first, filtered by the status tabs (a tab may group several statuses).',
    query: assumedObject({
      status: z.array(orderStatus.schema).max(7).optional().meta({ description: 'any of these statuses (status=5&status=6…); all when left out' }),
      ...pageQuery,
    }),
    response: pageOf(orderSummarySchema),
    errors: [],
  },
  specific_order_list: {
    method: 'GET', auth: true,
    summary: 'Orders of one child, optionally for one class (the class grade page).',
    query: assumedObject({ contact_id: id, class_id: id.optional(), ...pageQuery }),
    response: pageOf(orderSummarySchema),
    errors: ['notFound'],
  },
  my_supply_fee_list: {
    method: 'GET', auth: true,
    summary: 'Supplementary fees charged on the parent’s orders.',
    query: assumedObject({ status: supplyFeeStatus.schema.optional(), ...pageQuery }),
    response: pageOf(supplyFeeSchema),
    errors: [],
  },
  supply_fee_detail: {
    method: 'GET', auth: true,
    summary: 'One of the parent’s supplementary fees (the page that pays it). The project’s own call: spec §7 has none.',
    extension: 'docs/decisions/033-refund-and-fee-reads.md',
    pathParams: idParam,
    response: supplyFeeSchema,
    errors: ['notFound'],
  },
  cancel_order: {
    method: 'POST', auth: true,
    summary: 'Cancels an unpaid order; its seat returns.',
    pathParams: idParam,
    body: assumedObject({}),
    response: nothing,
    errors: ['orderNotCancellable', 'notFound'],
  },
  order_detail: {
    method: 'GET', auth: true,
    client: 'fresh',
    summary: 'One order in full, with its fees, refunds and invoice.',
    pathParams: idParam,
    response: orderDetailSchema,
    errors: ['notFound'],
  },
  pay_type_choose: {
    method: 'GET', auth: false,
    summary: 'The ways to pay.',
    response: choicesOf(payType.schema),
    errors: [],
  },
  pay_sign_up: {
    method: 'POST', auth: true,
    summary: 'Starts paying an unpaid order: a trade number and a pay address. A paid order cannot be paid again.',
    body: assumedObject({ order_id: id, pay_type: payType.schema }),
    response: tradeSchema,
    errors: ['orderNotPayable', 'orderAlreadyPaid', 'notFound'],
  },
  pay_supply_fee: {
    method: 'POST', auth: true,
    summary: 'Starts paying a supplementary fee.',
    body: assumedObject({ supply_fee_id: id, pay_type: payType.schema }),
    response: tradeSchema,
    errors: ['orderNotPayable', 'orderAlreadyPaid', 'notFound'],
  },
  my_class: {
    method: 'GET', auth: true,
    summary: 'Classes the parent’s children are enrolled in (paid orders).',
    query: assumedObject({ contact_id: id.optional(), finished: z.boolean().optional(), ...pageQuery }),
    response: pageOf(
      assumedObject({
        order_id: id,
        class: classCardSchema,
        contact_id: id,
        contact_name: z.string(),
        held_sessions: z.number().int().nonnegative(),
        next_session_at: dateTime.nullable(),
        classroom: z.string(),
      }),
    ),
    errors: [],
  },
  get_pay_status: {
    method: 'GET', auth: true,
    client: 'fresh',
    summary: 'The state of a trade of an order (polled while the QR is shown).',
    query: z.object({ ...payStatusQuery, order_id: id }),
    response: payStatusSchema,
    errors: ['tradeNotFound', 'notFound'],
  },
  query_supply_fee_pay_status: {
    method: 'GET', auth: true,
    client: 'fresh',
    summary: 'The state of a trade of a supplementary fee.',
    query: z.object({ supply_fee_id: id, ...payStatusQuery }),
    response: payStatusSchema,
    errors: ['tradeNotFound', 'notFound'],
  },
  query_order_pay_status: {
    method: 'GET', auth: true,
    client: 'fresh',
    summary: 'Whether an order is paid (for /payLink and /paymentResult).',
    pathParams: idParam,
    response: assumedObject({
      order_id: id,
      status: orderStatus.schema,
      paid: z.boolean(),
      pay_time: dateTime.nullable(),
      amount: money,
      pay_deadline: dateTime,
      last_trade: assumed(payStatusSchema.nullable()),
    }),
    errors: ['notFound'],
  },
}));
