/**
 * What the backend decides about a child's data (the design brief 'Contacts'): a mainland ID number
 * fills in birth date and gender; other credentials need them typed; a child is under 18
 * (decision 058); one credential once per parent; a child with live sign-ups or orders stays.
 */
import type { z } from 'zod';
import { childAgeProblem, contactInputSchema, credentialType, readIdNumber } from '#contract/index';
import { toDate } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import type { MockState } from '../core/state.ts';
import { isLiveSignUp } from './sign-up.ts';
import { SEAT_HOLDING_ORDER } from './seats.ts';

export type ContactInput = z.output<typeof contactInputSchema>;
type Identity = Pick<Row<'contacts'>, 'credential_type' | 'id_number' | 'gender' | 'birth_date'>;

/** Credential numbers compare without case or spaces (passport letters, a trailing X). */
export function normaliseNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The identity a contact gets from what was typed, or a refusal naming the problem. For an ID
 * card the number decides birth date and gender and what was sent for them is ignored.
 */
export function identityOf(state: MockState, input: ContactInput, refuse: Refuse<'idNumberInvalid' | 'invalidRequest'>): Identity {
  const today = toDate(state.now());
  if (input.credential_type === credentialType.values.idCard) {
    const reading = readIdNumber(input.id_number, today);
    if (!reading.ok) throw refuse('idNumberInvalid', reading.message);
    const tooOld = childAgeProblem(reading.birthDate, today, 'id_number');
    if (tooOld) throw refuse('idNumberInvalid', tooOld);
    return { credential_type: input.credential_type, id_number: reading.normalised, birth_date: reading.birthDate, gender: reading.gender };
  }
  if (!input.birth_date) throw refuse('invalidRequest', '出生日期：使用非身份证证件时请填写孩子的出生日期');
  if (!input.gender) throw refuse('invalidRequest', '性别：使用非身份证证件时请选择孩子的性别');
  if (input.birth_date > today) throw refuse('invalidRequest', '出生日期：不能晚于今天');
  const tooOld = childAgeProblem(input.birth_date, today, 'birth_date');
  if (tooOld) throw refuse('invalidRequest', `出生日期：${tooOld}`);
  return { credential_type: input.credential_type, id_number: normaliseNumber(input.id_number), birth_date: input.birth_date, gender: input.gender };
}

/** The parent already has this child (same credential number), other than `exceptId`. */
export function checkNotDuplicate(state: MockState, parentId: number, idNumber: string, exceptId: number | undefined, refuse: Refuse<'contactDuplicate'>): void {
  const twin = state.db.contacts.findFirst((q) => q.where((c) => c.parent_id === parentId && !c.deleted && c.id !== exceptId && normaliseNumber(c.id_number) === idNumber));
  if (twin) throw refuse('contactDuplicate', `该证件号码已添加过（${twin.name}）`);
}

/** grade_type must be one of grade_type_enum_choose's values. */
export function checkGrade(state: MockState, grade: number | null | undefined, refuse: Refuse<'invalidRequest'>): void {
  if (grade === null || grade === undefined) return;
  if (!state.db.choices.findFirst((q) => q.where({ kind: 'grade', value: grade }))) {
    throw refuse('invalidRequest', '年级：请从列表中选择年级');
  }
}

// The orders that keep a child in a class (as rules/seats.ts and rules/sign-up.ts count them).

/** A child with a sign-up or an order still running cannot be deleted. */
export function checkDeletable(state: MockState, contact: Row<'contacts'>, refuse: Refuse<'contactInUse'>): void {
  const signUp = state.db.signUps.findMany((q) => q.where({ contact_id: contact.id })).find((row) => isLiveSignUp(state, row));
  const order = state.db.orders.findFirst((q) => q.where({ contact_id: contact.id, status: (s) => SEAT_HOLDING_ORDER.has(s) }));
  if (signUp || order) throw refuse('contactInUse');
}
