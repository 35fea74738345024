import { describe, expect, it } from 'vitest';
import { AUTH_HEADER, CLIENT_ID_HEADER, admissionKind, classType, errorCodes, invoiceKind, orderStatus, paymentStatus, payType, refundStatus, signUpStatus, supplyFeeStatus } from '#contract/index';
import { DAY, HOUR, MINUTE, at, toIso } from '#fixtures/time';
import { seatsLeft } from '../rules/seats.ts';
import { setupMockForTests, type Credentials } from '../testing.ts';
import { addOrder, ids, NOW, orderWorld } from './orders.world.ts';

/** Orders of the world (ids): paid in 'started', refunding in 'chess', paid in 'finished', closed in 'calligraphy' (小红). */
const PAID_STARTED = 101;
const REFUNDING = 102;
const PAID_FINISHED = 103;
const CLOSED = 104;
const OTHERS = 105;

const mock = setupMockForTests({
  world: () =>
    orderWorld((b) => {
      const paid = (days: number) => ({ status: orderStatus.values.paid, pay_time: toIso(NOW - days * DAY), paid_amount: 1600, created_at: toIso(NOW - days * DAY) });
      addOrder(b, { id: PAID_STARTED, class_id: ids.started, ...paid(30) });
      addOrder(b, { id: REFUNDING, class_id: ids.chess, ...paid(5), status: orderStatus.values.refunding });
      addOrder(b, { id: PAID_FINISHED, class_id: ids.finished, contact_id: ids.xiaohong, ...paid(40) });
      addOrder(b, {
        id: CLOSED,
        class_id: ids.calligraphy,
        contact_id: ids.xiaohong,
        status: orderStatus.values.closed,
        created_at: toIso(NOW - 2 * DAY),
        closed_at: toIso(NOW - 2 * DAY + 30 * MINUTE),
      });
      addOrder(b, { id: OTHERS, class_id: ids.art, parent_id: ids.other, contact_id: ids.otherChild, ...paid(1) });
      const { f, add } = b;
      add('supplyFees', f.supplyFee({ id: 1, parent_id: ids.mum, order_id: PAID_STARTED, title: '教材费', amount: 120, created_at: toIso(NOW - DAY) }));
      add(
        'supplyFees',
        f.supplyFee({
          id: 2,
          parent_id: ids.mum,
          order_id: PAID_FINISHED,
          title: '材料费',
          amount: 80,
          status: supplyFeeStatus.values.paid,
          pay_time: toIso(NOW - 20 * DAY),
          created_at: toIso(NOW - 25 * DAY),
        }),
      );
      add('supplyFees', f.supplyFee({ id: 3, parent_id: ids.other, order_id: OTHERS }));
      add('refunds', f.refund({ id: 1, parent_id: ids.mum, order_id: REFUNDING, amount: 1600, status: refundStatus.values.processing }));
      add('mailInfos', f.mailInfo(ids.mum, { id: 1, receiver: '王芳' }));
      add('invoices', f.invoice({ id: 1, parent_id: ids.mum, order_id: PAID_STARTED, amount: 1600, invoice_kind: invoiceKind.values.paper, email: null, mail_info_id: 1 }));
    }),
});

const signUp = async (me: Credentials, class_id: number, contact_id: number = ids.xiaoming) => {
  const answer = await mock.call('sign_up_post', { body: { class_id, contact_id, agree_rules: true } }, me);
  expect(answer).toMatchObject({ status: 200, error_code: errorCodes.success.code });
  return answer.data.id;
};
const placeOrder = (me: Credentials, sign_up_id: number) => mock.call('place_order', { body: { sign_up_id } }, me);
const refusal = (name: keyof typeof errorCodes, msg?: string) => ({
  status: errorCodes[name].http,
  error_code: errorCodes[name].code,
  ...(msg === undefined ? {} : { msg }),
});
const signUpRow = (id: number) => mock.state.db.signUps.findFirst((q) => q.where({ id }), { strict: true });
const orderRow = (id: number) => mock.state.db.orders.findFirst((q) => q.where({ id }), { strict: true });

