/**
 * The feedback form's rules, all the contract's (opinion_feedback's body): its limits, read at
 * render without zod (contract/limits.ts, decision 091), and its schema, which checks what was
 * typed (feedback-check.ts, loaded when the form is first touched: the parent sees a rule before
 * sending, in the contract's Chinese).
 */
import type { z } from 'zod';
import type { operations } from '#contract/index';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_IMAGES_MAX } from '#contract/limits';
import { fieldsOf } from '../../lib/forms/field-errors.ts';

export type FeedbackBody = z.input<(typeof operations)['opinion_feedback']['body']>;

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

export const contentLimits = { min: FEEDBACK_CONTENT_MIN, max: FEEDBACK_CONTENT_MAX };

/** The most images the contract takes. */
export const MAX_IMAGES = FEEDBACK_IMAGES_MAX;

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
