import { describe, expect, it } from 'vitest';
import { ageOn, idCheckChar, makeIdNumber, maskIdNumber, maskPhone, readIdNumber } from './id-number.ts';

describe('mainland ID numbers (GB 11643)', () => {
  it('computes the check character of a published example', () => {
    // The standard's worked example: 11010519491231002X.
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(readIdNumber('11010519491231002X')).toEqual({ ok: true, birthDate: '1949-12-31', gender: 2, normalised: '11010519491231002X' });
  });

  it('reads birth date and gender (odd sequence digit is male)', () => {
    const boy = makeIdNumber('110105', '2019-03-08', 13);
    expect(readIdNumber(boy)).toMatchObject({ ok: true, birthDate: '2019-03-08', gender: 1 });
    const girl = makeIdNumber('310101', '2020-11-30', 22);
    expect(readIdNumber(girl.toLowerCase())).toMatchObject({ ok: true, birthDate: '2020-11-30', gender: 2, normalised: girl });
  });

  it('accepts the old 15-digit form as a 19xx birth date', () => {
    expect(readIdNumber('110105491231002')).toMatchObject({ ok: true, birthDate: '1949-12-31', gender: 2 });
  });

  it.each([
    ['11010520190308001', 'format'],
    ['1101052019030800AB', 'format'],
    ['110105201902300013', 'birth_date'],
  ])('refuses %s (%s)', (value, problem) => {
    expect(readIdNumber(value)).toMatchObject({ ok: false, problem });
  });

  it('refuses a wrong check digit and a birth date after today', () => {
    const valid = makeIdNumber('110105', '2019-03-08', 13);
    const wrong = valid.slice(0, 17) + (valid[17] === '1' ? '2' : '1');
    expect(readIdNumber(wrong)).toMatchObject({ ok: false, problem: 'check_digit' });
    expect(readIdNumber(makeIdNumber('110105', '2027-01-01', 13), '2026-11-21')).toMatchObject({ ok: false, problem: 'birth_date' });
  });

  it('counts full years', () => {
    expect(ageOn('2019-03-08', '2026-03-07')).toBe(6);
    expect(ageOn('2019-03-08', '2026-03-08')).toBe(7);
  });

  it('masks numbers', () => {
    expect(maskIdNumber('110105201903080013')).toBe('110105********0013');
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});
