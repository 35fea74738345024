import { describe, expect, it, vi } from 'vitest';
import { defineOperations } from './core.ts';
import { operationList, operations } from './index.ts';
import { z } from './zod.ts';

describe('operations declared as a function', () => {
  it('build their schemas on first use, once, and then read as a plain object', () => {
    const declare = vi.fn(
      () =>
        ({
          one: { method: 'GET', auth: false, summary: 'one', response: z.object({ a: z.string() }), errors: [] },
          two_post: { method: 'POST', auth: true, summary: 'two', body: z.object({ b: z.number() }), response: z.null(), errors: ['notFound'] },
        }) as const,
    );
    const domain = defineOperations('browsing', declare);
    expect(declare).not.toHaveBeenCalled();
    expect(domain.one.path).toBe('one');
    expect(domain.two_post).toMatchObject({ name: 'two', method: 'POST', domain: 'browsing' });
    expect(Object.keys(domain)).toEqual(['one', 'two_post']);
    expect({ ...domain }.one).toBe(domain.one);
    expect('one' in domain && !('three' in domain)).toBe(true);
    expect(declare).toHaveBeenCalledTimes(1);
  });

  it('refuse a body on a GET when first used', () => {
    const domain = defineOperations('browsing', () => ({
      bad: { method: 'GET', auth: false, summary: 'bad', body: z.object({}), response: z.null(), errors: [] },
    }));
    expect(() => domain.bad).toThrow('bad is a GET and cannot have a body');
  });
});

describe('the contract', () => {
  it('finds every operation by its id, lists each once, and knows no other', () => {
    const ids = operationList.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(operations).sort()).toEqual([...ids].sort());
    for (const op of operationList) expect(operations[op.id as keyof typeof operations]).toBe(op);
    expect('no_such_call' in operations).toBe(false);
    expect((operations as Record<string, unknown>).no_such_call).toBeUndefined();
  });
});
