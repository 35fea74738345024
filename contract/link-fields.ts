/**
 * The link fields of a schema (every string typed by one of the contract's link types, meta
 * `x-link`), found by walking it: listed (the property test walks every one), and mapped over a
 * value as it travels (the app leaves out a refused link, the mock's hostile-links setting plants
 * them). Walks the wire side of codecs, as strict-answer.ts does.
 */
import { isLink, type LinkKind } from './links.ts';
import { z } from './zod.ts';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The link kind of a string schema typed by a link type, else null. */
function kindHere(schema: z.ZodType): LinkKind | null {
  const kind = defOf(schema).type === 'string' ? z.globalRegistry.get(schema)?.['x-link'] : undefined;
  return typeof kind === 'string' ? (kind as LinkKind) : null;
}

/** The link kind of a field once its wrappers (optional, nullable, …) are taken off. */
export function linkKindOf(schema: z.ZodType): LinkKind | null {
  let current = schema;
  for (let def = defOf(current); WRAPPERS.has(def.type) || def.type === 'pipe'; def = defOf(current)) {
    current = (def.type === 'pipe' ? def.in : def.innerType) as z.ZodType;
  }
  return kindHere(current);
}

export interface LinkField {
  /** Dotted, `[]` for items: `list[].cover_url`. */
  path: string;
  kind: LinkKind;
  /** The field as declared, wrappers included (`fileUrl.nullable()`). */
  schema: z.ZodType;
}

/**
 * Every link field of a schema. A union, intersection, record, tuple or lazy schema throws: none
 * is in the contract, and a walk that skipped one would miss its links.
 */
export function linkFields(schema: z.ZodType, path = '', declared: z.ZodType = schema): LinkField[] {
  const def = defOf(schema);
  if (def.type === 'string') {
    const kind = kindHere(schema);
    return kind ? [{ path, kind, schema: declared }] : [];
  }
  if (WRAPPERS.has(def.type)) return linkFields(def.innerType as z.ZodType, path, declared);
  if (def.type === 'pipe') return linkFields(def.in as z.ZodType, path, declared);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => linkFields(field, path ? `${path}.${key}` : key, field));
  }
  if (def.type === 'array') return linkFields(def.element as z.ZodType, `${path}[]`, def.element as z.ZodType);
  if (['union', 'intersection', 'record', 'tuple', 'lazy', 'map', 'set'].includes(def.type)) {
    throw new Error(`linkFields: a ${def.type} at '${path}' is not walked; teach contract/link-fields.ts to`);
  }
  return [];
}

/** What `mapLinks` calls at a link position: the value there (null or undefined when empty). */
export type LinkMapper = (value: unknown, kind: LinkKind, path: string) => unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a wire value whose every link position went through `map`: present ones, null ones
 * and absent optional ones (an absent field stays absent when `map` answers undefined). Anything
 * of the wrong shape is left as it is, for the schema to refuse.
 */
export function mapLinks(schema: z.ZodType, value: unknown, map: LinkMapper, path = 'data'): unknown {
  const def = defOf(schema);
  if (def.type === 'string') {
    const kind = kindHere(schema);
    return kind ? map(value, kind, path) : value;
  }
  if (WRAPPERS.has(def.type)) {
    if (value === null || value === undefined) {
      const kind = linkKindOf(schema);
      return kind ? map(value, kind, path) : value;
    }
    return mapLinks(def.innerType as z.ZodType, value, map, path);
  }
  if (def.type === 'pipe') return mapLinks(def.in as z.ZodType, value, map, path);
  if (def.type === 'object' && isRecord(value)) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      const next = mapLinks(field, value[key], map, `${path}.${key}`);
      if (next === value[key]) continue;
      copy ??= { ...value };
      copy[key] = next;
    }
    return copy ?? value;
  }
  if (def.type === 'array' && Array.isArray(value)) {
    const next = value.map((item, i) => mapLinks(def.element as z.ZodType, item, map, `${path}[${i}]`));
    return next.some((item, i) => item !== value[i]) ? next : value;
  }
  return value;
}

/**
 * The app's reading of a refused link: left out, as an empty string (no link), so the page works
 * with the rest of the answer. Answers the paths it left out.
 */
export function leaveOutLinks(schema: z.ZodType, value: unknown): { value: unknown; leftOut: string[] } {
  const leftOut: string[] = [];
  const next = mapLinks(schema, value, (link, kind, path) => {
    if (typeof link !== 'string' || link === '' || isLink(link, kind)) return link;
    leftOut.push(path);
    return '';
  });
  return { value: next, leftOut };
}
