/**
 * The world of the after-sale tests: a parent ('mum') with a paid class order, an unpaid one and a
 * paid activity order, and another parent ('other') with a child, an order, a picker and an
 * address of their own, to show that nobody reaches someone else's records.
 */
import { classType, orderStatus, signUpStatus, supplyFeeStatus } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { addTradesOfPayments } from '#fixtures/world';
import { DAY, at, toIso } from '#fixtures/time';
import type { Row } from '#fixtures/records';

export const NOW = at('2026-09-01', '10:00');
/** The class meets on Saturdays at 09:00 from 2026-09-05, 16 times, for 1600 yuan (100 a session). */
export const FIRST_SESSION = at('2026-09-05', '09:00');
export const WEEK = 7 * DAY;
/** The activity takes place once, on 2026-09-12 at 14:00. */
export const ACTIVITY_START = at('2026-09-12', '14:00');
export const PAY_TIME = NOW - 2 * DAY;

/** Ids the tests name. */
export const ids = {
  mum: 1,
  other: 2,
  child: 1,
  otherChild: 2,
  classOrder: 1,
  unpaidOrder: 2,
  activityOrder: 3,
  otherOrder: 4,
  otherMailInfo: 1,
  otherPicker: 1,
} as const;

export function afterSaleWorld() {
  return buildWorld(11, NOW, (b) => {
    const { f, add } = b;
    add('parents', f.parent({ id: ids.mum, username: 'mum' }), f.parent({ id: ids.other, username: 'other' }));
    add('contacts', f.contact(ids.mum, { id: ids.child, name: '王小明' }), f.contact(ids.other, { id: ids.otherChild }));
    const center = add('centers', f.center({ name: '美术中心' }))[0]!;
    const specialty = add('specialties', f.specialty(center.id, { name: '国画' }))[0]!;
    const klass = add('classes', f.classRow({ id: 1, center_id: center.id, specialty_id: specialty.id, name: '少儿国画启蒙班', fee: 1600, first_session_date: '2026-09-05' }))[0]!;
    const activity = add(
      'classes',
      f.classRow({
        id: 2,
        center_id: center.id,
        specialty_id: specialty.id,
        name: '中秋亲子灯笼制作',
        class_type: classType.values.activity,
        fee: 200,
        session_count: 1,
        first_session_date: '2026-09-12',
        start_time: '14:00',
        end_time: '16:00',
      }),
    )[0]!;
    const sessions = f.sessionsOf(klass, 0);
    add('classSessions', ...sessions, ...f.sessionsOf(activity, sessions.length));

    const paid = { status: orderStatus.values.paid, pay_time: toIso(PAY_TIME) };
    const orderOf = (id: number, parentId: number, contactId: number, classId: number, amount: number, o: Partial<Row<'orders'>> = {}) => {
      // The sign-up as its order left it: enrolled once paid, ordered while unpaid.
      const status = o.pay_time ? signUpStatus.values.enrolled : signUpStatus.values.ordered;
      const signUp = add('signUps', f.signUp({ id, parent_id: parentId, class_id: classId, contact_id: contactId, order_id: id, status }))[0]!;
      return f.order({ id, parent_id: parentId, sign_up_id: signUp.id, class_id: classId, contact_id: contactId, amount, ...o });
    };
    add(
      'orders',
      orderOf(ids.classOrder, ids.mum, ids.child, klass.id, 1600, { ...paid, paid_amount: 1600 }),
      orderOf(ids.unpaidOrder, ids.mum, ids.child, klass.id, 1600),
      orderOf(ids.activityOrder, ids.mum, ids.child, activity.id, 200, { ...paid, paid_amount: 200 }),
      orderOf(ids.otherOrder, ids.other, ids.otherChild, klass.id, 1600, { ...paid, paid_amount: 1600 }),
    );
    // 教材费 paid with the class order: it comes back only before the first session.
    add('supplyFees', f.supplyFee({ parent_id: ids.mum, order_id: ids.classOrder, amount: 120, status: supplyFeeStatus.values.paid, pay_time: paid.pay_time }));
    add('mailInfos', f.mailInfo(ids.other, { id: ids.otherMailInfo }));
    add('pickers', f.picker(ids.other, ids.otherChild, { id: ids.otherPicker }));
    addTradesOfPayments(b);
  });
}