describe('place_order', () => {
  it('turns a sign-up into an unpaid order that holds the seat for the class’s payment window', async () => {
    const me = await mock.signIn('mum');
    const id = await signUp(me, ids.art);
    const seatsBefore = seatsLeft(mock.state, ids.art);
    const answer = await placeOrder(me, id);
    expect(answer).toMatchObject({ status: 200 });
    const orderId = OTHERS + 1;
    expect(answer.data).toEqual({ order_id: orderId, order_no: `CC20260901${String(orderId).padStart(8, '0')}`, amount: 1600, pay_deadline: toIso(NOW + 30 * MINUTE) });
    expect(orderRow(orderId)).toMatchObject({ status: orderStatus.values.unpaid, sign_up_id: id, contact_id: ids.xiaoming, paid_amount: 0, pay_time: null });
    expect(signUpRow(id)).toMatchObject({ status: signUpStatus.values.ordered, order_id: orderId });
    expect(seatsLeft(mock.state, ids.art)).toBe(seatsBefore - 1);
    expect((await mock.call('sign_up_get', { pathParams: { id } }, me)).data.remark).toBe('已下单，请于9月1日 10:30前完成支付');
  });

  it('uses the class’s own payment window', async () => {
    await mock.state.db.classes.update((q) => q.where({ id: ids.art }), { data: (c) => void (c.pay_window_minutes = 60) });
    const me = await mock.signIn('mum');
    expect((await placeOrder(me, await signUp(me, ids.art))).data.pay_deadline).toBe(toIso(NOW + 60 * MINUTE));
  });

  it('re-checks the seats of a first-come class: signing up does not hold one', async () => {
    const me = await mock.signIn('mum');
    // The other family's paid order holds one of the two seats.
    const first = await signUp(me, ids.art);
    const second = await signUp(me, ids.art, ids.xiaohong);
    expect((await placeOrder(me, first)).status).toBe(200);
    expect(await placeOrder(me, second)).toMatchObject(refusal('classFull', '「少儿美术启蒙班」名额已满，请关注其他班级'));
    expect(signUpRow(second).status).toBe(signUpStatus.values.awaitingOrder);
  });

  it('lets an admitted sign-up order the seat it already holds', async () => {
    await mock.state.db.classes.update((q) => q.where({ id: ids.dance }), { data: (c) => void (c.capacity = 1) });
    await mock.state.db.signUps.create({
      id: 60,
      parent_id: ids.mum,
      class_id: ids.dance,
      contact_id: ids.xiaoming,
      status: signUpStatus.values.admitted,
      created_at: toIso(NOW),
      result_at: null,
      order_id: null,
      cancel_reason: null,
      cancelled_at: null,
      rank: 1,
    });
    expect(seatsLeft(mock.state, ids.dance)).toBe(0);
    const me = await mock.signIn('mum');
    expect((await placeOrder(me, 60)).status).toBe(200);
    expect(seatsLeft(mock.state, ids.dance)).toBe(0);
  });

  it('refuses sign-ups that cannot be ordered, saying why per state', async () => {
    const me = await mock.signIn('mum');
    const lottery = await signUp(me, ids.dance);
    expect(await placeOrder(me, lottery)).toMatchObject(refusal('signUpNotOrderable', '尚未摇号，请等待摇号结果后再下单'));
    const interview = await signUp(me, ids.choir);
    expect(await placeOrder(me, interview)).toMatchObject(refusal('signUpNotOrderable', '面试结果尚未公布，请等待录取结果后再下单'));
    const art = await signUp(me, ids.art);
    await placeOrder(me, art);
    expect(await placeOrder(me, art)).toMatchObject(refusal('signUpNotOrderable', '该报名已下单，请到“我的订单”中完成支付'));
    expect(await placeOrder(me, PAID_STARTED)).toMatchObject(refusal('signUpNotOrderable', '该报名已缴费成功，无需再次下单'));
    expect(await placeOrder(me, CLOSED)).toMatchObject(refusal('signUpNotOrderable', '该报名已取消，请重新报名'));
    expect(await placeOrder(me, OTHERS)).toMatchObject(refusal('notFound', '报名记录不存在或已删除'));
  });
});

