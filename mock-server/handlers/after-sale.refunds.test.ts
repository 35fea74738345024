import { beforeEach, describe, expect, it } from 'vitest';
import { classType, errorCodes, orderStatus, refundStatus, signUpStatus } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, HOUR, toIso } from '#fixtures/time';
import { seatsLeft } from '../rules/seats.ts';
import { setupMockForTests } from '../testing.ts';
import { ACTIVITY_START, FIRST_SESSION, NOW, WEEK, afterSaleWorld, ids } from './after-sale.world.ts';

const mock = setupMockForTests({ world: afterSaleWorld });
// These tests move the clock by days and weeks; a session must outlive that (tokens have their own tests).
beforeEach(() => void (mock.state.settings.tokenTtlMs = 365 * DAY));
const reason = { reason: '孩子时间安排冲突' };

async function setOrder(id: number, change: Partial<Row<'orders'>>) {
  await mock.state.db.orders.update((q) => q.where({ id }), { data: (o) => void Object.assign(o, change) });
}
/** A discounted order: it was paid `yuan`, by its trade (the books hold trades and payments equal). */
async function setPaid(id: number, change: Partial<Row<'orders'>> & { paid_amount: number }) {
  await setOrder(id, change);
  await mock.state.db.trades.update((q) => q.where({ order_id: id }), { data: (t) => void (t.amount = change.paid_amount) });
}
const orderRow = (id: number) => mock.state.db.orders.findFirst((q) => q.where({ id }), { strict: true });
const refundRows = (orderId: number) => mock.state.db.refunds.findMany((q) => q.where({ order_id: orderId }));
/** The clock just after the n-th Saturday session has started (1 = the first). */
const afterSession = (n: number) => mock.state.clock.set(FIRST_SESSION + (n - 1) * WEEK + HOUR);

async function addRefund(row: Partial<Row<'refunds'>> & { order_id: number; amount: number; status: number }) {
  await mock.state.db.refunds.create({
    id: 90 + mock.state.db.refunds.count(),
    refund_no: `RF-SEED-${mock.state.db.refunds.count()}`,
    parent_id: ids.mum,
    reason: '孩子生病',
    sessions_refunded: 0,
    applied_at: toIso(NOW - 10 * DAY),
    finished_at: null,
    reject_reason: null,
    is_activity: false,
    ...row,
  } as Row<'refunds'>);
}

