/**
 * An answer checked strictly against the contract, stricter than the app's parsing (which strips
 * unknown fields and stops at the first problem): every field the contract does not know, every
 * field it requires that is missing, every value of the wrong type, an error code the catalogue
 * does not list, a broken envelope. Used by the contract probe (scripts/contract-probe.ts) on a
 * real backend and by the random walks (e2e/monkey.spec.ts) on every answer the pages get.
 */
import { errorCodes } from './error-codes.ts';
import type { Operation } from './core.ts';
import { z } from './zod.ts';

export interface Drift {
  path: string;
  problem: string;
  /** The field, or an object around it, is marked x-assumption (spec: 'fields not shown'). */
  assumed: boolean;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isAssumed = (schema: z.ZodType) => z.globalRegistry.get(schema)?.['x-assumption'] === true;

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
      return whole.success ? [] : [{ path, problem: whole.error.issues[0]?.message ?? 'invalid', assumed: here }];
    }
    case 'object': {
      if (typeName(value) !== 'object') return [{ path, problem: `expected object, got ${typeName(value)}`, assumed: here }];
      const shape = def.shape as Record<string, z.ZodType>;
      const record = value as Record<string, unknown>;
      const drifts: Drift[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const fieldPath = `${path}.${key}`;
        if (!(key in record)) {
          if (!field.safeParse(undefined).success) drifts.push({ path: fieldPath, problem: 'missing', assumed: here || isAssumed(field) });
          continue;
        }
        drifts.push(...strictDiff(field, record[key], fieldPath, here));
      }
      for (const key of Object.keys(record)) if (!(key in shape)) drifts.push({ path: `${path}.${key}`, problem: 'unknown field', assumed: here });
      return drifts;
    }
    case 'array': {
      if (!Array.isArray(value)) return [{ path, problem: `expected array, got ${typeName(value)}`, assumed: here }];
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
      return [{ path, problem, assumed: here }];
    }
  }
}

const knownCodes = new Set(Object.values(errorCodes).map((e) => e.code));

/** The envelope, then the data of a success against the operation's response. */
export function checkAnswer(op: Operation, status: number, body: unknown): { ok: boolean; code: number | null; drifts: Drift[] } {
  if (typeName(body) !== 'object') return { ok: false, code: null, drifts: [{ path: '(body)', problem: `not a JSON envelope (HTTP ${status})`, assumed: false }] };
  const envelope = body as Record<string, unknown>;
  const drifts: Drift[] = [];
  if (typeof envelope.error_code !== 'number') drifts.push({ path: 'error_code', problem: `expected number, got ${typeName(envelope.error_code)}`, assumed: false });
  if (typeof envelope.msg !== 'string') drifts.push({ path: 'msg', problem: `expected string, got ${typeName(envelope.msg)}`, assumed: false });
  if (!('data' in envelope)) drifts.push({ path: 'data', problem: 'missing', assumed: false });
  for (const key of Object.keys(envelope)) if (!['error_code', 'msg', 'data'].includes(key)) drifts.push({ path: key, problem: 'unknown envelope field', assumed: false });
  const code = typeof envelope.error_code === 'number' ? envelope.error_code : null;
  if (code !== null && !knownCodes.has(code)) drifts.push({ path: 'error_code', problem: `unknown error code ${code}`, assumed: false });
  const success = code === errorCodes.success.code;
  if (success) drifts.push(...strictDiff(op.response as z.ZodType, envelope.data));
  return { ok: success, code, drifts };
}
