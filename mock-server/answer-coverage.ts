/**
 * Which fields of the contract's answers the mock ever produces. The adapter already fails a
 * handler that leaves out a required field; an optional field, the non-null side of a nullable
 * one, the items of a list that is always empty, the other option of a union all pass every check
 * while the mock never sends them, and then no test of the app has ever seen them either.
 * answer-coverage.test.ts drives every operation through the mock across the named scenarios and
 * fails on each declared field no answer carried.
 */
import { z } from '#contract/zod';
import { strictDiff } from '#contract/strict-answer';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** Schemas around another that add nothing to walk: the inner one's fields are theirs. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

export interface DeclaredField {
  path: string;
  /**
   * The field may be missing from a successful answer: it, or an object or list around it, is
   * optional, nullable, a list's item or a union's option. A field required at every level is in
   * every successful answer: the adapter encodes each one with the contract and refuses it else.
   */
  mayBeAbsent: boolean;
}

/**
 * Every field path of an answer as it travels (the wire side of codecs): `data.list[].price`,
 * `data.mail_info` (present and not null), `data|1.status` (the second option of a union).
 */
export function declaredFields(schema: z.ZodType, path = 'data', out: DeclaredField[] = [], mayBeAbsent = false): DeclaredField[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return declaredFields(def.innerType as z.ZodType, path, out, mayBeAbsent || def.type === 'optional' || def.type === 'nullable');
  switch (def.type) {
    case 'pipe':
      return declaredFields(def.in as z.ZodType, path, out, mayBeAbsent);
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const absentOk = field.safeParse(undefined).success || field.safeParse(null).success;
        out.push({ path: `${path}.${key}`, mayBeAbsent: mayBeAbsent || absentOk });
        declaredFields(field, `${path}.${key}`, out, mayBeAbsent);
      }
      return out;
    case 'array':
      out.push({ path: `${path}[]`, mayBeAbsent: true });
      return declaredFields(def.element as z.ZodType, `${path}[]`, out, true);
    case 'record':
      out.push({ path: `${path}{}`, mayBeAbsent: true });
      return declaredFields(def.valueType as z.ZodType, `${path}{}`, out, true);
    case 'union':
      (def.options as z.ZodType[]).forEach((option, i) => {
        out.push({ path: `${path}|${i}`, mayBeAbsent: true });
        declaredFields(option, `${path}|${i}`, out, true);
      });
      return out;
    default:
      return out;
  }
}

/** Adds to `into` every declared field path that `value` (an answer's data, on the wire) carries with a value. */
export function producedFields(schema: z.ZodType, value: unknown, into: Set<string>, path = 'data'): void {
  if (value === undefined || value === null) return;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return producedFields(def.innerType as z.ZodType, value, into, path);
  switch (def.type) {
    case 'pipe':
      return producedFields(def.in as z.ZodType, value, into, path);
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const child = (value as Record<string, unknown>)[key];
        if (child === undefined || child === null) continue;
        into.add(`${path}.${key}`);
        producedFields(field, child, into, `${path}.${key}`);
      }
      return;
    }
    case 'array':
      if (!Array.isArray(value)) return;
      if (value.length > 0) into.add(`${path}[]`);
      for (const item of value) producedFields(def.element as z.ZodType, item, into, `${path}[]`);
      return;
    case 'record':
      if (typeof value !== 'object') return;
      for (const item of Object.values(value as object)) {
        into.add(`${path}{}`);
        producedFields(def.valueType as z.ZodType, item, into, `${path}{}`);
      }
      return;
    case 'union': {
      // The option the value is: the one the strict check finds nothing wrong with.
      const options = def.options as z.ZodType[];
      const i = options.findIndex((option) => strictDiff(option, value).length === 0);
      if (i < 0) return;
      into.add(`${path}|${i}`);
      return producedFields(options[i]!, value, into, `${path}|${i}`);
    }
    default:
      return;
  }
}
