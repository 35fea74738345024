/**
 * Money as the app counts it: whole fen (1 yuan = 100 fen), and the arithmetic on them. No zod
 * here: a page formats an amount at start-up without loading the schemas (decision 091);
 * money.ts builds the wire's codec from these.
 */
import type { z } from './zod.ts';

/** A whole number of fen (1 yuan = 100 fen), what every amount is once parsed. */
export type Fen = number & z.$brand<'Fen'>;

/** The largest amount whose fen a number still counts exactly (2^53 fen, in whole yuan). */
export const MAX_YUAN = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** Yuan with at most two decimals: a whole number of fen, float noise aside (the wire's rule, money.ts). */
export const hasWholeFen = (yuan: number): boolean => Math.abs(Math.round(yuan * 100) - yuan * 100) < 1e-6;

/** Yuan (at most two decimals) to whole fen, rounding off float noise (19.99 * 100 = 1998.9999…). */
export const fenOf = (yuan: number): Fen => Math.round(yuan * 100) as Fen;
/** Whole fen to the yuan the wire carries. */
export const yuanOf = (fen: Fen | number): number => Math.round(fen) / 100;

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
