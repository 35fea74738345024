/**
 * Properties of the rules parents meet in forms, over many generated inputs (fast-check): ID
 * numbers (one person whatever the form, every single-digit or adjacent-swap typo caught), phone
 * numbers and tax numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idCheckChar, makeIdNumber, readIdNumber } from './id-number.ts';
import { phone } from './schemas/common.ts';
import { invoiceApplicationSchema } from './operations/after-sale.ts';

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const birthDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const region = digits(6);
const sequence = fc.integer({ min: 0, max: 999 });

describe('ID numbers', () => {
  it('read back the birth date they were made with, and the gender of their sequence digit', () => {
    fc.assert(
      fc.property(region, birthDate, sequence, (r, born, seq) => {
        const reading = readIdNumber(makeIdNumber(r, born, seq));
        expect(reading).toMatchObject({ ok: true, birthDate: born, gender: seq % 2 === 1 ? 1 : 2 });
      }),
    );
  });

  it('are one person in the 15-digit legacy form and the 18-digit form', () => {
    fc.assert(
      fc.property(
        region,
        birthDate.filter((d) => d.startsWith('19')),
        sequence,
        (r, born, seq) => {
          const eighteen = makeIdNumber(r, born, seq);
          const fifteen = `${r}${born.slice(2).replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
          const legacy = readIdNumber(fifteen);
          expect(legacy).toMatchObject({ ok: true, birthDate: born, normalised: eighteen });
        },
      ),
    );
  });

  it('catch every single-digit typo and every swap of two different neighbouring digits', () => {
    fc.assert(
      fc.property(region, birthDate, sequence, fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (r, born, seq, at, shift) => {
        const good = makeIdNumber(r, born, seq);
        const typo = `${good.slice(0, at)}${(Number(good[at]) + shift) % 10}${good.slice(at + 1)}`;
        if (readIdNumber(typo).ok) expect(idCheckChar(typo.slice(0, 17))).toBe(typo[17]);
        expect(idCheckChar(typo.slice(0, 17))).not.toBe(good[17]);
        if (at < 16 && good[at] !== good[at + 1]) {
          const swapped = `${good.slice(0, at)}${good[at + 1]}${good[at]}${good.slice(at + 2)}`;
          expect(idCheckChar(swapped.slice(0, 17))).not.toBe(good[17]);
        }
      }),
    );
  });

  it('never read anything that is not 15 digits or 17 digits and a check character', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (text) => {
        const reading = readIdNumber(text);
        if (reading.ok) expect(text.trim().toUpperCase()).toMatch(/^(\d{15}|\d{17}[\dX])$/);
      }),
    );
  });
});

describe('phone numbers', () => {
  it('are exactly the 11-digit mainland mobile numbers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 14 }),
          fc.tuple(fc.constantFrom('1'), fc.integer({ min: 0, max: 9 }), digits(9)).map(([a, b, c]) => `${a}${b}${c}`),
        ),
        (text) => {
          expect(phone.safeParse(text).success).toBe(/^1[3-9]\d{9}$/.test(text));
        },
      ),
    );
  });
});

describe('tax numbers of company invoices', () => {
  const base = { order_id: 1, title_type: 2, title: '北京星河科技有限公司', invoice_kind: 1, email: 'a@example.org' } as const;
  const taxChars = fc.constantFrom(...'0123456789ABCDEFGHJKLMNPQRTUWXY'.split(''));
  it('are 15, 18 or 20 digits or capital letters, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(taxChars, { minLength: 10, maxLength: 22 }).map((c) => c.join('')),
          fc.string({ maxLength: 22 }),
        ),
        (text) => {
          const accepted = invoiceApplicationSchema.safeParse({ ...base, tax_number: text }).success;
          expect(accepted).toBe(/^([0-9A-Z]{15}|[0-9A-Z]{18}|[0-9A-Z]{20})$/.test(text.trim()));
        },
      ),
    );
  });
});
