/**
 * How every control call reads its input (the HTTP server's /__mock/, window.__mock, the panel):
 * names in either case (`afterMs` or `after_ms`), nothing unknown, nothing of the wrong type,
 * no null for a body, each refusal a Chinese message that names the field (ControlError 400).
 */
import { z } from 'zod';
import { zhMessage } from '#contract/zod-messages';
import { TOO_DEEP, valueTooDeep } from '../core/json-depth.ts';

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Keys whose values are the wire's own names (a body's fields, an answer's data): never renamed. */
const LITERAL_KEYS = new Set(['data', 'path_params', 'query', 'body', 'headers', 'hostile_links']);

/** `afterMs` as `after_ms`; a name that is not camelCase (`Seed`, `after_ms`) is kept as written, so a refusal names it so. */
const snake = (key: string) => (/^[a-z][a-zA-Z0-9]*$/.test(key) ? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : key);

/**
 * The input with camelCase names as snake_case (what the control schemas declare), except inside
 * LITERAL_KEYS. A name given both ways is refused: which one was meant?
 */
export function snakeKeys(value: unknown, path: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item, i) => snakeKeys(item, [...path, String(i)]));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const given = new Map<string, string>();
  for (const [key, item] of Object.entries(value)) {
    const name = snake(key);
    const earlier = given.get(name);
    if (earlier !== undefined) throw new ControlError(400, `${[...path, name].join('.')}：${earlier} 与 ${key} 重复，只写一个`);
    given.set(name, key);
    out[name] = LITERAL_KEYS.has(name) ? item : snakeKeys(item, [...path, name]);
  }
  return out;
}

/** The app's words for zod's issues (contract/zod-messages.ts), and unknown fields named with the ones there are. */
const controlErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'unrecognized_keys') {
    const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
    return `未知字段 ${issue.keys.join('、')}${shape ? `（可用：${Object.keys(shape).join('、')}）` : ''}`;
  }
  return zhMessage(issue);
};

/** What a control call's input is: a request's body, or its query string. */
export type ControlPart = 'body' | 'query';

/** The first problem as `field：message` (`body：…` or `query：…` when it is the whole input). */
export function describeIssue(issue: z.core.$ZodIssue, part: ControlPart = 'body'): string {
  return `${issue.path.join('.') || part}：${issue.message}`;
}

/**
 * Reads a control call's input: absent (no body) is `{}`, so every field takes its default;
 * null, an unknown field or a wrong value is refused.
 */
export function parseControl<T extends z.ZodType>(schema: T, input: unknown, part: ControlPart = 'body'): z.output<T> {
  if (input === null) throw new ControlError(400, 'body：请求体不能是 null；不带请求体（或 {}）即全用默认值');
  // Before anything walks it (snakeKeys, zod, a stored copy): a body 5,000 deep overflows them.
  if (valueTooDeep(input)) throw new ControlError(400, `${part}：${TOO_DEEP}`);
  const result = schema.safeParse(snakeKeys(input ?? {}), { error: controlErrors });
  if (!result.success) {
    // A typo'd name also leaves its field missing: the unknown name is the one to report.
    const issues = result.error.issues;
    throw new ControlError(400, describeIssue(issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0]!, part));
  }
  return result.data;
}
