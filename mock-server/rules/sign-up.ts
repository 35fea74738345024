/**
 * Sign-up rules (the design brief): who may sign a child up for a class, checked in a fixed order so a
 * parent always sees the most basic problem first, plus the timetable facts the checks, the order
 * views and refunds share (sessions held, next session, time conflicts, schedule text).
 */
import { admissionKind, ageOn, classSignUpState, contactAuditStatus, signUpStatus, weekday, type ValueOf } from '#contract/index';
import { firstClash, sessionStart, sessionsStartedBy } from '#fixtures/rules';
import { toDate } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import type { MockState } from '../core/state.ts';
import { classOrNotFound, signUpStateOf } from './classes.ts';
import { seatsLeft } from './seats.ts';
import { SEAT_HOLDING_ORDER } from './seats.ts';

type SignUpStatus = ValueOf<typeof signUpStatus>;

/** A child may cancel a sign-up of the same class this many times; then no new sign-up. */
export const CANCEL_LIMIT = 3;

/** Orders that keep the child in the class (the same ones rules/seats.ts counts as seats taken). */
export const ACTIVE_ORDER: ReadonlySet<number> = SEAT_HOLDING_ORDER;
/** Sign-ups still on their way to an order. */
const PENDING_SIGN_UP = new Set<SignUpStatus>([signUpStatus.values.awaitingOrder, signUpStatus.values.lotteryPending, signUpStatus.values.interviewPending, signUpStatus.values.admitted]);
const ORDERED_SIGN_UP = new Set<SignUpStatus>([signUpStatus.values.ordered, signUpStatus.values.enrolled]);

// ---------------------------------------------------------------- timetable

export function sessionsOfClass(state: MockState, classId: number): Row<'classSessions'>[] {
  return state.db.classSessions.findMany((q) => q.where({ class_id: classId })).sort((a, b) => a.index - b.index);
}

/** Sessions held by now: a session counts from its start, as refunds count it (one rule for both). */
export function heldSessionCount(state: MockState, classId: number): number {
  return sessionsStartedBy(sessionsOfClass(state, classId), state.now());
}

/** The first session that has not started yet. */
export function nextSessionOf(state: MockState, classId: number): Row<'classSessions'> | null {
  const now = state.now();
  return sessionsOfClass(state, classId).find((s) => sessionStart(s) > now) ?? null;
}

/** 每周二、周四 09:00-10:30，共16次 */
export function describeSchedule(klass: Row<'classes'>): string {
  const days = [...klass.weekdays].sort((a, b) => a - b).map((d) => weekday.label(d));
  return `每${days.join('、')} ${klass.start_time}-${klass.end_time}，共${klass.session_count}次`;
}

/** 12月6日 from YYYY-MM-DD (or the date part of a date-time). */
export function monthDay(date: string): string {
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
}

/** 12月6日 10:00, as parents read a moment in a msg. */
export function monthDayTime(iso: string): string {
  return `${monthDay(iso)} ${iso.slice(11, 16)}`;
}

// ---------------------------------------------------------------- the child's classes

/** The order of a sign-up, if it has one. */
function orderOfSignUp(state: MockState, row: Row<'signUps'>): Row<'orders'> | undefined {
  return row.order_id === null ? undefined : state.db.orders.findFirst((q) => q.where({ id: row.order_id! }));
}

/** A sign-up still in play: pending, or ordered/enrolled with an order that keeps the seat. */
export function isLiveSignUp(state: MockState, row: Row<'signUps'>): boolean {
  if (PENDING_SIGN_UP.has(row.status)) return true;
  if (!ORDERED_SIGN_UP.has(row.status)) return false;
  const order = orderOfSignUp(state, row);
  return order !== undefined && ACTIVE_ORDER.has(order.status);
}

/** The live sign-up of the child for the class, or an active order's sign-up. */
function liveSignUpFor(state: MockState, contactId: number, classId: number): Row<'signUps'> | undefined {
  return state.db.signUps.findMany((q) => q.where({ contact_id: contactId, class_id: classId })).find((row) => isLiveSignUp(state, row));
}

/** Classes the child is in or on the way into: live sign-ups and unpaid/paid/refunding orders. */
function classIdsOfChild(state: MockState, contactId: number): Set<number> {
  const ids = new Set<number>();
  for (const row of state.db.signUps.findMany((q) => q.where({ contact_id: contactId }))) {
    if (isLiveSignUp(state, row)) ids.add(row.class_id);
  }
  for (const order of state.db.orders.findMany((q) => q.where({ contact_id: contactId, status: (s) => ACTIVE_ORDER.has(s) }))) {
    ids.add(order.class_id);
  }
  return ids;
}

export interface TimeConflict {
  klass: Row<'classes'>;
  /** The first clash: a date both classes meet and the other class's times that day. */
  date: string;
  start_time: string;
  end_time: string;
}

/**
 * Classes of the child that meet at the same time as `classId`: a session of each on the same
 * date with overlapping times (touching end and start do not overlap). The one computation behind
 * check_class_time_conflict and sign_up's timeConflict.
 */
export function findTimeConflicts(state: MockState, classId: number, contactId: number): TimeConflict[] {
  const mine = sessionsOfClass(state, classId);
  const conflicts: TimeConflict[] = [];
  for (const otherId of classIdsOfChild(state, contactId)) {
    if (otherId === classId) continue;
    const clash = firstClash(mine, sessionsOfClass(state, otherId));
    const klass = state.db.classes.findFirst((q) => q.where({ id: otherId }));
    if (clash && klass) conflicts.push({ klass, date: clash.date, start_time: clash.start_time, end_time: clash.end_time });
  }
  return conflicts.sort((a, b) => a.klass.id - b.klass.id);
}