describe('place_order re-checks the window and the class start', () => {
  it('a first-come sign-up can be ordered only while its window is open', async () => {
    await mock.state.db.classes.update((q) => q.where({ id: ids.art }), { data: (c) => void (c.sign_up_end_at = toIso(NOW + HOUR)) });
    const me = await mock.signIn('mum');
    const id = await signUp(me, ids.art);
    expect((await mock.call('sign_up_get', { pathParams: { id } }, me)).data).toMatchObject({
      order_deadline: toIso(NOW + HOUR),
      remark: '请于9月1日 11:00前下单，下单后名额为您保留30分钟，名额先到先得',
    });
    mock.state.clock.set(NOW + HOUR);
    expect(await placeOrder(me, id)).toMatchObject(refusal('signUpNotOrderable', '报名已截止，未下单的报名已失效，请重新报名'));
    expect(signUpRow(id)).toMatchObject({ status: signUpStatus.values.cancelled, cancel_reason: '报名已截止，未下单的报名已失效', cancelled_at: toIso(NOW + HOUR) });
  });

  it('an admitted sign-up cannot be ordered once the class has started', async () => {
    // The draw the evening before the first session (Saturday 09-19 09:00).
    await mock.state.db.classes.update((q) => q.where({ id: ids.dance }), { data: (c) => void (c.lottery_at = '2026-09-18T20:00:00+08:00') });
    const me = await mock.signIn('mum');
    const id = await signUp(me, ids.dance);
    mock.state.clock.set(at('2026-09-18', '21:00'));
    const later = await mock.signIn('mum');
    expect((await mock.call('sign_up_get', { pathParams: { id } }, later)).data).toMatchObject({
      status: signUpStatus.values.admitted,
      order_deadline: '2026-09-19T09:00:00+08:00',
    });
    mock.state.clock.set(at('2026-09-19', '09:00'));
    expect(await placeOrder(await mock.signIn('mum'), id)).toMatchObject(refusal('signUpNotOrderable', '课程已开课，未下单的报名已失效，请重新报名'));
    expect(seatsLeft(mock.state, ids.dance)).toBe(2);
  });
});

describe('cancel_order', () => {
  it('cancels an unpaid order: the sign-up is cancelled, waiting trades close, the seat returns', async () => {
    const me = await mock.signIn('mum');
    const id = await signUp(me, ids.art);
    const { order_id } = (await placeOrder(me, id)).data;
    const trade = (await mock.call('pay_sign_up', { body: { order_id, pay_type: payType.values.wechat } }, me)).data;
    const seats = seatsLeft(mock.state, ids.art);
    mock.state.clock.advance(5 * MINUTE);

    expect(await mock.call('cancel_order', { pathParams: { id: order_id }, body: {} }, me)).toMatchObject({ status: 200, msg: '订单已取消', data: null });
    expect(orderRow(order_id)).toMatchObject({ status: orderStatus.values.cancelled, cancelled_at: toIso(NOW + 5 * MINUTE) });
    expect(signUpRow(id)).toMatchObject({ status: signUpStatus.values.cancelled, cancel_reason: '家长取消订单' });
    expect(mock.state.db.trades.findFirst((q) => q.where({ trade_no: trade.trade_no }))?.status).toBe(paymentStatus.values.closed);
    expect(seatsLeft(mock.state, ids.art)).toBe(seats + 1);
  });

  it('refuses every order that is not unpaid, saying why', async () => {
    const me = await mock.signIn('mum');
    const cancel = (id: number) => mock.call('cancel_order', { pathParams: { id }, body: {} }, me);
    expect(await cancel(PAID_STARTED)).toMatchObject(refusal('orderNotCancellable', '订单已支付，不能取消；如需退费请申请退费'));
    expect(await cancel(CLOSED)).toMatchObject(refusal('orderNotCancellable', '订单已超时关闭，无需取消'));
    const { order_id } = (await placeOrder(me, await signUp(me, ids.art))).data;
    await cancel(order_id);
    expect(await cancel(order_id)).toMatchObject(refusal('orderNotCancellable', '订单已取消，请勿重复操作'));
    expect(await cancel(OTHERS)).toMatchObject(refusal('notFound', '订单不存在或已删除'));
  });
});