describe('preview_refund_fee', () => {
  it('gives back everything paid, supplementary fees included, before the first session', async () => {
    const me = await mock.signIn('mum');
    mock.state.clock.set(FIRST_SESSION - 1000);
    const answer = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    expect(answer).toMatchObject({ status: 200, error_code: 999999 });
    expect(answer.data).toEqual({
      paid_amount: 1720,
      refunded_amount: 0,
      refundable_amount: 1720,
      session_count: 16,
      held_sessions: 0,
      remaining_sessions: 16,
      per_session_fee: 100,
      is_full: true,
      rule: '开课前退费：已缴学费及补缴费用全额退还',
    });
  });

  it('after the first session gives back the sessions not yet held, without the supplementary fees', async () => {
    const me = await mock.signIn('mum');
    afterSession(3);
    const { data } = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    expect(data).toMatchObject({ paid_amount: 1720, refundable_amount: 1300, held_sessions: 3, remaining_sessions: 13, per_session_fee: 100, is_full: false });
    expect(data.rule).toBe('已开课3次：按未上课的13次课退还学费（每次100.00元），补缴费用不予退还');
  });

  it('counts a session as held from its start time on the mock clock', async () => {
    const me = await mock.signIn('mum');
    mock.state.clock.set(FIRST_SESSION);
    const { data } = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    expect(data).toMatchObject({ held_sessions: 1, refundable_amount: 1500, is_full: false });
  });

  it('computes the session fee in fen, rounded down, so amounts never drift', async () => {
    const me = await mock.signIn('mum');
    await setPaid(ids.classOrder, { amount: 999, paid_amount: 999 });
    afterSession(1);
    const { data } = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    // 99900 fen / 16 = 6243.75 → 6243 fen a session; 15 × 6243 = 93645 fen.
    expect(data).toMatchObject({ per_session_fee: 62.43, refundable_amount: 936.45 });
  });

  it('never gives back more tuition than was paid (a discounted order)', async () => {
    const me = await mock.signIn('mum');
    await setPaid(ids.classOrder, { paid_amount: 1000 });
    afterSession(1);
    const { data } = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    expect(data.refundable_amount).toBe(1000);
    expect(data.rule).toContain('以尚未退还的已缴学费1000.00元为限');
  });

  it('answers nothing left once every session has started', async () => {
    const me = await mock.signIn('mum');
    afterSession(16);
    const { data } = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    expect(data).toMatchObject({ refundable_amount: 0, remaining_sessions: 0, rule: '课程16次已全部开课，没有可退的金额' });
  });

  it('does not count a rejected refund as refunded', async () => {
    const me = await mock.signIn('mum');
    await addRefund({ order_id: ids.classOrder, amount: 1720, status: refundStatus.values.rejected, reject_reason: '材料不全' });
    const { data } = await mock.call('preview_refund_fee', { pathParams: { id: ids.classOrder } }, me);
    expect(data).toMatchObject({ refunded_amount: 0, refundable_amount: 1720 });
  });

  it('refuses an order that cannot be refunded, saying why', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('preview_refund_fee', { pathParams: { id: ids.unpaidOrder } }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.refundNotAllowed.code, msg: '订单尚未支付，不能申请退费' });
  });

  it('answers 404 for another parent’s order', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('preview_refund_fee', { pathParams: { id: ids.otherOrder } }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '订单不存在或已删除' });
  });
});

describe('apply_refund', () => {
  it('creates the refund the preview showed and puts the order in refunding', async () => {
    const me = await mock.signIn('mum');
    afterSession(3);
    const answer = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(answer).toMatchObject({ status: 200, error_code: 999999, data: { refund_id: 1, amount: 1300 } });
    expect(refundRows(ids.classOrder)).toEqual([
      expect.objectContaining({
        id: 1,
        refund_no: 'RF2026091900000001',
        parent_id: ids.mum,
        amount: 1300,
        status: refundStatus.values.applying,
        reason: '孩子时间安排冲突',
        sessions_refunded: 13,
        applied_at: '2026-09-19T10:00:00+08:00',
        finished_at: null,
        is_activity: false,
      }),
    ]);
    expect(orderRow(ids.classOrder).status).toBe(orderStatus.values.refunding);
  });

  it('cannot be applied twice', async () => {
    const me = await mock.signIn('mum');
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const again = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(again).toMatchObject({ status: 200, error_code: errorCodes.refundNotAllowed.code, msg: '该订单已有退费申请正在处理，请勿重复申请' });
    expect(refundRows(ids.classOrder)).toHaveLength(1);
  });

  it('refuses while a refund is on its way, even if the order still reads paid', async () => {
    const me = await mock.signIn('mum');
    await addRefund({ order_id: ids.classOrder, amount: 100, status: refundStatus.values.processing, applied_at: toIso(NOW - HOUR) });
    const answer = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(answer).toMatchObject({ error_code: errorCodes.refundNotAllowed.code, msg: '该订单已有退费申请正在处理，请勿重复申请' });
  });

  it.each([
    [orderStatus.values.unpaid, '订单尚未支付，不能申请退费'],
    [orderStatus.values.cancelled, '订单已取消，不能申请退费'],
    [orderStatus.values.closed, '订单已关闭，不能申请退费'],
    [orderStatus.values.refunding, '该订单已有退费申请正在处理，请勿重复申请'],
    [orderStatus.values.refunded, '订单已全额退费，不能再次申请'],
  ])('refuses an order in status %i: %s', async (status, msg) => {
    const me = await mock.signIn('mum');
    await setOrder(ids.classOrder, { status });
    const answer = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.refundNotAllowed.code, msg });
  });

  it('refuses when nothing is left, with the rule as the msg', async () => {
    const me = await mock.signIn('mum');
    afterSession(16);
    const answer = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.refundNothingLeft.code, msg: '课程16次已全部开课，没有可退的金额' });
  });

  it('answers 404 for another parent’s order and for an unknown one', async () => {
    const me = await mock.signIn('mum');
    for (const id of [ids.otherOrder, 999]) {
      const answer = await mock.call('apply_refund', { pathParams: { id }, body: reason }, me);
      expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
    }
    expect(mock.state.db.refunds.count()).toBe(0);
  });

  it('leaves every table as it was when it refuses', async () => {
    const me = await mock.signIn('mum');
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const before = mock.state.snapshot();
    const again = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(again.error_code).toBe(errorCodes.refundNotAllowed.code);
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('needs a reason (contract)', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: { reason: ' ' } }, me);
    expect(answer).toMatchObject({ status: 400, error_code: errorCodes.invalidRequest.code, msg: 'reason：请填写退费原因' });
  });
});

