/**
 * Every amount of the contract is money in the one codec (contract/money.ts): yuan on the wire,
 * whole fen once parsed. The test walks every operation's path parameters, query, body and answer
 * and fails on a field named like an amount that reads or writes anything else.
 */
import { describe, expect, it } from 'vitest';
import { MAX_YUAN, asFen, fenOf, money, operationList, sumFen, yuanOf } from './index.ts';
import { z } from './zod.ts';

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** Field names that hold an amount of money (amount, fee, paid_amount, per_session_fee, fee_min…). */
const AMOUNT = /(^|_)(amount|fee|price)$|^fee_(min|max)$/;

/** Every object field under `root`, with its path. */
function fieldsOf(root: z.ZodType, path: string): { path: string; name: string; schema: z.ZodType }[] {
  const out: { path: string; name: string; schema: z.ZodType }[] = [];
  const seen = new Set<z.ZodType>();
  const go = (schema: z.ZodType, at: string) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    if (def.shape) {
      for (const [name, field] of Object.entries(def.shape)) {
        out.push({ path: `${at}.${name}`, name, schema: field });
        go(field, `${at}.${name}`);
      }
    }
    for (const child of [def.innerType, def.element, def.in, def.out, ...(def.options ?? [])]) if (child) go(child, def.element === child ? `${at}[]` : at);
  };
  go(root, path);
  return out;
}

/** Whether a field is the money codec: 12.34 on the wire reads 1234 fen, and 1234 fen writes 12.34. */
function isMoney(schema: z.ZodType): boolean {
  const read = schema.safeParse(12.34);
  if (!read.success || read.data !== 1234) return false;
  try {
    return z.encode(schema, 1234 as never) === 12.34 && !schema.safeParse(12.345).success;
  } catch {
    return false;
  }
}

const amountFields = operationList.flatMap((op) =>
  (['pathParams', 'query', 'body', 'response'] as const).flatMap((part) => {
    const schema = op[part] as z.ZodType | undefined;
    return schema ? fieldsOf(schema, `${op.id} ${part}`).filter((f) => AMOUNT.test(f.name)) : [];
  }),
);

describe('money', () => {
  it('the codec: yuan with at most two decimals on the wire, whole fen parsed, and back', () => {
    expect(money.parse(1600)).toBe(160000);
    expect(money.parse(19.99)).toBe(1999);
    expect(money.parse(0.1 + 0.2)).toBe(30);
    expect(money.safeParse(1.005).success).toBe(false);
    expect(money.safeParse(-1).success).toBe(false);
    expect(z.encode(money, asFen(1999))).toBe(19.99);
    expect(() => z.encode(money, 19.99 as never)).toThrow();
    expect(fenOf(62.4)).toBe(6240);
    expect(yuanOf(sumFen(fenOf(0.1), fenOf(0.2)))).toBe(0.3);
  });

  it('refuses, in Chinese, an amount too large to count in whole fen (an ID number typed as a fee)', () => {
    const tooLarge = money.safeParse(Number('110105201903081231'));
    expect(tooLarge.success).toBe(false);
    expect(tooLarge.error?.issues[0]?.message).toBe('金额过大');
    expect(money.parse(MAX_YUAN)).toBe(Number.MAX_SAFE_INTEGER - (Number.MAX_SAFE_INTEGER % 100));
    expect(money.safeParse(MAX_YUAN + 1).success).toBe(false);
  });

  it('is the only form of every amount in the contract', () => {
    // The walk finds the amounts (so this test can fail): fees, prices, paid and refunded amounts.
    expect(amountFields.length).toBeGreaterThan(30);
    expect(amountFields.map((f) => f.path)).toEqual(
      expect.arrayContaining(['order_detail response.kept_amount', 'search_by_screening_conditions query.fee_min', 'preview_refund_fee response.per_session_fee']),
    );
    const outside = amountFields.filter((f) => !isMoney(f.schema)).map((f) => f.path);
    expect(outside, `amounts outside the money codec (contract/money.ts):\n${outside.join('\n')}`).toEqual([]);
  });
});
