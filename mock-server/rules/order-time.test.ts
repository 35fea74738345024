import { describe, expect, it } from 'vitest';
import { errorCodes, orderStatus, paymentStatus, payType, signUpStatus } from '#contract/index';
import { DAY, HOUR, MINUTE, toIso } from '#fixtures/time';
import { ids, NOW, orderWorld } from '../handlers/orders.world.ts';
import { setupMockForTests, type Credentials } from '../testing.ts';
import { seatsLeft } from './seats.ts';

const mock = setupMockForTests({ world: () => orderWorld() });

async function orderArt(me: Credentials, contact_id: number) {
  const signUp = await mock.call('sign_up_post', { body: { class_id: ids.art, contact_id, agree_rules: true } }, me);
  const placed = await mock.call('place_order', { body: { sign_up_id: signUp.data.id } }, me);
  expect(placed.error_code).toBe(errorCodes.success.code);
  return { signUpId: signUp.data.id, orderId: placed.data.order_id };
}

describe('an unpaid order past its payment window', () => {
  it('closes as of its deadline: sign-up cancelled with the reason, waiting trade closed, seat back', async () => {
    const mum = await mock.signIn('mum');
    const other = await mock.signIn('other');
    const { signUpId, orderId } = await orderArt(mum, ids.xiaoming);
    await orderArt(other, ids.otherChild);
    const trade = (await mock.call('pay_sign_up', { body: { order_id: orderId, pay_type: payType.values.wechat } }, mum)).data;
    expect(seatsLeft(mock.state, ids.art)).toBe(0);

    mock.state.clock.advance(30 * MINUTE - 1000);
    await mock.state.catchUp();
    expect(mock.state.db.orders.findFirst((q) => q.where({ id: orderId }))?.status).toBe(orderStatus.values.unpaid);

    // Long after: closed_at is still the deadline, when the seat really came free.
    mock.state.clock.advance(DAY);
    await mock.state.catchUp();
    const deadline = toIso(NOW + 30 * MINUTE);
    expect(mock.state.db.orders.findFirst((q) => q.where({ id: orderId }))).toMatchObject({ status: orderStatus.values.closed, closed_at: deadline, cancelled_at: null });
    expect(mock.state.db.signUps.findFirst((q) => q.where({ id: signUpId }))).toMatchObject({
      status: signUpStatus.values.cancelled,
      cancel_reason: '超时未支付，名额已释放',
      cancelled_at: deadline,
    });
    expect(mock.state.db.trades.findFirst((q) => q.where({ trade_no: trade.trade_no }))?.status).toBe(paymentStatus.values.closed);
    // Both orders lapsed: both seats are back, and 小红 can take one.
    expect(seatsLeft(mock.state, ids.art)).toBe(2);
    const again = await mock.signIn('mum');
    await orderArt(again, ids.xiaohong);

    const seen = await mock.call('sign_up_get', { pathParams: { id: signUpId } }, again);
    expect(seen.data).toMatchObject({ status: signUpStatus.values.cancelled, remark: '超时未支付，名额已释放' });
    expect((await mock.call('cancel_sign_up_count', { query: { class_id: ids.art, contact_id: ids.xiaoming } }, again)).data.count).toBe(1);
  });

  it('is closed once only: running the rules again changes nothing', async () => {
    const mum = await mock.signIn('mum');
    await orderArt(mum, ids.xiaoming);
    mock.state.clock.advance(2 * HOUR);
    await mock.state.catchUp();
    const once = mock.state.snapshot();
    await mock.state.catchUp();
    expect(mock.state.snapshot()).toEqual(once);
  });
});

describe('a sign-up waiting for an order past its deadline', () => {
  it('a first-come one lapses a day after it was made: cancelled with the reason, and the child may sign up again', async () => {
    const mum = await mock.signIn('mum');
    const signUp = await mock.call('sign_up_post', { body: { class_id: ids.art, contact_id: ids.xiaoming, agree_rules: true } }, mum);
    expect(signUp.data.order_deadline).toBe(toIso(NOW + DAY));
    mock.state.clock.set(NOW + DAY - 1000);
    await mock.state.catchUp();
    expect(mock.state.db.signUps.findFirst((q) => q.where({ id: signUp.data.id }))?.status).toBe(signUpStatus.values.awaitingOrder);
    mock.state.clock.set(NOW + 2 * DAY);
    const later = await mock.signIn('mum');
    const seen = await mock.call('sign_up_get', { pathParams: { id: signUp.data.id } }, later);
    expect(seen.data).toMatchObject({ status: signUpStatus.values.cancelled, order_deadline: null, remark: '超时未下单，报名已失效' });
    expect(mock.state.db.signUps.findFirst((q) => q.where({ id: signUp.data.id }))?.cancelled_at).toBe(toIso(NOW + DAY));
    const again = await mock.call('sign_up_post', { body: { class_id: ids.art, contact_id: ids.xiaoming, agree_rules: true } }, later);
    expect(again.error_code).toBe(errorCodes.success.code);
  });

  it('an admitted one lapses three days after the draw, and its seat goes back', async () => {
    const mum = await mock.signIn('mum');
    const signUp = await mock.call('sign_up_post', { body: { class_id: ids.dance, contact_id: ids.xiaoming, agree_rules: true } }, mum);
    const draw = NOW + 2 * DAY;
    mock.state.clock.set(draw);
    await mock.state.catchUp();
    expect(mock.state.db.signUps.findFirst((q) => q.where({ id: signUp.data.id }))?.status).toBe(signUpStatus.values.admitted);
    expect(seatsLeft(mock.state, ids.dance)).toBe(1);
    const seen = await mock.call('sign_up_get', { pathParams: { id: signUp.data.id } }, await mock.signIn('mum'));
    expect(seen.data.order_deadline).toBe(toIso(draw + 3 * DAY));
    mock.state.clock.set(draw + 3 * DAY);
    await mock.state.catchUp();
    expect(mock.state.db.signUps.findFirst((q) => q.where({ id: signUp.data.id }))).toMatchObject({
      status: signUpStatus.values.cancelled,
      cancel_reason: '超时未下单，报名已失效',
      cancelled_at: toIso(draw + 3 * DAY),
    });
    expect(seatsLeft(mock.state, ids.dance)).toBe(2);
  });
});