describe('a refund over time', () => {
  it('is processing after an hour and refunded a day later; the seat comes back', async () => {
    const me = await mock.signIn('mum');
    // The unpaid order would close as the clock moves and free its own seat.
    await setOrder(ids.unpaidOrder, { status: orderStatus.values.cancelled });
    const seats = seatsLeft(mock.state, 1);
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(applied.data.amount).toBe(1720);

    mock.state.clock.advance(HOUR - 1000);
    let detail = await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, me);
    expect(detail.data.status).toBe(refundStatus.values.applying);

    mock.state.clock.advance(1000);
    detail = await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, me);
    expect(detail.data).toMatchObject({ status: refundStatus.values.processing, finished_at: null });
    expect(orderRow(ids.classOrder)).toMatchObject({ status: orderStatus.values.refunding, refunded_amount: 0 });

    mock.state.clock.advance(DAY);
    detail = await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, me);
    expect(detail.data).toMatchObject({ status: refundStatus.values.refunded, amount: 1720, finished_at: '2026-09-02T11:00:00+08:00' });
    expect(orderRow(ids.classOrder)).toMatchObject({ status: orderStatus.values.refunded, refunded_amount: 1720 });
    expect(seatsLeft(mock.state, 1)).toBe(seats + 1);
  });

  it('passes both stages at once when the clock jumps, with the times they were due', async () => {
    const me = await mock.signIn('mum');
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    mock.state.clock.advance(30 * DAY);
    const detail = await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, me);
    expect(detail.data).toMatchObject({ status: refundStatus.values.refunded, finished_at: '2026-09-02T11:00:00+08:00' });
  });

  it('leaves a partial refund partially refunded: the supplementary fee stays paid', async () => {
    const me = await mock.signIn('mum');
    afterSession(3);
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    mock.state.clock.advance(2 * DAY);
    const remain = await mock.call('refund_remain_query', { pathParams: { id: ids.classOrder } }, me);
    expect(remain.data).toEqual({ paid_amount: 1720, refunded_amount: 1300, remain_amount: 0 });
    expect(orderRow(ids.classOrder)).toMatchObject({ status: orderStatus.values.partiallyRefunded, refunded_amount: 1300 });
  });
});

describe('the sign-up follows its refunded order', () => {
  const signUpOf = (orderId: number) => mock.state.db.signUps.findFirst((q) => q.where({ id: orderRow(orderId).sign_up_id }), { strict: true });

  it('everything back: the sign-up is 已退费, no longer live, and the child may sign up again', async () => {
    const me = await mock.signIn('mum');
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    mock.state.clock.advance(2 * DAY);
    const seen = await mock.call('sign_up_get', { pathParams: { id: signUpOf(ids.classOrder).id } }, me);
    expect(seen.data).toMatchObject({ status: signUpStatus.values.refunded, remark: '已全额退费，名额已释放' });
    const list = await mock.call('sign_up_list', { query: { status: signUpStatus.values.refunded } }, me);
    expect(list.data.list.map((u) => u.order_id)).toEqual([ids.classOrder]);
  });

  it('the sessions not held back: the sign-up is 已退出', async () => {
    const me = await mock.signIn('mum');
    afterSession(3);
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const running = await mock.call('sign_up_get', { pathParams: { id: signUpOf(ids.classOrder).id } }, me);
    expect(running.data).toMatchObject({ status: signUpStatus.values.enrolled, remark: '退费申请处理中，退费完成后将退出该班' });
    mock.state.clock.advance(2 * DAY);
    const seen = await mock.call('sign_up_get', { pathParams: { id: signUpOf(ids.classOrder).id } }, me);
    expect(seen.data).toMatchObject({ status: signUpStatus.values.withdrawn, remark: '已按未上课次数退费，已退出该班，名额已释放' });
  });
});

