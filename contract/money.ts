/**
 * Money: yuan on the wire (a number with at most two decimals, the design brief's unit), integer
 * fen once parsed. Every amount of the contract is `money`, so the app and the mock add, subtract
 * and compare whole fen and never floats (0.1 + 0.2); contract/money.test.ts walks the contract
 * and fails on an amount outside this codec. The arithmetic on fen is fen.ts's (no zod).
 */
import { MAX_YUAN, fenOf, hasWholeFen, yuanOf } from './fen.ts';
import { z } from './zod.ts';

export { MAX_YUAN, asFen, fenLeft, fenOf, hasWholeFen, sumFen, yuanOf, type Fen } from './fen.ts';

/** The wire's form: yuan, non-negative, at most two decimals, countable in whole fen. */
export const yuanOnWire = z.number().nonnegative().max(MAX_YUAN, '金额过大').refine(hasWholeFen, '金额最多两位小数');

const fenSchema = z.number().int().nonnegative().brand<'Fen'>();

export const money = z
  .codec(yuanOnWire, fenSchema, { decode: (yuan) => fenOf(yuan), encode: (fen) => yuanOf(fen) })
  .meta({ description: '金额（元） amount in yuan, at most two decimals; parsed into integer fen' });
