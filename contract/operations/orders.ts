/** Spec §7, 'Collections' and 'Sign-up, orders and payment'. */
import { z } from '../zod.ts';
import { assumed, assumedObject, defineOperation } from '../core.ts';
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

export const collectionOperations = {
  add_my_collection: defineOperation('add_my_collection', {
    name: 'add_my_collection', method: 'POST', path: 'add_my_collection', domain: 'collections', auth: true,
    summary: 'Collects a class.',
    body: assumedObject({ class_id: id, type: collectionType.schema }),
    response: assumedObject({ id }),
  }),
  judge_whether_collection: defineOperation('judge_whether_collection', {
    name: 'judge_whether_collection', method: 'GET', path: 'judge_whether_collection/{id}', domain: 'collections', auth: true,
    summary: 'Whether the parent has collected the class {id}.',
    pathParams: idParam,
    response: assumedObject({ is_collection: z.boolean(), collection_id: id.nullable() }),
  }),
  get_collection_type: defineOperation('get_collection_type', {
    name: 'get_collection_type', method: 'GET', path: 'get_collection_type', domain: 'collections', auth: false,
    summary: 'The kinds of collection (tabs of the collection page).',
    response: choicesOf(collectionType.schema),
  }),
  get_my_collection: defineOperation('get_my_collection', {
    name: 'get_my_collection', method: 'GET', path: 'get_my_collection/{type}', domain: 'collections', auth: true,
    summary: 'The parent’s collected classes of one kind.',
    pathParams: z.object({ type: collectionType.schema }),
    query: z.object({ ...pageQuery }),
    response: pageOf(assumedObject({ id, type: collectionType.schema, created_at: dateTime, class: classCardSchema })),
  }),
  delete_my_collection: defineOperation('delete_my_collection', {
    name: 'delete_my_collection', method: 'DELETE', path: 'delete_my_collection/{id}', domain: 'collections', auth: true,
    summary: 'Removes a collection by its id.',
    pathParams: idParam,
    response: nothing,
  }),
};

const payStatusQuery = { trade_no: z.string().min(1) };

