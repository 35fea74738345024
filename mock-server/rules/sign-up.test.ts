import { describe, expect, it } from 'vitest';
import { errorCodes, orderStatus, signUpStatus } from '#contract/index';
import { DAY, HOUR, at, toIso } from '#fixtures/time';
import { addOrder, ids, NOW, orderWorld } from '../handlers/orders.world.ts';
import { setupMockForTests, type Credentials } from '../testing.ts';

/** A child who turns 12 on 2026-09-05 (robotics takes 12 to 15). */
const ALMOST_TWELVE = 7;

const mock = setupMockForTests({
  world: () =>
    orderWorld(({ f, add }) => {
      add('contacts', f.contact(ids.mum, { id: ALMOST_TWELVE, name: '小军', birth_date: '2014-09-05' }));
    }),
});

const signUp = (me: Credentials, class_id: number, contact_id: number = ids.xiaoming) => mock.call('sign_up_post', { body: { class_id, contact_id, agree_rules: true } }, me);

const refusal = (name: keyof typeof errorCodes, msg: string) => ({ status: errorCodes[name].http, error_code: errorCodes[name].code, msg });

describe('sign_up_post: who may sign up', () => {
  it('refuses a child that is not the parent’s, or deleted, as not found', async () => {
    const me = await mock.signIn('mum');
    expect(await signUp(me, ids.art, ids.otherChild)).toMatchObject(refusal('notFound', '孩子信息不存在或已删除'));
    expect(await signUp(me, ids.art, ids.deleted)).toMatchObject(refusal('notFound', '孩子信息不存在或已删除'));
    expect(mock.state.db.signUps.count()).toBe(0);
  });

  it('refuses a child whose profile has not passed review, saying why', async () => {
    const me = await mock.signIn('mum');
    expect(await signUp(me, ids.art, ids.reviewing)).toMatchObject(refusal('contactNotPassed', '小刚的信息正在审核中，审核通过后才能报名'));
    expect(await signUp(me, ids.art, ids.rejected)).toMatchObject(refusal('contactNotPassed', '小丽的信息审核未通过：证件照片不清晰，请修改后重新提交'));
  });

  it('refuses a class that does not exist', async () => {
    const me = await mock.signIn('mum');
    expect(await signUp(me, 999)).toMatchObject(refusal('notFound', '班级不存在或已下架'));
  });

  it('requires agreeing to the rules: the contract refuses the request before any rule runs', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('sign_up_post', { body: { class_id: ids.art, contact_id: ids.xiaoming, agree_rules: false as true } }, me);
    expect(answer).toMatchObject({ status: 400, error_code: errorCodes.invalidRequest.code });
    expect(answer.msg).toContain('请先阅读并同意报名须知');
    expect(mock.state.db.signUps.count()).toBe(0);
  });

  it('opens a 秒杀 exactly at sign_up_start_at, telling the parent when before that', async () => {
    const me = await mock.signIn('mum');
    expect(await signUp(me, ids.coding)).toMatchObject(refusal('signUpNotOpen', '报名将于9月1日 11:00开始'));
    mock.state.clock.set(NOW + HOUR - 1000);
    expect(await signUp(me, ids.coding)).toMatchObject({ error_code: errorCodes.signUpNotOpen.code });
    mock.state.clock.set(NOW + HOUR);
    expect(await signUp(me, ids.coding)).toMatchObject({ status: 200, data: { status: signUpStatus.values.awaitingOrder } });
  });

  it('refuses after the window, saying when it closed', async () => {
    const me = await mock.signIn('mum');
    expect(await signUp(me, ids.closed)).toMatchObject(refusal('signUpClosed', '报名已于8月31日 10:00结束'));
  });

  it('checks the age on the mock clock’s today, naming the range and the child’s age', async () => {
    const me = await mock.signIn('mum');
    expect(await signUp(me, ids.robotics)).toMatchObject(refusal('ageNotFit', '该班级招收12至15岁的孩子，小明今年7岁，不符合年龄要求'));
    expect(await signUp(me, ids.robotics, ALMOST_TWELVE)).toMatchObject(refusal('ageNotFit', '该班级招收12至15岁的孩子，小军今年11岁，不符合年龄要求'));
    mock.state.clock.set(at('2026-09-05'));
    expect(await signUp(await mock.signIn('mum'), ids.robotics, ALMOST_TWELVE)).toMatchObject({ status: 200, data: { contact_name: '小军' } });
  });

  it('refuses a second live sign-up of the same child and class, but not after a cancellation', async () => {
    const me = await mock.signIn('mum');
    const first = await signUp(me, ids.art);
    expect(await signUp(me, ids.art)).toMatchObject(refusal('alreadySignedUp', '小明已报名「少儿美术启蒙班」（待下单），请勿重复报名'));
    expect(await signUp(me, ids.art, ids.xiaohong)).toMatchObject({ status: 200 });
    await mock.call('cancel_sign_up', { pathParams: { id: first.data.id }, body: {} }, me);
    expect(await signUp(me, ids.art)).toMatchObject({ status: 200 });
  });

  it('refuses a class that meets at the same time as one of the child’s, naming it', async () => {
    const me = await mock.signIn('mum');
    await signUp(me, ids.art);
    expect(await signUp(me, ids.calligraphy)).toMatchObject(refusal('timeConflict', '与小明已报名的「少儿美术启蒙班」上课时间冲突（9月15日 09:00-10:30）'));
    // 10:30-12:00 starts as art ends: no overlap. Another child is not concerned.
    expect(await signUp(me, ids.chess)).toMatchObject({ status: 200 });
    expect(await signUp(me, ids.calligraphy, ids.xiaohong)).toMatchObject({ status: 200 });
  });

  it('refuses a first-come class whose seats are held by orders, but lets a lottery class queue', async () => {
    const me = await mock.signIn('mum');
    const other = await mock.signIn('other');
    for (const [who, contact_id] of [
      [me, ids.xiaohong],
      [other, ids.otherChild],
    ] as const) {
      const s = await signUp(who, ids.art, contact_id);
      expect(await mock.call('place_order', { body: { sign_up_id: s.data.id } }, who)).toMatchObject({ status: 200 });
    }
    expect(await signUp(me, ids.art)).toMatchObject(refusal('classFull', '「少儿美术启蒙班」名额已满，请关注其他班级'));

    // Both dance seats held by admitted sign-ups: a lottery sign-up still queues (the draw decides).
    for (const [id, contact_id] of [
      [50, ids.xiaohong],
      [51, ALMOST_TWELVE],
    ] as const) {
      await mock.state.db.signUps.create({
        id,
        parent_id: ids.mum,
        class_id: ids.dance,
        contact_id,
        status: signUpStatus.values.admitted,
        created_at: toIso(NOW),
        result_at: null,
        order_id: null,
        cancel_reason: null,
        cancelled_at: null,
        rank: null,
      });
    }
    expect(await signUp(me, ids.dance)).toMatchObject({ status: 200, data: { status: signUpStatus.values.lotteryPending } });
  });

  it('refuses a child who cancelled this class three times, and cancel_sign_up_count says so', async () => {
    const me = await mock.signIn('mum');
    const count = () => mock.call('cancel_sign_up_count', { query: { class_id: ids.art, contact_id: ids.xiaoming } }, me);
    expect((await count()).data).toEqual({ count: 0, limit: 3 });
    for (let i = 0; i < 3; i += 1) {
      const s = await signUp(me, ids.art);
      expect(s.status).toBe(200);
      await mock.call('cancel_sign_up', { pathParams: { id: s.data.id }, body: {} }, me);
    }
    expect((await count()).data).toEqual({ count: 3, limit: 3 });
    expect(await signUp(me, ids.art)).toMatchObject(refusal('cancelLimit', '小明已取消该班级报名3次，达到上限3次，不能再次报名'));
  });

  it('reports the first failing check: window before age before duplicates before conflicts', async () => {
    const me = await mock.signIn('mum');
    await signUp(me, ids.art);
    const calligraphy = (data: (c: { sign_up_end_at: string; min_age: number }) => void) => mock.state.db.classes.update((q) => q.where({ id: ids.calligraphy }), { data });
    await calligraphy((c) => {
      c.sign_up_end_at = toIso(NOW - DAY);
      c.min_age = 12;
    });
    expect((await signUp(me, ids.calligraphy)).error_code).toBe(errorCodes.signUpClosed.code);
    await calligraphy((c) => void (c.sign_up_end_at = toIso(NOW + DAY)));
    expect((await signUp(me, ids.calligraphy)).error_code).toBe(errorCodes.ageNotFit.code);
    await calligraphy((c) => void (c.min_age = 6));
    expect((await signUp(me, ids.calligraphy)).error_code).toBe(errorCodes.timeConflict.code);
  });
});