describe('cancel_sign_up', () => {
  it('cancels a pending sign-up with the parent’s reason', async () => {
    const me = await mock.signIn('mum');
    const id = await signUp(me, ids.dance);
    expect((await mock.call('cancel_sign_up', { pathParams: { id }, body: { reason: '时间不合适' } }, me)).status).toBe(200);
    expect(signUpRow(id)).toMatchObject({ status: signUpStatus.values.cancelled, cancel_reason: '时间不合适', cancelled_at: toIso(NOW) });
  });

  it('cancels the unpaid order with it, and the seat returns', async () => {
    const me = await mock.signIn('mum');
    const id = await signUp(me, ids.art);
    const { order_id } = (await placeOrder(me, id)).data;
    await mock.call('cancel_sign_up', { pathParams: { id }, body: {} }, me);
    expect(signUpRow(id)).toMatchObject({ status: signUpStatus.values.cancelled, cancel_reason: '家长取消报名' });
    expect(orderRow(order_id)).toMatchObject({ status: orderStatus.values.cancelled, cancelled_at: toIso(NOW) });
    expect(seatsLeft(mock.state, ids.art)).toBe(1);
  });

  it('refuses once paid (a refund is the way out) and when there is nothing to cancel', async () => {
    const me = await mock.signIn('mum');
    const cancel = (id: number) => mock.call('cancel_sign_up', { pathParams: { id }, body: {} }, me);
    expect(await cancel(PAID_STARTED)).toMatchObject(refusal('signUpNotCancellable', '该报名已缴费，不能取消；如需退出请申请退费'));
    expect(await cancel(CLOSED)).toMatchObject(refusal('signUpNotCancellable', '该报名已取消，请勿重复操作'));
    expect(signUpRow(PAID_STARTED).status).toBe(signUpStatus.values.enrolled);
  });
});

describe('sign_up_list and sign_up_get', () => {
  it('lists the parent’s sign-ups newest first, by status and child', async () => {
    const me = await mock.signIn('mum');
    mock.state.clock.advance(MINUTE);
    const art = await signUp(me, ids.art);
    mock.state.clock.advance(MINUTE);
    const dance = await signUp(me, ids.dance, ids.xiaohong);
    const list = (query: Record<string, number>) => mock.call('sign_up_list', { query }, me);

    const all = (await list({})).data;
    expect(all.list.map((s) => s.id)).toEqual([dance, art, CLOSED, REFUNDING, PAID_STARTED, PAID_FINISHED]);
    expect(all.total).toBe(6);
    expect((await list({ status: signUpStatus.values.lotteryPending })).data.list.map((s) => s.id)).toEqual([dance]);
    expect((await list({ contact_id: ids.xiaohong })).data.list.map((s) => s.id)).toEqual([dance, CLOSED, PAID_FINISHED]);
    expect((await list({ page: 2, page_size: 4 })).data).toMatchObject({ total: 6, page: 2, page_size: 4, list: [{ id: PAID_STARTED }, { id: PAID_FINISHED }] });
  });

  it('shows one sign-up of the parent’s, 404 for another family’s', async () => {
    const me = await mock.signIn('mum');
    expect((await mock.call('sign_up_get', { pathParams: { id: PAID_STARTED } }, me)).data).toMatchObject({
      status: signUpStatus.values.enrolled,
      order_id: PAID_STARTED,
      class_name: '少儿钢琴班',
      remark: '报名成功，请按时上课',
    });
    expect(await mock.call('sign_up_get', { pathParams: { id: OTHERS } }, me)).toMatchObject(refusal('notFound'));
  });
});