export const orderOperations = {
  get_sign_up_fee: defineOperation('get_sign_up_fee', {
    name: 'get_sign_up_fee', method: 'GET', path: 'get_sign_up_fee', domain: 'orders', auth: true,
    summary: 'What signing the child up for the class costs.',
    query: classAndContact,
    response: assumedObject({ tuition_fee: money, material_fee: money, total_fee: money }),
  }),
  check_class_time_conflict: defineOperation('check_class_time_conflict', {
    name: 'check_class_time_conflict', method: 'GET', path: 'check_class_time_conflict', domain: 'orders', auth: true,
    client: 'fresh',
    summary: 'Whether the class overlaps a class the child already has.',
    query: classAndContact,
    response: assumedObject({
      is_conflict: z.boolean(),
      conflicts: z.array(z.object({ class_id: id, class_name: z.string(), schedule: z.string() })),
    }),
  }),
  sign_up_post: defineOperation('sign_up_post', {
    name: 'sign_up', method: 'POST', path: 'sign_up', domain: 'orders', auth: true,
    summary: 'Signs a child up. First-come and 秒杀 go on to place_order; lottery and interview wait in a pending state.',
    body: assumedObject({ class_id: id, contact_id: id, agree_rules: z.literal(true, '请先阅读并同意报名须知') }),
    response: signUpSchema,
  }),
  sign_up_list: defineOperation('sign_up_list', {
    name: 'sign_up_list', method: 'GET', path: 'sign_up_list', domain: 'orders', auth: true,
    summary: 'The parent’s sign-ups (class bookings), newest first.',
    query: assumedObject({ status: signUpStatus.schema.optional(), contact_id: id.optional(), ...pageQuery }),
    response: pageOf(signUpSchema),
  }),
  sign_up_get: defineOperation('sign_up_get', {
    name: 'sign_up', method: 'GET', path: 'sign_up/{id}', domain: 'orders', auth: true,
    client: 'fresh',
    summary: 'One sign-up (to follow a pending lottery or interview).',
    pathParams: idParam,
    response: signUpSchema,
  }),
  place_order: defineOperation('place_order', {
    name: 'place_order', method: 'POST', path: 'place_order', domain: 'orders', auth: true,
    summary: 'Turns a sign-up into an unpaid order that holds the seat for the payment window.',
    body: assumedObject({ sign_up_id: id }),
    response: assumedObject({ order_id: id, order_no: z.string(), amount: money, pay_deadline: dateTime }),
  }),
  cancel_sign_up: defineOperation('cancel_sign_up', {
    name: 'cancel_sign_up', method: 'POST', path: 'cancel_sign_up/{id}', domain: 'orders', auth: true,
    summary: 'Cancels a sign-up that has no paid order.',
    pathParams: idParam,
    body: assumedObject({ reason: z.string().trim().max(200).optional() }),
    response: nothing,
  }),
  cancel_sign_up_count: defineOperation('cancel_sign_up_count', {
    name: 'cancel_sign_up_count', method: 'GET', path: 'cancel_sign_up_count', domain: 'orders', auth: true,
    summary: 'How often this child has cancelled a sign-up for this class, and the limit.',
    query: classAndContact,
    response: assumedObject({ count: z.number().int().nonnegative(), limit: z.number().int().positive() }),
  }),
  order_list: defineOperation('order_list', {
    name: 'order_list', method: 'GET', path: 'order_list', domain: 'orders', auth: true,
    summary: 'The parent’s orders, newest first, filtered by the status tabs.',
    query: assumedObject({ status: orderStatus.schema.optional(), ...pageQuery }),
    response: pageOf(orderSummarySchema),
  }),
  specific_order_list: defineOperation('specific_order_list', {
    name: 'specific_order_list', method: 'GET', path: 'specific_order_list', domain: 'orders', auth: true,
    summary: 'Orders of one child, optionally for one class (the class grade page).',
    query: assumedObject({ contact_id: id, class_id: id.optional(), ...pageQuery }),
    response: pageOf(orderSummarySchema),
  }),
  my_supply_fee_list: defineOperation('my_supply_fee_list', {
    name: 'my_supply_fee_list', method: 'GET', path: 'my_supply_fee_list', domain: 'orders', auth: true,
    summary: 'Supplementary fees charged on the parent’s orders.',
    query: assumedObject({ status: supplyFeeStatus.schema.optional(), ...pageQuery }),
    response: pageOf(supplyFeeSchema),
  }),
  cancel_order: defineOperation('cancel_order', {
    name: 'cancel_order', method: 'POST', path: 'cancel_order/{id}', domain: 'orders', auth: true,
    summary: 'Cancels an unpaid order; its seat returns.',
    pathParams: idParam,
    body: assumedObject({}),
    response: nothing,
  }),
  order_detail: defineOperation('order_detail', {
    name: 'order_detail', method: 'GET', path: 'order_detail/{id}', domain: 'orders', auth: true,
    client: 'fresh',
    summary: 'One order in full, with its fees, refunds and invoice.',
    pathParams: idParam,
    response: orderDetailSchema,
  }),
  pay_type_choose: defineOperation('pay_type_choose', {
    name: 'pay_type_choose', method: 'GET', path: 'pay_type_choose', domain: 'orders', auth: false,
    summary: 'The ways to pay.',
    response: choicesOf(payType.schema),
  }),
  pay_sign_up: defineOperation('pay_sign_up', {
    name: 'pay_sign_up', method: 'POST', path: 'pay_sign_up', domain: 'orders', auth: true,
    summary: 'Starts paying an unpaid order: a trade number and a pay address. A paid order cannot be paid again.',
    body: assumedObject({ order_id: id, pay_type: payType.schema }),
    response: tradeSchema,
  }),
  pay_supply_fee: defineOperation('pay_supply_fee', {
    name: 'pay_supply_fee', method: 'POST', path: 'pay_supply_fee', domain: 'orders', auth: true,
    summary: 'Starts paying a supplementary fee.',
    body: assumedObject({ supply_fee_id: id, pay_type: payType.schema }),
    response: tradeSchema,
  }),
  my_class: defineOperation('my_class', {
    name: 'my_class', method: 'GET', path: 'my_class', domain: 'orders', auth: true,
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
  }),
  get_pay_status: defineOperation('get_pay_status', {
    name: 'get_pay_status', method: 'GET', path: 'get_pay_status', domain: 'orders', auth: true,
    client: 'fresh',
    summary: 'The state of a trade of an order (polled while the QR is shown).',
    query: z.object({ ...payStatusQuery, order_id: id }),
    response: payStatusSchema,
  }),
  query_supply_fee_pay_status: defineOperation('query_supply_fee_pay_status', {
    name: 'query_supply_fee_pay_status', method: 'GET', path: 'query_supply_fee_pay_status', domain: 'orders', auth: true,
    client: 'fresh',
    summary: 'The state of a trade of a supplementary fee.',
    query: z.object({ supply_fee_id: id, ...payStatusQuery }),
    response: payStatusSchema,
  }),
  query_order_pay_status: defineOperation('query_order_pay_status', {
    name: 'query_order_pay_status', method: 'GET', path: 'query_order_pay_status/{id}', domain: 'orders', auth: true,
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
  }),
};