describe('sign_up_post: where a sign-up starts', () => {
  it('first-come waits for an order, with nothing to wait for', async () => {
    const me = await mock.signIn('mum');
    const answer = await signUp(me, ids.art);
    expect(answer).toMatchObject({ status: 200, msg: '报名成功' });
    expect(answer.data).toEqual({
      id: 1,
      class_id: ids.art,
      class_name: '少儿美术启蒙班',
      cover_url: `class/${ids.art}.svg`,
      admission_kind: 1,
      contact_id: ids.xiaoming,
      contact_name: '小明',
      status: signUpStatus.values.awaitingOrder,
      fee: 1600,
      order_id: null,
      created_at: toIso(NOW),
      result_at: null,
      order_deadline: toIso(NOW + DAY),
      remark: '请于9月2日 10:00前下单，下单后名额为您保留30分钟，名额先到先得',
    });
    expect(mock.state.db.signUps.findFirst((q) => q.where({ id: 1 }))).toMatchObject({ parent_id: ids.mum, status: signUpStatus.values.awaitingOrder });
  });

  it('lottery waits for the draw at lottery_at, and says how it works', async () => {
    const me = await mock.signIn('mum');
    const { data } = await signUp(me, ids.dance);
    expect(data).toMatchObject({ status: signUpStatus.values.lotteryPending, result_at: toIso(NOW + 2 * DAY) });
    expect(data.remark).toBe('将于9月3日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知');
  });

  it('interview waits for the interview, whose result comes a day later', async () => {
    const me = await mock.signIn('mum');
    const { data } = await signUp(me, ids.choir);
    expect(data).toMatchObject({ status: signUpStatus.values.interviewPending, result_at: '2026-09-04T14:00:00+08:00' });
    expect(data.remark).toBe('面试时间9月4日 14:00，结果将于9月5日 14:00公布并以站内消息通知');
  });
});

