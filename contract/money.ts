/**
 * Money: yuan on the wire (a number with at most two decimals, the design brief's unit), integer
 * fen once parsed. Every amount of the contract is `money`, so the app and the mock add, subtract
 * and compare whole fen and never floats (0.1 + 0.2); contract/money.test.ts walks the contract
 * and fails on an amount outside this codec.
 */
import { z } from './zod.ts';

/** A whole number of fen (1 yuan = 100 fen), what every amount is once parsed. */
export type Fen = number & z.$brand<'Fen'>;

/** The largest amount whose fen a number still counts exactly (2^53 fen, in whole yuan). */
export const MAX_YUAN = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** The wire's form: yuan, non-negative, at most two decimals, countable in whole fen. */
export const yuanOnWire = z
  .number()
  .nonnegative()
  .max(MAX_YUAN, '金额过大')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, '金额最多两位小数');

const fenSchema = z.number().int().nonnegative().brand<'Fen'>();

/** Yuan (at most two decimals) to whole fen, rounding off float noise (19.99 * 100 = 1998.9999…). */
export const fenOf = (yuan: number): Fen => Math.round(yuan * 100) as Fen;
/** Whole fen to the yuan the wire carries. */
export const yuanOf = (fen: Fen | number): number => Math.round(fen) / 100;

export const money = z
  .codec(yuanOnWire, fenSchema, { decode: (yuan) => fenOf(yuan), encode: (fen) => yuanOf(fen) })
  .meta({ description: '金额（元） amount in yuan, at most two decimals; parsed into integer fen' });

/** Sums of fen stay fen. */
export function sumFen(...amounts: readonly (Fen | number)[]): Fen {
  return amounts.reduce<number>((a, b) => a + b, 0) as Fen;
}
/** What is left of `from` after `less`, never below zero. */
export function fenLeft(from: Fen | number, less: Fen | number): Fen {
  return Math.max(0, from - less) as Fen;
}
/** Fen computed by other means (a count times a price, a floor) stated as fen; must be whole. */
export function asFen(value: number): Fen {
  if (!Number.isInteger(value) || value < 0) throw new Error(`not a whole non-negative number of fen: ${value}`);
  return value as Fen;
}