describe('two partial refunds', () => {
  it('never give a session back twice', async () => {
    const me = await mock.signIn('mum');
    afterSession(3);
    await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    afterSession(10);
    // 6 sessions are still ahead, but the first refund already gave them back.
    const second = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(second).toMatchObject({ error_code: errorCodes.refundNothingLeft.code, msg: '未上课次数的学费已全部退还，没有可退的金额' });
    const refunded = refundRows(ids.classOrder).reduce((sum, r) => sum + r.amount, 0);
    expect(refunded).toBe(1300);
  });

  it('never add up to more than was paid', async () => {
    const me = await mock.signIn('mum');
    // A counter refund of 900 yuan for 5 sessions, already paid out.
    await addRefund({ order_id: ids.classOrder, amount: 900, sessions_refunded: 5, status: refundStatus.values.refunded, finished_at: toIso(NOW - 9 * DAY) });
    await setOrder(ids.classOrder, { refunded_amount: 900, status: orderStatus.values.partiallyRefunded });
    afterSession(1);
    // 10 sessions left at 100 would be 1000, but only 700 of the 1600 tuition is still unrefunded.
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    expect(applied.data.amount).toBe(700);
    mock.state.clock.advance(2 * DAY);
    const remain = await mock.call('refund_remain_query', { pathParams: { id: ids.classOrder } }, me);
    expect(remain.data).toEqual({ paid_amount: 1720, refunded_amount: 1600, remain_amount: 0 });
    expect(orderRow(ids.classOrder)).toMatchObject({ status: orderStatus.values.partiallyRefunded, refunded_amount: 1600 });
  });
});

describe('refund_remain_query', () => {
  it('answers paid, refunded and what is still refundable', async () => {
    const me = await mock.signIn('mum');
    await addRefund({ order_id: ids.classOrder, amount: 300, sessions_refunded: 3, status: refundStatus.values.refunded });
    await addRefund({ order_id: ids.classOrder, amount: 1720, status: refundStatus.values.rejected });
    await setOrder(ids.classOrder, { refunded_amount: 300, status: orderStatus.values.partiallyRefunded });
    afterSession(2);
    const answer = await mock.call('refund_remain_query', { pathParams: { id: ids.classOrder } }, me);
    // 14 sessions ahead, 3 of them already refunded: 11 × 100.
    expect(answer.data).toEqual({ paid_amount: 1720, refunded_amount: 300, remain_amount: 1100 });
  });

  it('answers 404 for another parent’s order', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('refund_remain_query', { pathParams: { id: ids.otherOrder } }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
  });
});

