/**
 * How the contract's typed inputs travel as text: query strings and path params. The app encodes
 * with these and the mock decodes with these, so both read numbers and booleans the same way.
 */
import type { z } from 'zod';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; values?: unknown[]; element?: z.ZodType };

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { def: Def }).def;
}

/** The scalar kind a field takes once optional/nullable/default wrappers are removed. */
function kindOf(schema: z.ZodType): 'number' | 'boolean' | 'array' | 'string' {
  let def = defOf(schema);
  while (def.innerType || def.in) def = defOf((def.innerType ?? def.in) as z.ZodType);
  if (def.type === 'number' || def.type === 'int') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'array') return 'array';
  if (def.type === 'literal' && def.values?.every((v) => typeof v === 'number')) return 'number';
  if (def.type === 'literal' && def.values?.every((v) => typeof v === 'boolean')) return 'boolean';
  return 'string';
}

function decodeScalar(kind: 'number' | 'boolean' | 'string', raw: string): unknown {
  if (kind === 'number') return raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  if (kind === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** Query values as text; undefined and null are left out, arrays repeat their key. */
export function encodeQuery(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/**
 * Reads the fields an object schema declares from text, turning numbers and booleans back into
 * values. Text that is no number stays text, so validation names the field instead of guessing.
 * Keys the schema does not declare (such as the cache-busting `_t`) are dropped.
 */
export function decodeFields(schema: z.ZodObject<z.ZodRawShape> | undefined, read: (key: string) => string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema?.shape ?? {})) {
    const raw = read(key);
    if (raw.length === 0) continue;
    const kind = kindOf(field as z.ZodType);
    if (kind === 'array') {
      const element = defOf(unwrapAll(field as z.ZodType)).element;
      const elementKind = element ? kindOf(element) : 'string';
      out[key] = raw.map((r) => decodeScalar(elementKind === 'array' ? 'string' : elementKind, r));
    } else {
      out[key] = decodeScalar(kind, raw[raw.length - 1]!);
    }
  }
  return out;
}

function unwrapAll(schema: z.ZodType): z.ZodType {
  let current = schema;
  let def = defOf(current);
  while (def.innerType || def.in) {
    current = (def.innerType ?? def.in) as z.ZodType;
    def = defOf(current);
  }
  return current;
}

export function decodeQuery(schema: z.ZodObject<z.ZodRawShape> | undefined, params: URLSearchParams) {
  return decodeFields(schema, (key) => params.getAll(key));
}

export function decodePathParams(schema: z.ZodObject<z.ZodRawShape> | undefined, raw: Record<string, string>) {
  return decodeFields(schema, (key) => (raw[key] === undefined ? [] : [raw[key]]));
}

/** Matches a contract path such as `class_detail/{id}` against a path; params are decoded text. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}
