/**
 * The one shape of a form's messages: one Chinese message per field, and `form` for what concerns
 * no field (said above the buttons). Every form of the app uses it.
 */
import type { z } from 'zod';

export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** A check's outcome: the body to send, or the messages to show. */
export type Checked<B, F extends string> = { ok: true; body: B } | { ok: false; errors: FieldErrors<F> };

/**
 * A form's field names, in order, read from its labels: each field is named once, with its label
 * (which is also how a refusal names it, 出生日期：…).
 */
export const fieldsOf = <F extends string>(labels: Record<F, string>): F[] => Object.keys(labels) as F[];

/** A zod result's issues as the first message of each top-level field. */
export function fieldErrors<F extends string>(issues: readonly z.core.$ZodIssue[], fields?: readonly F[]): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as F;
    if (!key || (fields && !fields.includes(key))) continue;
    out[key] ??= issue.message;
  }
  return out;
}

/** Keeps only what the errors object says, dropping fields that are fine. */
export function compact<F extends string>(errors: Partial<Record<F, string | null | undefined>>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => Boolean(v))) as FieldErrors<F>;
}

/** Whether there is anything to show. */
export const hasErrors = (errors: FieldErrors<string>): boolean => Object.values(errors).some(Boolean);
