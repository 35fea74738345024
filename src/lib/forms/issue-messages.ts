/**
 * Chinese for the contract's rules that carry no message of their own (e.g. `.max(20)` on a
 * name). Passed to safeParse as the per-parse error map, which zod consults only when the schema
 * gave no message: the contract's own words always win, and no rule is restated here, only worded.
 */
import type { z } from 'zod';

export function chineseIssues(labels: Record<string, string>): z.core.$ZodErrorMap {
  return (issue) => {
    const label = labels[String(issue.path?.[0] ?? '')] ?? '此项';
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return issue.expected === 'number' ? `请选择${label}` : `请填写${label}`;
        return `${label}格式不正确`;
      case 'too_big':
        return issue.origin === 'string' ? `${label}最多${issue.maximum}个字` : `${label}最多${issue.maximum}项`;
      case 'too_small':
        return issue.origin === 'string' ? `${label}至少${issue.minimum}个字` : `${label}至少${issue.minimum}项`;
      case 'invalid_format':
        return `${label}格式不正确`;
      default:
        return `${label}填写有误`;
    }
  };
}

/** A per-parse error map: 'please choose' for a missing choice, else the shared Chinese wording. */
export function issueMap(labels: Record<string, string>): z.core.$ZodErrorMap {
  const shared = chineseIssues(labels);
  return (issue) => {
    if (issue.code === 'invalid_value' && (issue.input === undefined || issue.input === null)) {
      return `请选择${labels[String(issue.path?.[0] ?? '')] ?? '此项'}`;
    }
    return shared(issue);
  };
}

/** The first message of a schema for a value, or null when it passes. */
export function firstIssue(schema: z.ZodType, value: unknown, label = '此项'): string | null {
  const result = schema.safeParse(value, { error: issueMap({ '': label }) });
  return result.success ? null : (result.error.issues[0]?.message ?? `${label}填写有误`);
}

/** A required text: `empty` when nothing was typed, else the schema's own message. */
export function checkText(schema: z.ZodType, value: string, empty: string): string | null {
  return value.trim() === '' ? empty : firstIssue(schema, value.trim());
}
