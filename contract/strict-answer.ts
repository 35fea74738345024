/**
 * An answer checked strictly against the contract, stricter than the app's parsing (which strips
 * unknown fields and stops at the first problem): every field the contract does not know, every
 * field it requires that is missing, every value of the wrong type, an error code the catalogue
 * does not list, a broken envelope. Used by the contract probe (scripts/contract-probe.ts) on a
 * real backend and by the random walks (e2e/monkey.spec.ts) on every answer the pages get.
 *
 * An assumed field that is absent is a note, not a failure (decision 073): the seed never promised
 * it, so the contract follows the backend there. A value of the wrong type fails, assumed or not.
 */
import { errorCodes } from './error-codes.ts';
import type { Operation } from './core.ts';
import { z } from './zod.ts';

export interface Drift {
  path: string;
  problem: string;
  /** The field, or an object around it, is marked x-assumption (spec: 'fields not shown'). */
  assumed: boolean;
  /** An assumed field that is absent: news for the team, not the backend's failure. */
  note: boolean;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isAssumed = (schema: z.ZodType) => z.globalRegistry.get(schema)?.['x-assumption'] === true;
/** Marked itself or under its optional, nullable or default wrapper. */
function assumedField(schema: z.ZodType): boolean {
  if (isAssumed(schema)) return true;
  const def = defOf(schema);
  return ['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type) && assumedField(def.innerType as z.ZodType);
}
const failure = (path: string, problem: string, assumed: boolean): Drift => ({ path, problem, assumed, note: false });

/** What an absent assumed field costs the portal: nothing, or what needs it (contract/core.ts `unpromised`). */
function absence(field: z.ZodType): string {
  if (!field.safeParse(undefined).success) return 'missing (the portal needs it)';
  const needs = requirementOf(field);
  return needs ? `missing (the portal does without it, but ${needs})` : 'missing (the portal does without it)';
}

function requirementOf(schema: z.ZodType): string | undefined {
  const own = z.globalRegistry.get(schema)?.['x-backend-requirement'];
  if (typeof own === 'string') return own;
  const def = defOf(schema);
  return ['optional', 'nullable'].includes(def.type) ? requirementOf(def.innerType as z.ZodType) : undefined;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Every difference between `value` and `schema`, walking objects and arrays (the first three
 * items of each), trying each option of a union and keeping the closest.
 */
export function strictDiff(schema: z.ZodType, value: unknown, path = 'data', assumed = false): Drift[] {
  const here = assumed || isAssumed(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return value === undefined ? [] : strictDiff(def.innerType as z.ZodType, value, path, here);
    case 'nullable':
      return value === null ? [] : strictDiff(def.innerType as z.ZodType, value, path, here);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return strictDiff(def.innerType as z.ZodType, value, path, here);
    case 'pipe': {
      // A codec or a refinement: the wire side is `in`; the whole decides if it is acceptable.
      const inner = strictDiff(def.in as z.ZodType, value, path, here);
      if (inner.length > 0) return inner;
      const whole = schema.safeParse(value);
      return whole.success ? [] : [failure(path, whole.error.issues[0]?.message ?? 'invalid', here)];
    }
    case 'object': {
      if (typeName(value) !== 'object') return [failure(path, `expected object, got ${typeName(value)}`, here)];
      const shape = def.shape as Record<string, z.ZodType>;
      const record = value as Record<string, unknown>;
      const drifts: Drift[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const fieldPath = `${path}.${key}`;
        if (!(key in record)) {
          if (here || assumedField(field)) drifts.push({ path: fieldPath, problem: absence(field), assumed: true, note: true });
          else if (!field.safeParse(undefined).success) drifts.push(failure(fieldPath, 'missing', false));
          continue;
        }
        drifts.push(...strictDiff(field, record[key], fieldPath, here));
      }
      for (const key of Object.keys(record)) if (!(key in shape)) drifts.push(failure(`${path}.${key}`, 'unknown field', here));
      return drifts;
    }
    case 'array': {
      if (!Array.isArray(value)) return [failure(path, `expected array, got ${typeName(value)}`, here)];
      return value.slice(0, 3).flatMap((item, i) => strictDiff(def.element as z.ZodType, item, `${path}[${i}]`, here));
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      let best: Drift[] | null = null;
      for (const option of options) {
        const drifts = strictDiff(option, value, path, here);
        if (drifts.length === 0) return [];
        if (best === null || drifts.length < best.length) best = drifts;
      }
      return best ?? [];
    }
    default: {
      const result = schema.safeParse(value);
      if (result.success) return [];
      const issue = result.error.issues[0];
      const problem = issue?.code === 'invalid_type' ? `expected ${issue.expected}, got ${typeName(value)}` : (issue?.message ?? 'invalid');
      return [failure(path, problem, here)];
    }
  }
}

const knownCodes = new Set(Object.values(errorCodes).map((e) => e.code));

/** The envelope, then the data of a success against the operation's response. */
export function checkAnswer(op: Operation, status: number, body: unknown): { ok: boolean; code: number | null; drifts: Drift[] } {
  if (typeName(body) !== 'object') return { ok: false, code: null, drifts: [failure('(body)', `not a JSON envelope (HTTP ${status})`, false)] };
  const envelope = body as Record<string, unknown>;
  const drifts: Drift[] = [];
  if (typeof envelope.error_code !== 'number') drifts.push(failure('error_code', `expected number, got ${typeName(envelope.error_code)}`, false));
  if (typeof envelope.msg !== 'string') drifts.push(failure('msg', `expected string, got ${typeName(envelope.msg)}`, false));
  if (!('data' in envelope)) drifts.push(failure('data', 'missing', false));
  for (const key of Object.keys(envelope)) if (!['error_code', 'msg', 'data'].includes(key)) drifts.push(failure(key, 'unknown envelope field', false));
  const code = typeof envelope.error_code === 'number' ? envelope.error_code : null;
  if (code !== null && !knownCodes.has(code)) drifts.push(failure('error_code', `unknown error code ${code}`, false));
  const success = code === errorCodes.success.code;
  if (success) drifts.push(...strictDiff(op.response as z.ZodType, envelope.data));
  return { ok: success, code, drifts };
}