describe('check_class_time_conflict', () => {
  it('answers the same conflicts sign_up refuses, with the other class’s schedule', async () => {
    const me = await mock.signIn('mum');
    const check = (class_id: number) => mock.call('check_class_time_conflict', { query: { class_id, contact_id: ids.xiaoming } }, me);
    expect((await check(ids.calligraphy)).data).toEqual({ is_conflict: false, conflicts: [] });
    await signUp(me, ids.art);
    expect((await check(ids.calligraphy)).data).toEqual({
      is_conflict: true,
      conflicts: [{ class_id: ids.art, class_name: '少儿美术启蒙班', schedule: '每周二 09:00-10:30，共16次' }],
    });
    expect((await check(ids.chess)).data.is_conflict).toBe(false);
  });

  it('counts paid orders, not closed ones', async () => {
    const world = orderWorld((b) => {
      addOrder(b, { id: 1, class_id: ids.art, status: orderStatus.values.paid, pay_time: toIso(NOW - DAY), paid_amount: 1600 });
      addOrder(b, { id: 2, class_id: ids.chess, contact_id: ids.xiaohong, status: orderStatus.values.closed, closed_at: toIso(NOW - DAY) });
    });
    await mock.state.load(world.snapshot);
    const me = await mock.signIn('mum');
    const check = (contact_id: number) => mock.call('check_class_time_conflict', { query: { class_id: ids.calligraphy, contact_id } }, me);
    expect((await check(ids.xiaoming)).data.conflicts.map((c) => c.class_id)).toEqual([ids.art]);
    expect((await check(ids.xiaohong)).data.is_conflict).toBe(false);
  });

  it('answers 404 for someone else’s child', async () => {
    const me = await mock.signIn('mum');
    expect(await mock.call('check_class_time_conflict', { query: { class_id: ids.art, contact_id: ids.otherChild } }, me)).toMatchObject(refusal('notFound', '孩子信息不存在或已删除'));
  });
});

describe('get_sign_up_fee', () => {
  it('is the tuition; materials come later as supplementary fees', async () => {
    const me = await mock.signIn('mum');
    expect((await mock.call('get_sign_up_fee', { query: { class_id: ids.calligraphy, contact_id: ids.xiaoming } }, me)).data).toEqual({
      tuition_fee: 1200,
      material_fee: 0,
      total_fee: 1200,
    });
    expect(await mock.call('get_sign_up_fee', { query: { class_id: 999, contact_id: ids.xiaoming } }, me)).toMatchObject({ status: 404 });
  });
});
