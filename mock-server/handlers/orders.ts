/**
 * Sign-up, orders and payment (spec §7). The rules live in mock-server/rules/ (sign-up
 * checks, seats, lottery, payments, time rules) and the shapes in mock-server/views/orders.ts;
 * handlers check first and mutate after, since a refusal restores the tables anyway.
 */
import { orderStatus, payType, signUpStatus, supplyFeeStatus, asFen, type ValueOf } from '#contract/index';
import { ORDER_LAPSED_REASONS, PARENT_CANCEL_ORDER_REASON, PARENT_CANCEL_SIGN_UP_REASON, orderDeadlineOf, orderNumber, signUpResultAt, toFen } from '#fixtures/rules';
import { MINUTE, toIso } from '#fixtures/time';
import { nextId, type Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import { endUnpaidOrder, lastTradeOf, openTrade, supplyFeeTradeExpiry } from '../rules/payments.ts';
import { CANCEL_LIMIT, cancelledSignUpCount, checkSeats, checkSignUp, contactOf, describeSchedule, findTimeConflicts, initialSignUpStatus, monthDay, takesSeatsAtOnce } from '../rules/sign-up.ts';
import type { MockState } from '../core/state.ts';
import { classOrNotFound } from '../rules/classes.ts';
import { classFinished, presentMyClass, presentOrderDetail, presentOrderSummary, presentPayStatus, presentSignUp, presentSupplyFee, presentTrade } from '../views/orders.ts';
import { defineHandlers, owned, paginate, userOf } from './define.ts';

type OrderStatus = ValueOf<typeof orderStatus>;
type SignUpStatus = ValueOf<typeof signUpStatus>;

const newestFirst = (a: { created_at: string; id: number }, b: { created_at: string; id: number }) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** Orders whose money has come in at some point: paying them again would be paying twice. */
const PAID_ONCE = new Set<OrderStatus>([orderStatus.values.paid, orderStatus.values.refunding, orderStatus.values.refunded, orderStatus.values.partiallyRefunded]);
/** Orders of classes the child attends (my_class). */
const ATTENDING = new Set<OrderStatus>([orderStatus.values.paid, orderStatus.values.refunding]);

function orderOwned(state: MockState, user: Row<'parents'>, id: number, refuse: Refuse<'notFound'>): Row<'orders'> {
  return owned(
    state.db.orders.findFirst((q) => q.where({ id })),
    user,
    '订单',
    refuse,
  );
}

function signUpOwned(state: MockState, user: Row<'parents'>, id: number, refuse: Refuse<'notFound'>): Row<'signUps'> {
  return owned(
    state.db.signUps.findFirst((q) => q.where({ id })),
    user,
    '报名记录',
    refuse,
  );
}

function supplyFeeOwned(state: MockState, user: Row<'parents'>, id: number, refuse: Refuse<'notFound'>): Row<'supplyFees'> {
  return owned(
    state.db.supplyFees.findFirst((q) => q.where({ id })),
    user,
    '补缴单',
    refuse,
  );
}

/**
 * A trade is a record like any other: another family's trade, or none, is 404 (never tell a
 * parent which trade numbers exist, nor whose order they pay).
 */
function tradeOwned(state: MockState, user: Row<'parents'>, tradeNo: string, refuse: Refuse<'notFound'>): Row<'trades'> {
  return owned(
    state.db.trades.findFirst((q) => q.where({ trade_no: tradeNo })),
    user,
    '支付流水',
    refuse,
  );
}

/** Why a sign-up cannot become an order, per state. */
const notOrderable: Partial<Record<SignUpStatus, string>> = {
  [signUpStatus.values.lotteryPending]: '尚未摇号，请等待摇号结果后再下单',
  [signUpStatus.values.interviewPending]: '面试结果尚未公布，请等待录取结果后再下单',
  [signUpStatus.values.notAdmitted]: '该报名未被录取，不能下单',
  [signUpStatus.values.ordered]: '该报名已下单，请到“我的订单”中完成支付',
  [signUpStatus.values.enrolled]: '该报名已缴费成功，无需再次下单',
  [signUpStatus.values.cancelled]: '该报名已取消，请重新报名',
  [signUpStatus.values.refunded]: '该报名已全额退费，如需参加请重新报名',
  [signUpStatus.values.withdrawn]: '该报名已退费退出，如需参加请重新报名',
};

/** Why a sign-up that did not end by the parent's hand cannot be ordered: its own reason first. */
function notOrderableMessage(row: Row<'signUps'>): string | undefined {
  const lapsed = (Object.values(ORDER_LAPSED_REASONS) as string[]).includes(row.cancel_reason ?? '');
  return lapsed ? `${row.cancel_reason}，请重新报名` : notOrderable[row.status];
}

/** Why an order cannot be paid now (undefined: it can). */
function refusePayment(order: Row<'orders'>, refuse: Refuse<'orderAlreadyPaid' | 'orderNotPayable'>) {
  if (order.status === orderStatus.values.unpaid) return undefined;
  if (PAID_ONCE.has(order.status)) return refuse('orderAlreadyPaid');
  return order.status === orderStatus.values.cancelled ? refuse('orderNotPayable', '订单已取消，无法支付，请重新报名') : refuse('orderNotPayable', '订单已超时关闭，名额已释放，无法支付');
}

export const orderHandlers = defineHandlers({
  /**
   * Materials are charged after enrolment as supplementary fees (补缴, e.g. 教材费) when the
   * teacher knows what the class needs, so sign-up itself costs the tuition only.
   */
  get_sign_up_fee: (ctx) => {
    contactOf(ctx.state, userOf(ctx), ctx.input.query.contact_id, ctx.refuse);
    const klass = classOrNotFound(ctx.state, ctx.input.query.class_id, ctx.refuse);
    return { tuition_fee: toFen(klass.fee), material_fee: asFen(0), total_fee: toFen(klass.fee) };
  },

  check_class_time_conflict: (ctx) => {
    const { class_id, contact_id } = ctx.input.query;
    contactOf(ctx.state, userOf(ctx), contact_id, ctx.refuse);
    classOrNotFound(ctx.state, class_id, ctx.refuse);
    const conflicts = findTimeConflicts(ctx.state, class_id, contact_id);
    return {
      is_conflict: conflicts.length > 0,
      conflicts: conflicts.map((c) => ({ class_id: c.klass.id, class_name: c.klass.name, schedule: describeSchedule(c.klass) })),
    };
  },

  sign_up_post: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    const { contact, klass } = checkSignUp(state, user, ctx.input.body, ctx.refuse);
    const row = await state.db.signUps.create({
      id: nextId(state.db.signUps.all()),
      parent_id: user.id,
      class_id: klass.id,
      contact_id: contact.id,
      status: initialSignUpStatus(klass),
      created_at: state.nowIso(),
      result_at: signUpResultAt(klass),
      order_id: null,
      cancel_reason: null,
      cancelled_at: null,
      rank: null,
    });
    return presentSignUp(state, row);
  },

  sign_up_list: (ctx) => {
    const { status, contact_id } = ctx.input.query;
    const user = userOf(ctx);
    const rows = ctx.state.db.signUps
      .findMany((q) => q.where({ parent_id: user.id }))
      .filter((r) => (status === undefined || r.status === status) && (contact_id === undefined || r.contact_id === contact_id))
      .sort(newestFirst);
    return paginate(
      rows.map((r) => presentSignUp(ctx.state, r)),
      ctx.input.query,
    );
  },

  sign_up_get: (ctx) => presentSignUp(ctx.state, signUpOwned(ctx.state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse)),

  place_order: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    const row = signUpOwned(state, user, ctx.input.body.sign_up_id, ctx.refuse);
    if (row.status !== signUpStatus.values.awaitingOrder && row.status !== signUpStatus.values.admitted) {
      throw ctx.refuse('signUpNotOrderable', notOrderableMessage(row));
    }
    const klass = classOrNotFound(state, row.class_id, ctx.refuse);
    // The time rules lapse it at its deadline; asked at that very moment, the answer is the same.
    const deadline = orderDeadlineOf(row, klass);
    if (deadline && deadline.at <= state.now()) throw ctx.refuse('signUpNotOrderable', `${deadline.reason}，请重新报名`);
    // An admitted sign-up already holds its seat; a first-come one competes for it now.
    if (row.status === signUpStatus.values.awaitingOrder && takesSeatsAtOnce(klass)) checkSeats(state, klass, ctx.refuse);

    const id = nextId(state.db.orders.all());
    const createdAt = state.nowIso();
    const order = await state.db.orders.create({
      id,
      order_no: orderNumber(id, state.now()),
      parent_id: user.id,
      sign_up_id: row.id,
      class_id: klass.id,
      contact_id: row.contact_id,
      amount: klass.fee,
      status: orderStatus.values.unpaid,
      created_at: createdAt,
      pay_deadline: toIso(state.now() + klass.pay_window_minutes * MINUTE),
      pay_time: null,
      pay_type: null,
      trade_no: null,
      paid_amount: 0,
      refunded_amount: 0,
      cancelled_at: null,
      closed_at: null,
    });
    await state.db.signUps.update((q) => q.where({ id: row.id }), {
      data(s) {
        s.status = signUpStatus.values.ordered;
        s.order_id = order.id;
      },
    });
    return { order_id: order.id, order_no: order.order_no, amount: toFen(order.amount), pay_deadline: order.pay_deadline };
  },

  cancel_sign_up: async (ctx) => {
    const { state } = ctx;
    const row = signUpOwned(state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse);
    const reason = ctx.input.body.reason || PARENT_CANCEL_SIGN_UP_REASON;
    if (row.status === signUpStatus.values.cancelled) throw ctx.refuse('signUpNotCancellable', '该报名已取消，请勿重复操作');
    if (row.status === signUpStatus.values.notAdmitted) throw ctx.refuse('signUpNotCancellable', '该报名未被录取，无需取消');
    if (row.status === signUpStatus.values.refunded || row.status === signUpStatus.values.withdrawn) {
      throw ctx.refuse('signUpNotCancellable', '该报名已退费，无需取消');
    }
    const order = row.order_id === null ? undefined : state.db.orders.findFirst((q) => q.where({ id: row.order_id! }));
    if (row.status === signUpStatus.values.enrolled || (order && PAID_ONCE.has(order.status))) {
      throw ctx.refuse('signUpNotCancellable', '该报名已缴费，不能取消；如需退出请申请退费');
    }
    // Cancelling with an unpaid order cancels the order too (the seat returns with it).
    if (order?.status === orderStatus.values.unpaid) {
      await endUnpaidOrder(state, order, { status: orderStatus.values.cancelled, atIso: state.nowIso(), reason });
      return null;
    }
    await state.db.signUps.update((q) => q.where({ id: row.id }), {
      data(s) {
        s.status = signUpStatus.values.cancelled;
        s.cancel_reason = reason;
        s.cancelled_at = state.nowIso();
      },
    });
    return null;
  },

  cancel_sign_up_count: (ctx) => {
    const { class_id, contact_id } = ctx.input.query;
    contactOf(ctx.state, userOf(ctx), contact_id, ctx.refuse);
    classOrNotFound(ctx.state, class_id, ctx.refuse);
    return { count: cancelledSignUpCount(ctx.state, contact_id, class_id), limit: CANCEL_LIMIT };
  },

  order_list: (ctx) => {
    const { status } = ctx.input.query;
    const user = userOf(ctx);
    const rows = ctx.state.db.orders
      .findMany((q) => q.where({ parent_id: user.id }))
      .filter((o) => status === undefined || status.length === 0 || status.includes(o.status))
      .sort(newestFirst);
    return paginate(
      rows.map((o) => presentOrderSummary(ctx.state, o)),
      ctx.input.query,
    );
  },

  specific_order_list: (ctx) => {
    const { contact_id, class_id } = ctx.input.query;
    const user = userOf(ctx);
    // A deleted child's orders stay readable: they are the family's payment history.
    owned(
      ctx.state.db.contacts.findFirst((q) => q.where({ id: contact_id })),
      user,
      '孩子信息',
      ctx.refuse,
    );
    const rows = ctx.state.db.orders
      .findMany((q) => q.where({ parent_id: user.id, contact_id }))
      .filter((o) => class_id === undefined || o.class_id === class_id)
      .sort(newestFirst);
    return paginate(
      rows.map((o) => presentOrderSummary(ctx.state, o)),
      ctx.input.query,
    );
  },

  my_supply_fee_list: (ctx) => {
    const { status } = ctx.input.query;
    const user = userOf(ctx);
    const rows = ctx.state.db.supplyFees
      .findMany((q) => q.where({ parent_id: user.id }))
      .filter((f) => status === undefined || f.status === status)
      .sort(newestFirst);
    return paginate(
      rows.map((f) => presentSupplyFee(ctx.state, f)),
      ctx.input.query,
    );
  },

  supply_fee_detail: (ctx) => {
    const row = owned(
      ctx.state.db.supplyFees.findFirst((q) => q.where({ id: ctx.input.pathParams.id })),
      userOf(ctx),
      '补缴单',
      ctx.refuse,
    );
    return presentSupplyFee(ctx.state, row);
  },

  cancel_order: async (ctx) => {
    const { state } = ctx;
    const order = orderOwned(state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse);
    if (order.status !== orderStatus.values.unpaid) {
      const msg = PAID_ONCE.has(order.status) ? '订单已支付，不能取消；如需退费请申请退费' : order.status === orderStatus.values.cancelled ? '订单已取消，请勿重复操作' : '订单已超时关闭，无需取消';
      throw ctx.refuse('orderNotCancellable', msg);
    }
    await endUnpaidOrder(state, order, { status: orderStatus.values.cancelled, atIso: state.nowIso(), reason: PARENT_CANCEL_ORDER_REASON });
    return null;
  },

  order_detail: (ctx) => presentOrderDetail(ctx.state, orderOwned(ctx.state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse)),

  pay_type_choose: () => ({ list: payType.options }),

  pay_sign_up: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    const order = orderOwned(state, user, ctx.input.body.order_id, ctx.refuse);
    const refusal = refusePayment(order, ctx.refuse);
    if (refusal) throw refusal;
    const trade = await openTrade(state, {
      parent_id: user.id,
      target: { order_id: order.id, supply_fee_id: null },
      amount: order.amount,
      pay_type: ctx.input.body.pay_type,
      // The QR lives as long as the order holds its seat.
      expire_at: order.pay_deadline,
    });
    return presentTrade(trade);
  },

  pay_supply_fee: async (ctx) => {
    const { state } = ctx;
    const user = userOf(ctx);
    const fee = supplyFeeOwned(state, user, ctx.input.body.supply_fee_id, ctx.refuse);
    if (fee.status === supplyFeeStatus.values.paid) throw ctx.refuse('orderAlreadyPaid', '该补缴已支付，请勿重复支付');
    if (fee.status === supplyFeeStatus.values.closed) throw ctx.refuse('orderNotPayable', `补缴已于${monthDay(fee.deadline)}截止，无法支付`);
    const order = orderOwned(state, user, fee.order_id, ctx.refuse);
    if (order.status !== orderStatus.values.paid) {
      throw ctx.refuse('orderNotPayable', `订单${orderStatus.label(order.status)}，该补缴无法支付`);
    }
    const trade = await openTrade(state, {
      parent_id: user.id,
      target: { order_id: null, supply_fee_id: fee.id },
      amount: fee.amount,
      pay_type: ctx.input.body.pay_type,
      expire_at: supplyFeeTradeExpiry(state, fee),
    });
    return presentTrade(trade);
  },

  my_class: (ctx) => {
    const { contact_id, finished } = ctx.input.query;
    const user = userOf(ctx);
    const rows = ctx.state.db.orders
      .findMany((q) => q.where({ parent_id: user.id, status: (s) => ATTENDING.has(s) }))
      .filter((o) => contact_id === undefined || o.contact_id === contact_id)
      .filter((o) => finished === undefined || classFinished(ctx.state, o.class_id) === finished)
      .sort(newestFirst);
    return paginate(
      rows.map((o) => presentMyClass(ctx.state, o)),
      ctx.input.query,
    );
  },

  get_pay_status: (ctx) => {
    const { trade_no, order_id } = ctx.input.query;
    const user = userOf(ctx);
    const order = orderOwned(ctx.state, user, order_id, ctx.refuse);
    const trade = tradeOwned(ctx.state, user, trade_no, ctx.refuse);
    if (trade.order_id !== order.id) throw ctx.refuse('tradeNotFound', '该订单没有这笔支付流水');
    return presentPayStatus(trade);
  },

  query_supply_fee_pay_status: (ctx) => {
    const { trade_no, supply_fee_id } = ctx.input.query;
    const user = userOf(ctx);
    const fee = supplyFeeOwned(ctx.state, user, supply_fee_id, ctx.refuse);
    const trade = tradeOwned(ctx.state, user, trade_no, ctx.refuse);
    if (trade.supply_fee_id !== fee.id) throw ctx.refuse('tradeNotFound', '该补缴没有这笔支付流水');
    return presentPayStatus(trade);
  },

  query_order_pay_status: (ctx) => {
    const order = orderOwned(ctx.state, userOf(ctx), ctx.input.pathParams.id, ctx.refuse);
    const last = lastTradeOf(ctx.state, { order_id: order.id, supply_fee_id: null });
    return {
      order_id: order.id,
      status: order.status,
      // Paid at some point: a later refund does not undo that the payment went through.
      paid: order.pay_time !== null,
      pay_time: order.pay_time,
      amount: toFen(order.amount),
      pay_deadline: order.pay_deadline,
      last_trade: last ? presentPayStatus(last) : null,
    };
  },
});