describe('order_list and specific_order_list', () => {
  it('lists the parent’s orders newest first, by status tab, a page at a time', async () => {
    const me = await mock.signIn('mum');
    const list = (query: { status?: number[]; page?: number; page_size?: number }) => mock.call('order_list', { query: query as never }, me);
    expect((await list({})).data.list.map((o) => o.id)).toEqual([CLOSED, REFUNDING, PAID_STARTED, PAID_FINISHED]);
    expect((await list({ status: [orderStatus.values.paid] })).data.list.map((o) => o.id)).toEqual([PAID_STARTED, PAID_FINISHED]);
    // A tab groups statuses: 退款售后 and 已取消 ask for several at once.
    expect((await list({ status: [orderStatus.values.refunding, orderStatus.values.refunded, orderStatus.values.partiallyRefunded] })).data.list.map((o) => o.id)).toEqual([REFUNDING]);
    expect((await list({ status: [orderStatus.values.cancelled, orderStatus.values.closed] })).data.list.map((o) => o.id)).toEqual([CLOSED]);
    const wire = await mock.raw('GET', `order_list?status=${orderStatus.values.paid}&status=${orderStatus.values.closed}`, {
      headers: { [CLIENT_ID_HEADER]: me.clientId, [AUTH_HEADER]: me.accessToken },
    });
    expect((wire.data as { list: { id: number }[] }).list.map((o) => o.id)).toEqual([CLOSED, PAID_STARTED, PAID_FINISHED]);
    expect((await list({ page: 2, page_size: 3 })).data).toMatchObject({ total: 4, list: [{ id: PAID_FINISHED }] });
  });

  it('shows what a row needs: number, title, child, amount, status and what the parent may do', async () => {
    const me = await mock.signIn('mum');
    const { order_id } = (await placeOrder(me, await signUp(me, ids.art))).data;
    const [row] = (await mock.call('order_list', { query: { status: [orderStatus.values.unpaid] } }, me)).data.list;
    expect(row).toEqual({
      id: order_id,
      order_no: `CC20260901${String(order_id).padStart(8, '0')}`,
      class_id: ids.art,
      class_name: '少儿美术启蒙班',
      class_type: classType.values.regular,
      admission_kind: admissionKind.values.firstCome,
      cover_url: `class/${ids.art}.svg`,
      contact_id: ids.xiaoming,
      contact_name: '小明',
      subscriber_count: 1,
      amount: 1600,
      status: orderStatus.values.unpaid,
      created_at: toIso(NOW),
      pay_deadline: toIso(NOW + 30 * MINUTE),
      pay_time: null,
      can_cancel: true,
      can_pay: true,
      can_refund: false,
      can_invoice: false,
    });
  });

  it('lists one child’s orders, optionally for one class', async () => {
    const me = await mock.signIn('mum');
    const list = (query: { contact_id: number; class_id?: number }) => mock.call('specific_order_list', { query }, me);
    expect((await list({ contact_id: ids.xiaohong })).data.list.map((o) => o.id)).toEqual([CLOSED, PAID_FINISHED]);
    expect((await list({ contact_id: ids.xiaohong, class_id: ids.finished })).data.list.map((o) => o.id)).toEqual([PAID_FINISHED]);
    expect(await list({ contact_id: ids.otherChild })).toMatchObject(refusal('notFound'));
  });
});

describe('order flags', () => {
  it('can_refund: paid with money left and no refund running; can_invoice: paid and not invoiced', async () => {
    const me = await mock.signIn('mum');
    const flags = async (id: number) => {
      const { can_refund, can_invoice, can_pay, can_cancel } = (await mock.call('order_detail', { pathParams: { id } }, me)).data;
      return { can_refund, can_invoice, can_pay, can_cancel };
    };
    // Paid, three of five sessions held, already invoiced.
    expect(await flags(PAID_STARTED)).toEqual({ can_refund: true, can_invoice: false, can_pay: false, can_cancel: false });
    // Every session held: nothing left to refund; paid 40 days ago and not invoiced.
    expect(await flags(PAID_FINISHED)).toEqual({ can_refund: false, can_invoice: true, can_pay: false, can_cancel: false });
    // A refund is being processed.
    expect(await flags(REFUNDING)).toMatchObject({ can_refund: false });
  });

  it('can_pay ends with the payment window (the order then closes)', async () => {
    const me = await mock.signIn('mum');
    const { order_id } = (await placeOrder(me, await signUp(me, ids.art))).data;
    mock.state.clock.advance(30 * MINUTE - 1000);
    expect((await mock.call('order_detail', { pathParams: { id: order_id } }, me)).data).toMatchObject({ can_pay: true, can_cancel: true });
    mock.state.clock.advance(1000);
    expect((await mock.call('order_detail', { pathParams: { id: order_id } }, me)).data).toMatchObject({
      status: orderStatus.values.closed,
      can_pay: false,
      can_cancel: false,
    });
  });
});

