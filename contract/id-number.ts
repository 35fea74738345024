/**
 * Mainland ID numbers (spec §5, the design brief): 18 digits with the GB 11643 check digit,
 * or the old 15-digit form; birth date and gender are read from the number. Shared by the app
 * (the contact form fills them in as the parent types) and the mock (it refuses bad numbers).
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

export type IdNumberProblem = 'format' | 'birth_date' | 'check_digit';

export type IdNumberReading =
  /** `normalised`: the 18-digit form (a 15-digit number converted), capital X. */
  { ok: true; birthDate: string; gender: 1 | 2; normalised: string } | { ok: false; problem: IdNumberProblem; message: string };

const messages: Record<IdNumberProblem, string> = {
  format: '身份证号码应为15位数字或18位（末位可为X）',
  birth_date: '身份证号码中的出生日期无效',
  check_digit: '身份证号码校验位不正确，请核对',
};

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Reads an ID number: its birth date (YYYY-MM-DD) and gender (1 male, 2 female: odd or even
 * sequence digit). `today` (YYYY-MM-DD) rules out birth dates in the future.
 */
export function readIdNumber(input: string, today?: string): IdNumberReading {
  const value = input.trim().toUpperCase();
  let birth: string;
  let sequenceDigit: number;
  if (/^\d{17}[\dX]$/.test(value)) {
    birth = value.slice(6, 14);
    sequenceDigit = Number(value[16]);
  } else if (/^\d{15}$/.test(value)) {
    birth = `19${value.slice(6, 12)}`;
    sequenceDigit = Number(value[14]);
  } else {
    return { ok: false, problem: 'format', message: messages.format };
  }
  const y = Number(birth.slice(0, 4));
  const m = Number(birth.slice(4, 6));
  const d = Number(birth.slice(6, 8));
  const birthDate = `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`;
  if (y < 1900 || !validDate(y, m, d) || (today !== undefined && birthDate > today)) {
    return { ok: false, problem: 'birth_date', message: messages.birth_date };
  }
  if (value.length === 18 && idCheckChar(value.slice(0, 17)) !== value[17]) {
    return { ok: false, problem: 'check_digit', message: messages.check_digit };
  }
  // One person, whatever the form: a legacy 15-digit number is the same as its 18-digit form
  // (century added, check character computed), so two forms of one child are one child.
  const first17 = value.length === 15 ? `${value.slice(0, 6)}19${value.slice(6)}` : value.slice(0, 17);
  return { ok: true, birthDate, gender: sequenceDigit % 2 === 1 ? 1 : 2, normalised: first17 + idCheckChar(first17) };
}

/** Builds a valid 18-digit number (fixtures and tests): region 6 digits, birth YYYYMMDD, sequence 3 digits. */
export function makeIdNumber(region: string, birthDate: string, sequence: number): string {
  const first17 = `${region}${birthDate.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
  if (!/^\d{17}$/.test(first17)) throw new Error(`cannot build an ID number from ${region} ${birthDate} ${sequence}`);
  return first17 + idCheckChar(first17);
}

/** Full years on `today` for a birth date, both YYYY-MM-DD. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** 110105********0017: enough for a parent to recognise, not enough to copy. */
export function maskIdNumber(value: string): string {
  return value.length <= 10 ? `${value.slice(0, 2)}****` : `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** 138****0000 */
export function maskPhone(value: string): string {
  return value.length === 11 ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
}