/** Every cancelled sign-up counts: by the parent, by cancelling the order, or by a lapsed payment. */
export function cancelledSignUpCount(state: MockState, contactId: number, classId: number): number {
  return state.db.signUps.findMany((q) => q.where({ contact_id: contactId, class_id: classId, status: signUpStatus.values.cancelled })).length;
}

// ---------------------------------------------------------------- the checks

/** The parent's child, not deleted; 404 otherwise (never reveal another family's child). */
export function contactOf(state: MockState, user: Row<'parents'>, contactId: number, refuse: Refuse<'notFound'>): Row<'contacts'> {
  const contact = state.db.contacts.findFirst((q) => q.where({ id: contactId }));
  if (!contact || contact.parent_id !== user.id || contact.deleted) throw refuse('notFound', '孩子信息不存在或已删除');
  return contact;
}

function checkContactPassed(contact: Row<'contacts'>, refuse: Refuse<'contactNotPassed'>): void {
  if (contact.audit_status === contactAuditStatus.values.passed) return;
  if (contact.audit_status === contactAuditStatus.values.reviewing) {
    throw refuse('contactNotPassed', `${contact.name}的信息正在审核中，审核通过后才能报名`);
  }
  const reason = contact.reject_reason ? `：${contact.reject_reason}` : '';
  throw refuse('contactNotPassed', `${contact.name}的信息审核未通过${reason}，请修改后重新提交`);
}

function checkWindow(state: MockState, klass: Row<'classes'>, refuse: Refuse<'signUpNotOpen' | 'signUpClosed'>): void {
  // seats do not matter here (classFull comes later), only the window part of the state.
  const windowState = signUpStateOf(klass, 1, state.now());
  if (windowState === classSignUpState.values.notStarted) {
    throw refuse('signUpNotOpen', `报名将于${monthDayTime(klass.sign_up_start_at)}开始`);
  }
  if (windowState === classSignUpState.values.ended) {
    throw refuse('signUpClosed', `报名已于${monthDayTime(klass.sign_up_end_at)}结束`);
  }
}

function checkAge(state: MockState, klass: Row<'classes'>, contact: Row<'contacts'>, refuse: Refuse<'ageNotFit'>): void {
  const age = ageOn(contact.birth_date, toDate(state.now()));
  if (age < klass.min_age || age > klass.max_age) {
    throw refuse('ageNotFit', `该班级招收${klass.min_age}至${klass.max_age}岁的孩子，${contact.name}今年${age}岁，不符合年龄要求`);
  }
}

/** First-come and 秒杀 take seats on a first-come basis; lottery and interview decide later. */
export function takesSeatsAtOnce(klass: Row<'classes'>): boolean {
  return klass.admission_kind === admissionKind.values.firstCome || klass.admission_kind === admissionKind.values.seckill;
}

export function checkSeats(state: MockState, klass: Row<'classes'>, refuse: Refuse<'classFull'>): void {
  if (seatsLeft(state, klass.id) <= 0) throw refuse('classFull', `「${klass.name}」名额已满，请关注其他班级`);
}

/** The refusals of sign_up, each a check below. */
export type SignUpRefusal = 'notFound' | 'contactNotPassed' | 'signUpNotOpen' | 'signUpClosed' | 'ageNotFit' | 'alreadySignedUp' | 'timeConflict' | 'classFull' | 'cancelLimit';

/**
 * Every check of sign_up, in the order a parent should hear about problems. agree_rules is the
 * contract's (z.literal(true)): the adapter refuses a request without it before this runs.
 */
export function checkSignUp(state: MockState, user: Row<'parents'>, input: { class_id: number; contact_id: number }, refuse: Refuse<SignUpRefusal>) {
  const contact = contactOf(state, user, input.contact_id, refuse);
  checkContactPassed(contact, refuse);
  const klass = classOrNotFound(state, input.class_id, refuse);
  checkWindow(state, klass, refuse);
  checkAge(state, klass, contact, refuse);

  const existing = liveSignUpFor(state, contact.id, klass.id);
  if (existing) {
    throw refuse('alreadySignedUp', `${contact.name}已报名「${klass.name}」（${signUpStatus.label(existing.status)}），请勿重复报名`);
  }
  const [conflict] = findTimeConflicts(state, klass.id, contact.id);
  if (conflict) {
    throw refuse('timeConflict', `与${contact.name}已报名的「${conflict.klass.name}」上课时间冲突（${monthDay(conflict.date)} ${conflict.start_time}-${conflict.end_time}）`);
  }
  if (takesSeatsAtOnce(klass)) checkSeats(state, klass, refuse);
  const cancelled = cancelledSignUpCount(state, contact.id, klass.id);
  if (cancelled >= CANCEL_LIMIT) {
    throw refuse('cancelLimit', `${contact.name}已取消该班级报名${cancelled}次，达到上限${CANCEL_LIMIT}次，不能再次报名`);
  }
  return { contact, klass };
}

/** Where a new sign-up starts: first-come and 秒杀 go on to place_order, the others wait. */
export function initialSignUpStatus(klass: Row<'classes'>): SignUpStatus {
  if (klass.admission_kind === admissionKind.values.lottery) return signUpStatus.values.lotteryPending;
  if (klass.admission_kind === admissionKind.values.interview) return signUpStatus.values.interviewPending;
  return signUpStatus.values.awaitingOrder;
}
