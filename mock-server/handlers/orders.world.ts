/**
 * The world of the sign-up, order and payment tests. 2026-09-01 is a Tuesday, 10:00.
 *
 * Parent 'mum' has 小明 (7, passed), 小红 (7, passed), a child under review, a rejected one and a
 * deleted one; parent 'other' has a child of their own. Classes (Tuesdays unless said):
 *   art        first-come 09:00-10:30 from 09-15, 2 seats, 1600 yuan, 6-10 years
 *   calligraphy first-come 10:00-11:30 from 09-15 (overlaps art)
 *   chess      first-come 10:30-12:00 from 09-15 (touches art's end, no overlap)
 *   dance      lottery, Saturdays, 2 seats, window until 09-02 10:00, draw 09-03 10:00
 *   choir      interview, Sundays, 1 seat, window until 09-02 10:00, interview 09-04 14:00
 *   coding     秒杀, Wednesdays, 1 seat, opens 11:00 today
 *   robotics   first-come, Thursdays, 12-15 years
 *   closed     first-come, Fridays, window ended yesterday
 *   started    first-come, 5 Tuesdays 09:00-10:30 from 08-11 (4 held counting the one under way now, last 09-08)
 *   finished   first-come, 2 Mondays in August (all held)
 */
import { admissionKind, contactAuditStatus, orderStatus, signUpStatus } from '#contract/index';
import { buildWorld, type WorldBuilder } from '#fixtures/snapshot';
import type { Row } from '#fixtures/records';
import { DAY, HOUR, at, toIso } from '#fixtures/time';
import { addTradesOfPayments } from '#fixtures/world';

export const NOW = at('2026-09-01', '10:00');

export const ids = {
  mum: 1,
  other: 2,
  xiaoming: 1,
  xiaohong: 2,
  reviewing: 3,
  rejected: 4,
  deleted: 5,
  otherChild: 6,
  art: 1,
  calligraphy: 2,
  chess: 3,
  dance: 4,
  choir: 5,
  coding: 6,
  robotics: 7,
  closed: 8,
  started: 9,
  finished: 10,
} as const;

type ClassInput = Partial<Row<'classes'>> & { id: number; name: string };

export function orderWorld(extra?: (b: WorldBuilder) => void) {
  return buildWorld(5, NOW, (b) => {
    const { f, add } = b;
    add('parents', f.parent({ id: ids.mum, username: 'mum' }), f.parent({ id: ids.other, username: 'other' }));
    add(
      'contacts',
      f.contact(ids.mum, { id: ids.xiaoming, name: '小明', age: 7 }),
      f.contact(ids.mum, { id: ids.xiaohong, name: '小红', age: 7 }),
      // Submitted just now: reviews pass a day after submission (rules/account-time.ts).
      f.contact(ids.mum, { id: ids.reviewing, name: '小刚', age: 7, audit_status: contactAuditStatus.values.reviewing, created_at: toIso(NOW) }),
      f.contact(ids.mum, { id: ids.rejected, name: '小丽', age: 7, audit_status: contactAuditStatus.values.rejected, reject_reason: '证件照片不清晰' }),
      f.contact(ids.mum, { id: ids.deleted, name: '小强', age: 7, deleted: true }),
      f.contact(ids.other, { id: ids.otherChild, name: '小华', age: 7 }),
    );
    const center = add('centers', f.center({ id: 1, name: '艺术中心' }))[0]!;
    const specialty = add('specialties', f.specialty(center.id, { id: 1, name: '综合' }))[0]!;
    const klass = (o: ClassInput) => {
      const row = f.classRow({ center_id: center.id, specialty_id: specialty.id, first_session_date: '2026-09-15', ...o });
      add('classes', row);
      // Session ids by class keep them unique across classes.
      add('classSessions', ...f.sessionsOf(row, row.id * 100));
    };
    klass({ id: ids.art, name: '少儿美术启蒙班', capacity: 2, fee: 1600 });
    klass({ id: ids.calligraphy, name: '少儿书法班', start_time: '10:00', end_time: '11:30', fee: 1200 });
    klass({ id: ids.chess, name: '少儿围棋班', start_time: '10:30', end_time: '12:00' });
    const window = { sign_up_end_at: toIso(NOW + DAY) };
    klass({ id: ids.dance, name: '少儿舞蹈班', admission_kind: admissionKind.values.lottery, capacity: 2, first_session_date: '2026-09-19', ...window, lottery_at: toIso(NOW + 2 * DAY) });
    klass({
      id: ids.choir,
      name: '少儿合唱团',
      admission_kind: admissionKind.values.interview,
      capacity: 1,
      first_session_date: '2026-09-20',
      ...window,
      interview_at: toIso(at('2026-09-04', '14:00')),
    });
    klass({ id: ids.coding, name: '少儿编程秒杀班', admission_kind: admissionKind.values.seckill, capacity: 1, first_session_date: '2026-09-16', sign_up_start_at: toIso(NOW + HOUR) });
    klass({ id: ids.robotics, name: '青少年机器人班', min_age: 12, max_age: 15, first_session_date: '2026-09-17' });
    klass({ id: ids.closed, name: '少儿书画班', first_session_date: '2026-09-18', sign_up_end_at: toIso(NOW - DAY) });
    klass({ id: ids.started, name: '少儿钢琴班', first_session_date: '2026-08-11', session_count: 5, sign_up_start_at: toIso(NOW - 30 * DAY) });
    klass({ id: ids.finished, name: '暑期手工班', first_session_date: '2026-08-17', session_count: 2, sign_up_start_at: toIso(NOW - 30 * DAY) });
    extra?.(b);
    addTradesOfPayments(b);
  });
}

/**
 * A sign-up of mum's child with its order (consistent statuses: an unpaid order's sign-up is
 * ordered, a paid one's enrolled, an ended one's cancelled). Returns the order id (the same as the sign-up id).
 */
export function addOrder({ f, add }: WorldBuilder, o: { id: number; class_id: number; contact_id?: number; parent_id?: number } & Partial<Row<'orders'>>): number {
  const parentId = o.parent_id ?? ids.mum;
  const contactId = o.contact_id ?? ids.xiaoming;
  const order = f.order({ amount: 1600, ...o, parent_id: parentId, contact_id: contactId, sign_up_id: o.id });
  const status = order.pay_time !== null ? signUpStatus.values.enrolled : order.status === orderStatus.values.unpaid ? signUpStatus.values.ordered : signUpStatus.values.cancelled;
  add('signUps', f.signUp({ id: o.id, parent_id: parentId, class_id: o.class_id, contact_id: contactId, order_id: order.id, status, created_at: order.created_at }));
  add('orders', order);
  return order.id;
}