describe('activity refunds', () => {
  it('give everything back before the activity starts', async () => {
    const me = await mock.signIn('mum');
    mock.state.clock.set(ACTIVITY_START - 1000);
    const preview = await mock.call('activity_preview_refund_fee', { pathParams: { id: ids.activityOrder } }, me);
    expect(preview.data).toMatchObject({ paid_amount: 200, refundable_amount: 200, is_full: true, rule: '活动开始前退费：已缴费用全额退还' });
    const applied = await mock.call('activity_apply_refund', { pathParams: { id: ids.activityOrder }, body: reason }, me);
    expect(applied.data).toEqual({ refund_id: 1, amount: 200 });
    expect(refundRows(ids.activityOrder)).toEqual([expect.objectContaining({ is_activity: true, sessions_refunded: 1, amount: 200 })]);
    const detail = await mock.call('activity_refund_detail', { pathParams: { id: 1 } }, me);
    expect(detail.data).toMatchObject({ id: 1, order_id: ids.activityOrder, amount: 200, status: refundStatus.values.applying });
  });

  it('give nothing back once the activity has started', async () => {
    const me = await mock.signIn('mum');
    mock.state.clock.set(ACTIVITY_START);
    const preview = await mock.call('activity_preview_refund_fee', { pathParams: { id: ids.activityOrder } }, me);
    expect(preview.data).toMatchObject({ refundable_amount: 0, is_full: false, rule: '活动已开始，不能退费' });
    const applied = await mock.call('activity_apply_refund', { pathParams: { id: ids.activityOrder }, body: reason }, me);
    expect(applied).toMatchObject({ status: 200, error_code: errorCodes.refundNothingLeft.code, msg: '活动已开始，不能退费' });
    expect(mock.state.db.refunds.count()).toBe(0);
  });

  it('are refused by the class operations, which point to the activity ones', async () => {
    const me = await mock.signIn('mum');
    const pathParams = { id: ids.activityOrder };
    const answers = [await mock.call('preview_refund_fee', { pathParams }, me), await mock.call('apply_refund', { pathParams, body: reason }, me)];
    for (const answer of answers) {
      expect(answer).toMatchObject({ error_code: errorCodes.refundNotAllowed.code, msg: '该订单为活动订单，请使用活动退费' });
    }
  });

  it('operations refuse class orders, pointing to the class ones', async () => {
    const me = await mock.signIn('mum');
    const pathParams = { id: ids.classOrder };
    const answers = [await mock.call('activity_preview_refund_fee', { pathParams }, me), await mock.call('activity_apply_refund', { pathParams, body: reason }, me)];
    for (const answer of answers) {
      expect(answer).toMatchObject({ error_code: errorCodes.refundNotAllowed.code, msg: '该订单为课程订单，请使用课程退费' });
    }
    expect(mock.state.db.refunds.count()).toBe(0);
  });

  it('details are read by the operation of their kind', async () => {
    const me = await mock.signIn('mum');
    await addRefund({ id: 7, order_id: ids.activityOrder, amount: 200, status: refundStatus.values.applying, is_activity: true });
    await addRefund({ id: 8, order_id: ids.classOrder, amount: 1720, status: refundStatus.values.rejected });
    expect(await mock.call('refund_detail', { pathParams: { id: 7 } }, me)).toMatchObject({
      status: 404,
      error_code: errorCodes.notFound.code,
      msg: '该退费记录属于活动订单，请在活动退费详情中查看',
    });
    expect(await mock.call('activity_refund_detail', { pathParams: { id: 8 } }, me)).toMatchObject({
      status: 404,
      error_code: errorCodes.notFound.code,
      msg: '该退费记录属于课程订单，请在课程退费详情中查看',
    });
  });
});

describe('refund_detail', () => {
  it('answers the parent’s refund with the order’s names', async () => {
    const me = await mock.signIn('mum');
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const answer = await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, me);
    expect(answer.data).toMatchObject({
      id: applied.data.refund_id,
      order_id: ids.classOrder,
      order_no: orderRow(ids.classOrder).order_no,
      class_name: '少儿国画启蒙班',
      contact_name: '王小明',
      amount: 1720,
      reason: '孩子时间安排冲突',
      sessions_refunded: 16,
    });
  });

  it('answers 404 for another parent’s refund', async () => {
    const other = await mock.signIn('other');
    const me = await mock.signIn('mum');
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const answer = await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, other);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '退费记录不存在或已删除' });
  });
});