describe('order_detail', () => {
  it('shows the class, sessions held, supplementary fees, refunds and the invoice with its mailing address', async () => {
    const me = await mock.signIn('mum');
    const { data } = await mock.call('order_detail', { pathParams: { id: PAID_STARTED } }, me);
    expect(data).toMatchObject({
      id: PAID_STARTED,
      sign_up_id: PAID_STARTED,
      class_name: '少儿钢琴班',
      class_term: '2026-2027学年第一学期',
      class_schedule: '每周二 09:00-10:30，共5次',
      class_address: '北京市西城区平安里西大街1号',
      session_count: 5,
      // 08-11, 08-18 and 08-25 are over; 09-01's session is under way at 10:00.
      held_sessions: 4, // the session under way counts as held, as refunds count it
      paid_amount: 1600,
      refunded_amount: 0,
      cancelled_at: null,
      closed_at: null,
      refunds: [],
    });
    expect(data.supply_fees).toEqual([
      {
        id: 1,
        order_id: PAID_STARTED,
        order_no: orderRow(PAID_STARTED).order_no,
        class_name: '少儿钢琴班',
        contact_name: '小明',
        title: '教材费',
        amount: 120,
        status: supplyFeeStatus.values.unpaid,
        created_at: toIso(NOW - DAY),
        deadline: toIso(NOW + 7 * DAY),
        pay_time: null,
      },
    ]);
    expect(data.invoice).toMatchObject({ id: 1, order_no: orderRow(PAID_STARTED).order_no, invoice_kind: invoiceKind.values.paper, mail_info: { id: 1, receiver: '王芳', district: '西城区' } });
  });

  it('shows the order’s refunds', async () => {
    const me = await mock.signIn('mum');
    const { data } = await mock.call('order_detail', { pathParams: { id: REFUNDING } }, me);
    expect(data.refunds).toEqual([expect.objectContaining({ id: 1, order_id: REFUNDING, class_name: '少儿围棋班', contact_name: '小明', amount: 1600, status: refundStatus.values.processing })]);
    expect(data.invoice).toBeNull();
  });

  it('is 404 for another family’s order', async () => {
    const me = await mock.signIn('mum');
    expect(await mock.call('order_detail', { pathParams: { id: OTHERS } }, me)).toMatchObject(refusal('notFound', '订单不存在或已删除'));
  });
});

describe('pay status of a record the parent does not own (a probe finding)', () => {
  const tradeOf = (where: { order_id?: number; supply_fee_id?: number }) => mock.state.db.trades.findFirst((q) => q.where(where), { strict: true }).trade_no;

  it('get_pay_status is 404 for another family’s order, and for another family’s trade asked with the parent’s own order', async () => {
    const me = await mock.signIn('mum');
    const theirs = tradeOf({ order_id: OTHERS });
    for (const query of [
      { order_id: OTHERS, trade_no: theirs },
      { order_id: 999, trade_no: theirs },
      { order_id: PAID_STARTED, trade_no: theirs },
      { order_id: PAID_STARTED, trade_no: 'T-NONE' },
    ]) {
      const answer = await mock.call('get_pay_status', { query }, me);
      expect(answer, JSON.stringify(query)).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
      expect(answer.msg, 'names no order of anyone').not.toMatch(/CC\d+/);
    }
  });

  it('get_pay_status refuses the parent’s own trade of another order with tradeNotFound, naming no order number', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('get_pay_status', { query: { order_id: PAID_FINISHED, trade_no: tradeOf({ order_id: PAID_STARTED }) } }, me);
    expect(answer).toMatchObject(refusal('tradeNotFound'));
    expect(answer.msg).not.toMatch(/CC\d+/);
  });

  it('query_supply_fee_pay_status is 404 for another family’s fee trade asked with the parent’s own fee', async () => {
    const me = await mock.signIn('mum');
    const pay = await mock.call('pay_supply_fee', { body: { supply_fee_id: 1, pay_type: payType.values.wechat } }, me);
    expect(pay.error_code).toBe(errorCodes.success.code);
    const answer = await mock.call('query_supply_fee_pay_status', { query: { supply_fee_id: 1, trade_no: tradeOf({ order_id: OTHERS }) } }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
  });
});

