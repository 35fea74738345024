/**
 * The feedback form's rules, all taken from the contract's opinion_feedback body: the form
 * validates with that very schema (so a parent sees a rule before sending, in the contract's
 * Chinese) and reads its limits from it.
 */
import { operations } from '#contract/index';
import type { z } from 'zod';
import { fieldErrors, fieldsOf, type Checked } from '../../lib/forms/field-errors.ts';
import { chineseIssues } from '../../lib/forms/issue-messages.ts';

const bodySchema = operations.opinion_feedback.body;
export type FeedbackBody = z.input<typeof bodySchema>;

/** The form's fields and labels; also how zod's unworded rules name the field. */
export const fieldLabels = {
  problem_type: '问题类型',
  content: '问题描述',
  contact_name: '称呼',
  contact_phone: '手机号',
  contact_mailbox: '邮箱',
  images: '图片',
};
export type FieldName = keyof typeof fieldLabels;
export const fieldNames = fieldsOf(fieldLabels);

const issueMap = chineseIssues(fieldLabels);

export const contentLimits = {
  min: bodySchema.shape.content.minLength ?? 0,
  max: bodySchema.shape.content.maxLength ?? Infinity,
};

/** Whether the contract takes this many images, and if not, its message. */
export function checkImageCount(count: number): string | null {
  const result = bodySchema.shape.images.safeParse(
    Array.from({ length: count }, () => ''),
    { error: issueMap },
  );
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

export function validate(draft: FeedbackDraft): Checked<FeedbackBody, FieldName> {
  const result = bodySchema.safeParse(toBody(draft), { error: issueMap });
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error.issues, fieldNames) };
}