describe('withdraw_refund (撤回)', () => {
  it('withdraws an application still 申请中: the refund is 已撤回, the order paid again, a new application possible', async () => {
    const me = await mock.signIn('mum');
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const answer = await mock.call('withdraw_refund', { pathParams: { id: applied.data.refund_id } }, me);
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.success.code, data: null });
    expect(refundRows(ids.classOrder)[0]).toMatchObject({ status: refundStatus.values.withdrawn, finished_at: toIso(NOW) });
    expect(orderRow(ids.classOrder).status).toBe(orderStatus.values.paid);
    // Nothing more happens to it as the clock moves, and the order can be refunded again.
    mock.state.clock.advance(2 * DAY);
    expect((await mock.call('refund_detail', { pathParams: { id: applied.data.refund_id } }, await mock.signIn('mum'))).data.status).toBe(refundStatus.values.withdrawn);
    expect((await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, await mock.signIn('mum'))).error_code).toBe(errorCodes.success.code);
  });

  it('refuses once the centre has accepted it, and another parent’s refund, changing nothing', async () => {
    const me = await mock.signIn('mum');
    const applied = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    const other = await mock.call('withdraw_refund', { pathParams: { id: applied.data.refund_id } }, await mock.signIn('other'));
    expect(other.status).toBe(404);
    mock.state.clock.advance(2 * HOUR);
    const later = await mock.signIn('mum');
    await mock.state.catchUp();
    const before = mock.state.snapshot();
    const answer = await mock.call('withdraw_refund', { pathParams: { id: applied.data.refund_id } }, later);
    expect(answer).toMatchObject({ error_code: errorCodes.refundNotAllowed.code, msg: '退费申请已受理，不能撤回' });
    expect(mock.state.snapshot()).toEqual(before);
  });
});

describe('my_refund_list (the project’s own call, decision 033)', () => {
  it('lists the parent’s refunds newest first, each with what the records page shows of its order', async () => {
    const me = await mock.signIn('mum');
    const regular = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    mock.state.clock.advance(HOUR);
    const activity = await mock.call('activity_apply_refund', { pathParams: { id: ids.activityOrder }, body: reason }, await mock.signIn('mum'));
    const answer = await mock.call('my_refund_list', { query: {} }, await mock.signIn('mum'));
    expect(answer).toMatchObject({ status: 200, error_code: errorCodes.success.code });
    expect(answer.data).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(answer.data.list.map((r) => r.id)).toEqual([activity.data.refund_id, regular.data.refund_id]);
    expect(answer.data.list[1]).toMatchObject({
      id: regular.data.refund_id,
      order_id: ids.classOrder,
      order_no: orderRow(ids.classOrder).order_no,
      class_name: '少儿国画启蒙班',
      contact_name: '王小明',
      amount: 1720,
      // The centre accepts an application an hour after it was made.
      status: refundStatus.values.processing,
      applied_at: toIso(NOW),
      order_status: orderStatus.values.refunding,
      order_paid_amount: 1600,
      class_type: classType.values.regular,
    });
    expect(answer.data.list[0]).toMatchObject({ class_name: '中秋亲子灯笼制作', order_paid_amount: 200, class_type: classType.values.activity });
  });

  it('filters by the refund’s status and pages, and shows nobody another parent’s refunds', async () => {
    const me = await mock.signIn('mum');
    const first = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, me);
    await mock.call('withdraw_refund', { pathParams: { id: first.data.refund_id } }, me);
    mock.state.clock.advance(HOUR);
    const second = await mock.call('apply_refund', { pathParams: { id: ids.classOrder }, body: reason }, await mock.signIn('mum'));
    const list = async (query: Record<string, number>) => (await mock.call('my_refund_list', { query }, await mock.signIn('mum'))).data;
    expect((await list({ status: refundStatus.values.withdrawn })).list.map((r) => r.id)).toEqual([first.data.refund_id]);
    expect((await list({ status: refundStatus.values.applying })).list.map((r) => r.id)).toEqual([second.data.refund_id]);
    const page2 = await list({ page: 2, page_size: 1 });
    expect(page2).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.list.map((r) => r.id)).toEqual([first.data.refund_id]);
    const theirs = await mock.call('my_refund_list', { query: {} }, await mock.signIn('other'));
    expect(theirs.data).toMatchObject({ list: [], total: 0 });
  });
});
