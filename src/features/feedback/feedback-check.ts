/**
 * The feedback form's checks, with the contract's opinion_feedback body itself: loaded when the
 * form first checks, not with the page (zod and the schemas are no part of a page's start-up,
 * decision 091).
 */
import { operations } from '#contract/index';
import { fieldErrors, type Checked } from '../../lib/forms/field-errors.ts';
import { chineseIssues } from '../../lib/forms/issue-messages.ts';
import { fieldLabels, fieldNames, toBody, type FeedbackBody, type FeedbackDraft, type FieldName } from './feedback-rules.ts';

const bodySchema = operations.opinion_feedback.body;
const issueMap = chineseIssues(fieldLabels);

/** Whether the contract takes this many images, and if not, its message. */
export function checkImageCount(count: number): string | null {
  const result = bodySchema.shape.images.safeParse(
    Array.from({ length: count }, () => ''),
    { error: issueMap },
  );
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function validate(draft: FeedbackDraft): Checked<FeedbackBody, FieldName> {
  const result = bodySchema.safeParse(toBody(draft), { error: issueMap });
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error.issues, fieldNames) };
}