describe('my_supply_fee_list', () => {
  it('lists the parent’s supplementary fees, newest first, by status', async () => {
    const me = await mock.signIn('mum');
    const list = (query: Record<string, number>) => mock.call('my_supply_fee_list', { query }, me);
    expect((await list({})).data.list.map((f) => f.id)).toEqual([1, 2]);
    expect((await list({ status: supplyFeeStatus.values.paid })).data.list).toMatchObject([{ id: 2, title: '材料费', contact_name: '小红', class_name: '暑期手工班' }]);
  });
});

describe('my_class', () => {
  it('lists classes of paid and refunding orders with sessions held and the next session', async () => {
    const me = await mock.signIn('mum');
    const { data } = await mock.call('my_class', { query: {} }, me);
    expect(data.list.map((c) => [c.order_id, c.held_sessions, c.next_session_at])).toEqual([
      [REFUNDING, 0, '2026-09-15T10:30:00+08:00'],
      [PAID_STARTED, 4, '2026-09-08T09:00:00+08:00'],
      [PAID_FINISHED, 2, null],
    ]);
    expect(data.list[1]).toMatchObject({ contact_id: ids.xiaoming, contact_name: '小明', class: { id: ids.started, name: '少儿钢琴班', session_count: 5 } });
    expect(data.list[1]!.classroom).toBe(mock.state.db.classes.findFirst((q) => q.where({ id: ids.started }))!.classroom);
  });

  it('filters by child and by finished (every session held)', async () => {
    const me = await mock.signIn('mum');
    const ids_ = async (query: { contact_id?: number; finished?: boolean }) => (await mock.call('my_class', { query }, me)).data.list.map((c) => c.order_id);
    expect(await ids_({ finished: true })).toEqual([PAID_FINISHED]);
    expect(await ids_({ finished: false })).toEqual([REFUNDING, PAID_STARTED]);
    expect(await ids_({ contact_id: ids.xiaohong })).toEqual([PAID_FINISHED]);
  });
});

describe('pay_type_choose', () => {
  it('offers WeChat Pay and Alipay, signed in or not', async () => {
    expect((await mock.call('pay_type_choose', {})).data).toEqual({
      list: [
        { value: payType.values.wechat, label: '微信支付' },
        { value: payType.values.alipay, label: '支付宝' },
      ],
    });
  });
});

describe('supply_fee_detail (the project’s own call, decision 033)', () => {
  it('answers one of the parent’s supplementary fees as the list shows it', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('supply_fee_detail', { pathParams: { id: 2 } }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.success.code });
    const listed = (await mock.call('my_supply_fee_list', { query: {} }, me)).data.list.find((f) => f.id === 2);
    expect(answer.data).toEqual(listed);
    expect(answer.data).toMatchObject({ id: 2, order_id: PAID_FINISHED, title: '材料费', amount: 80, status: supplyFeeStatus.values.paid, contact_name: '小红' });
  });

  it('answers 404 for another parent’s fee and for none', async () => {
    const me = await mock.signIn('mum');
    for (const id of [3, 999]) {
      expect(await mock.call('supply_fee_detail', { pathParams: { id } }, me)).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '补缴单不存在或已删除' });
    }
  });
});
