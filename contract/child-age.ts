/**
 * A contact is a child: under 18 (未满18周岁, a minor in Chinese law) on the day it is added or
 * changed, whatever the credential (decision 058). The contact form says so and checks it as the
 * parent types; the backend refuses an older one with the same words.
 */
import { ageOn } from './id-number.ts';

export const CHILD_AGE_LIMIT = 18;

/** The rule in one line, as the form states it beside the number. */
export const CHILD_AGE_RULE = `孩子须未满${CHILD_AGE_LIMIT}周岁`;

/** Why a birth date (YYYY-MM-DD) is no child's on `today`, read from the number or typed; null when it is. */
export function childAgeProblem(birthDate: string, today: string, from: 'id_number' | 'birth_date'): string | null {
  const age = ageOn(birthDate, today);
  if (age < CHILD_AGE_LIMIT) return null;
  return `该${from === 'id_number' ? '证件号码' : '出生日期'}显示年龄为${age}岁，${CHILD_AGE_RULE}`;
}
