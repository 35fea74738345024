/**
 * The feedback form's rules, all taken from the contract's opinion_feedback body: the form
 * validates with that very schema (so a parent sees a rule before sending, in the contract's
 * Chinese) and reads its limits from it.
 */
import { operations } from '#contract/index';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/outcome.ts';
import { failureText } from '../../lib/api/failure-text.ts';
import { chineseIssues } from '../../lib/forms/issue-messages.ts';

const bodySchema = operations.opinion_feedback.body;
export type FeedbackBody = z.input<typeof bodySchema>;

export const fieldNames = ['problem_type', 'content', 'contact_name', 'contact_phone', 'contact_mailbox', 'images'] as const;
export type FieldName = (typeof fieldNames)[number];
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The form's labels; also how zod's unworded rules name the field. */
export const fieldLabels: Record<FieldName, string> = {
  problem_type: '问题类型',
  content: '问题描述',
  contact_name: '称呼',
  contact_phone: '手机号',
  contact_mailbox: '邮箱',
  images: '图片',
};

const issueMap = chineseIssues(fieldLabels);

export const contentLimits = {
  min: bodySchema.shape.content.minLength ?? 0,
  max: bodySchema.shape.content.maxLength ?? Infinity,
};

/** Whether the contract takes this many images, and if not, its message. */
export function checkImageCount(count: number): string | null {
  const result = bodySchema.shape.images.safeParse(Array.from({ length: count }, () => ''), { error: issueMap });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The most images the contract takes, found by asking its schema rather than restating it. */
export const MAX_IMAGES = (() => {
  let n = 0;
  while (n < 20 && checkImageCount(n + 1) === null) n += 1;
  return n;
})();

/** The count a parent sees: what the schema measures (after its trim). */
export const contentLength = (content: string) => content.trim().length;

export interface FeedbackDraft {
  problem_type: number | null;
  content: string;
  contact_name: string;
  contact_phone: string;
  contact_mailbox: string;
  images: string[];
}

/** The body to send: optional fields left empty are left out, as the contract has them. */
export function toBody(draft: FeedbackDraft): Record<string, unknown> {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    problem_type: draft.problem_type ?? undefined,
    content: draft.content,
    contact_name: optional(draft.contact_name),
    contact_phone: optional(draft.contact_phone),
    contact_mailbox: optional(draft.contact_mailbox),
    images: draft.images.length > 0 ? draft.images : undefined,
  };
}

export function validate(draft: FeedbackDraft): { ok: true; body: FeedbackBody } | { ok: false; errors: FieldErrors } {
  const result = bodySchema.safeParse(toBody(draft), { error: issueMap });
  if (result.success) return { ok: true, body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The message of one field for this draft, if any. */
export function fieldError(draft: FeedbackDraft, field: FieldName): string | undefined {
  const result = validate(draft);
  return result.ok ? undefined : result.errors[field];
}

/**
 * Where a refusal belongs: the backend names a field as 'field：message' (decision 003, 400001),
 * which goes beside that field; anything else is said above the button.
 */
export function placeRefusal(error: unknown): { field: FieldName; message: string } | { field: null; message: string } {
  const message = failureText(error);
  if (isApiError(error)) {
    const named = /^(\w+)[：:]\s*(.+)$/.exec(message);
    const field = named?.[1] as FieldName | undefined;
    if (field && fieldNames.includes(field)) return { field, message: named![2]! };
  }
  return { field: null, message };
}
