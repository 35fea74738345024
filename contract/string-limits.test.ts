/**
 * Every string a caller can send has a maximum length (issue: address fields stored 100 KB
 * strings). The walk covers every operation's path parameters, query and body, through
 * optional, nullable, pipes, unions, arrays and nested objects.
 */
import { describe, expect, it } from 'vitest';
import type { z } from './zod.ts';
import { operationList } from './index.ts';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function maxLengthOf(schema: z.ZodType): number | undefined {
  // zod keeps the limit on the string schema (its bag stays empty until it parses).
  return (schema as unknown as { maxLength: number | null }).maxLength ?? undefined;
}

/** Paths of the strings under `schema` that have no maximum length. */
export function unboundedStrings(schema: z.ZodType | undefined, path: string, seen = new Set<z.ZodType>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return maxLengthOf(schema) === undefined ? [path] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unboundedStrings(def.innerType, path, seen);
    case 'pipe':
      // What the caller sends is the pipe's input.
      return unboundedStrings(def.in, path, seen);
    case 'lazy':
      return unboundedStrings(def.getter?.(), path, seen);
    case 'union':
      return (def.options ?? []).flatMap((option, i) => unboundedStrings(option, `${path}|${i}`, seen));
    case 'intersection':
      return [...unboundedStrings(def.left, path, seen), ...unboundedStrings(def.right, path, seen)];
    case 'array':
      return unboundedStrings(def.element, `${path}[]`, seen);
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => unboundedStrings(field, `${path}.${key}`, seen));
    default:
      return [];
  }
}

describe('string limits', () => {
  it('every string field of every request has a maximum length', () => {
    const unbounded = operationList.flatMap((op) => [
      ...unboundedStrings(op.pathParams, `${op.id} path`),
      ...unboundedStrings(op.query, `${op.id} query`),
      ...unboundedStrings(op.body, `${op.id} body`),
    ]);
    expect(unbounded).toEqual([]);
  });

  it('the walk finds a string without a limit, wherever it hides', async () => {
    const { z } = await import('./zod.ts');
    const schema = z.object({
      a: z.string().max(10),
      b: z.string().optional(),
      c: z.array(z.object({ d: z.string().nullable() })),
      e: z.union([z.number(), z.string()]),
      f: z.string().trim().pipe(z.string().max(5)),
    });
    expect(unboundedStrings(schema, 'x')).toEqual(['x.b', 'x.c[].d', 'x.e|1', 'x.f']);
  });
});
