/**
 * The fields of answers that SPEC.md does not promise (`unpromised` in core.ts, decision 073): found
 * by walking a response schema, listed for the docs and the contract's tests, and left out of an
 * answer by the mock's minimal-answers mode, as a backend answering as the seed shows would.
 */
import { z } from './zod.ts';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const metaOf = (schema: z.ZodType) => z.globalRegistry.get(schema) ?? {};

export const isUnpromised = (schema: z.ZodType) => metaOf(schema)['x-unpromised'] === true;

export interface UnpromisedField {
  /** Dotted, `[]` for items: `list[].audit_status`. */
  path: string;
  description?: string;
  /** What a page cannot do without it (`x-backend-requirement`). */
  requirement?: string;
}

/** Every unpromised field of a schema, nested ones included. */
export function unpromisedFields(schema: z.ZodType, path = ''): UnpromisedField[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return unpromisedFields(def.innerType as z.ZodType, path);
  if (def.type === 'pipe') return unpromisedFields(def.in as z.ZodType, path);
  if (def.type === 'array') return unpromisedFields(def.element as z.ZodType, `${path}[]`);
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((option) => unpromisedFields(option, path));
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const at = path ? `${path}.${key}` : key;
    if (!isUnpromised(field)) return unpromisedFields(field, at);
    const meta = metaOf(field);
    return [
      {
        path: at,
        ...(typeof meta.description === 'string' ? { description: meta.description } : {}),
        ...(typeof meta['x-backend-requirement'] === 'string' ? { requirement: meta['x-backend-requirement'] } : {}),
      },
    ];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of a wire value without its unpromised fields: what a backend answering as the seed shows sends. */
export function leaveOutUnpromised(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return value === null || value === undefined ? value : leaveOutUnpromised(def.innerType as z.ZodType, value);
  if (def.type === 'pipe') return leaveOutUnpromised(def.in as z.ZodType, value);
  if (def.type === 'array' && Array.isArray(value)) return value.map((item) => leaveOutUnpromised(def.element as z.ZodType, item));
  if (def.type === 'union') {
    // The option the value reads as (the contract's unions hold no unpromised field today).
    const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
    return option ? leaveOutUnpromised(option, value) : value;
  }
  if (def.type !== 'object' || !isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  const shape = def.shape as Record<string, z.ZodType>;
  for (const [key, item] of Object.entries(value)) {
    const field = shape[key];
    if (field && isUnpromised(field)) continue;
    copy[key] = field ? leaveOutUnpromised(field, item) : item;
  }
  return copy;
}
