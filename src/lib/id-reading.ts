/**
 * What a mainland ID number tells (spec §5): birth date, age and gender, read with the
 * contract's readIdNumber as the parent types, with its Chinese messages. While the number is
 * still being typed (digits only, not yet 18) nothing is called wrong.
 */
import { ageOn, readIdNumber } from '#contract/id-number';
import { formatDate } from './format.ts';
import { serverNow } from './server-clock.ts';

/**
 * Today in Beijing by the server's clock, YYYY-MM-DD: a birth date after it is refused, and ages
 * are counted to it, as the backend counts them (a browser whose clock is off agrees with it).
 */
export function beijingToday(): string {
  return formatDate(new Date(serverNow()).toISOString());
}

export type LiveIdReading =
  { state: 'empty' } | { state: 'typing'; hint: string } | { state: 'invalid'; message: string } | { state: 'ok'; birthDate: string; gender: 1 | 2; age: number; normalised: string };

export function readIdLive(input: string, today = beijingToday()): LiveIdReading {
  const value = input.trim().toUpperCase();
  if (value === '') return { state: 'empty' };
  const reading = readIdNumber(value, today);
  if (reading.ok) return { state: 'ok', birthDate: reading.birthDate, gender: reading.gender, age: ageOn(reading.birthDate, today), normalised: reading.normalised };
  if (/^\d{1,17}$/.test(value)) return { state: 'typing', hint: `身份证号码为18位，已输入${value.length}位` };
  return { state: 'invalid', message: reading.message };
}

/** The reading when the form is sent: anything short of a valid number is an error. */
export function readIdFinal(input: string, today = beijingToday()): { ok: true; birthDate: string; gender: 1 | 2 } | { ok: false; message: string } {
  if (input.trim() === '') return { ok: false, message: '请输入证件号码' };
  const reading = readIdNumber(input, today);
  return reading.ok ? reading : { ok: false, message: reading.message };
}
