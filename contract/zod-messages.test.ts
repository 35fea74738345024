/** Every kind of zod issue reads in Chinese, unless the schema says it its own way. */
import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]!.message;
};

describe('the one error map', () => {
  it.each([
    ['a wrong type', z.object({ name: z.string() }), { name: 3 }, '应为文字，收到数字'],
    ['a missing field', z.object({ name: z.string() }), {}, '缺少此项'],
    ['an empty text', z.string().min(1), '', '不能为空'],
    ['a short text', z.string().min(2), 'a', '至少2个字'],
    ['a long text', z.string().max(5), '一二三四五六', '最多5个字'],
    ['a small number', z.number().min(1), 0, '不能小于1'],
    ['a large number', z.number().max(9), 10, '不能大于9'],
    ['a fraction', z.number().int(), 1.5, '应为整数，收到数字'],
    ['an email', z.email(), 'x@', '格式不正确，应为邮箱地址'],
    ['a date-time', z.iso.datetime({ offset: true }), '2026-09-01', '格式不正确，应为带时区的日期时间（如 2026-09-01T10:00:00+08:00）'],
    ['a pattern', z.string().regex(/^\d+$/), 'x', '格式不正确，应为规定的格式'],
    ['a choice', z.enum(['a', 'b']), 'c', '应为以下之一：“a”、“b”'],
    ['a literal', z.literal(1), 2, '应为1'],
    ['an unknown key', z.strictObject({ a: z.number() }), { a: 1, b: 2 }, '有无法识别的字段：b'],
    ['a union', z.union([z.string(), z.number()]), true, '内容不符合要求'],
    ['a multiple', z.number().multipleOf(5), 3, '应为5的整数倍'],
    ['a refinement', z.number().refine((n) => n > 0), -1, '内容不符合要求'],
    ['an empty list', z.array(z.number()).min(1), [], '至少选择一项'],
    ['a pair', z.tuple([z.number(), z.number()]), 'x', '应为列表，收到文字'],
    ['a map of names', z.record(z.string(), z.number()), 3, '应为对象，收到数字'],
    ['a set', z.set(z.number()), 1, '应为列表，收到数字'],
  ])('%s', (_, schema, value, message) => {
    expect(messageOf(schema as z.ZodType, value)).toBe(message);
  });

  it('gives way to a schema’s own message', () => {
    expect(messageOf(z.string().min(2, '请输入发票抬头'), 'a')).toBe('请输入发票抬头');
  });
});
