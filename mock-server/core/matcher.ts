/**
 * Which requests a fault, a fixed answer or a journal query means: the operation plus path
 * params, query, body fields and request headers, each equal to a value or matching a pattern (WireMock's
 * equalTo / matches). Field names are the wire's (snake_case); a body field may be a dotted path
 * (`items.0.id`).
 *
 *   {"path_params": {"id": 153}, "query": {"page": {"matches": "^[12]$"}}, "body": {"pay_type": 1}}
 */
import { z } from 'zod';

/** At most this many fields per part of a pattern, and this long a pattern: a pattern, not a payload. */
export const MATCH_MAX_FIELDS = 20;
export const MATCH_MAX_PATTERN = 500;

const validPattern = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

export const fieldMatchSchema = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.strictObject({ matches: z.string().max(MATCH_MAX_PATTERN).refine(validPattern, { message: '不是合法的正则表达式' }) }),
]);

const fieldsSchema = z.record(z.string().min(1).max(200), fieldMatchSchema).refine((fields) => Object.keys(fields).length <= MATCH_MAX_FIELDS, {
  message: `最多 ${MATCH_MAX_FIELDS} 个字段`,
});

/** A request header's name (RFC 9110 token); matched whatever its case, as HTTP does. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headersSchema = fieldsSchema.superRefine((fields, ctx) => {
  for (const name of Object.keys(fields)) if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: '不是合法的请求头名称' });
});

export const requestMatchSchema = z.strictObject({
  path_params: fieldsSchema.optional(),
  query: fieldsSchema.optional(),
  body: fieldsSchema.optional(),
  /** Request headers: `client_id` is the signed-in parent's session, `X-Tester` anything a tester sends. */
  headers: headersSchema.optional(),
});
export { headersSchema };
export type RequestMatch = z.output<typeof requestMatchSchema>;
type FieldMatch = z.output<typeof fieldMatchSchema>;

/** A call as a pattern sees it: path params decoded, the query, the body as parsed (or undefined). */
export interface MatchInput {
  pathParams: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    if (patterns.size > 1000) patterns.clear();
    patterns.set(source, (pattern = new RegExp(source)));
  }
  return pattern;
}

/** The value at a dotted path of a parsed body, or undefined. */
function valueAt(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Equal (a number and its text are equal: path params and queries are text on the wire) or matching. */
function fieldMatches(expected: FieldMatch, actual: unknown): boolean {
  if (actual === undefined) return false;
  const text = actual !== null && typeof actual === 'object' ? JSON.stringify(actual) : String(actual);
  if (expected !== null && typeof expected === 'object') return patternOf(expected.matches).test(text);
  if (expected === null) return actual === null;
  return text === String(expected);
}

/** How each part of a pattern reads a call's field. */
const readers: Record<keyof RequestMatch, (input: MatchInput, name: string) => unknown> = {
  path_params: (input, name) => input.pathParams[name],
  query: (input, name) => input.query.get(name) ?? undefined,
  body: (input, name) => valueAt(input.body, name),
  headers: (input, name) => input.headers.get(name) ?? undefined,
};
const PARTS = Object.keys(readers) as (keyof RequestMatch)[];

export function requestMatches(match: RequestMatch | undefined, input: MatchInput): boolean {
  if (!match) return true;
  for (const part of PARTS) {
    const fields = match[part];
    if (fields) for (const [name, expected] of Object.entries(fields)) if (!fieldMatches(expected, readers[part](input, name))) return false;
  }
  return true;
}

/** A field of a pattern a call did not meet: what was expected, and what the call had (absent: nothing). */
export interface Difference {
  field: string;
  expected: unknown;
  actual?: unknown;
}

/** Every field of the pattern the call does not meet, in the pattern's order (WireMock's near misses). */
export function differences(match: RequestMatch | undefined, input: MatchInput): Difference[] {
  const out: Difference[] = [];
  for (const part of match ? PARTS : []) {
    for (const [name, expected] of Object.entries(match![part] ?? {})) {
      const actual = readers[part](input, name);
      if (!fieldMatches(expected, actual)) out.push({ field: `${part}.${name}`, expected, ...(actual === undefined ? {} : { actual }) });
    }
  }
  return out;
}
