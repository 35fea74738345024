/**
 * Where a refusal of an account or contact form belongs. A msg that names its field first
 * ('phone：…' with the contract's name, or '出生日期：…' with the form's label, decision 003) goes
 * beside that field; so do codes that always concern one field (a wrong SMS code, a phone bound
 * elsewhere); anything else is said above the form's button. The words are the error policy's (failureText).
 */
import { errorCodes, type ErrorCodeName } from '#contract/index';
import { isApiError } from '../api/outcome.ts';
import { failureText } from '../api/failure-text.ts';

export interface PlacedRefusal<F extends string> {
  field: F | null;
  message: string;
}

export function placeRefusal<F extends string>(
  error: unknown,
  options: { codes?: Partial<Record<ErrorCodeName, F>>; labels?: Partial<Record<F, string>> } = {},
): PlacedRefusal<F> {
  const message = failureText(error);
  if (!isApiError(error)) return { field: null, message };
  const { failure } = error;
  if ((failure.kind !== 'business' && failure.kind !== 'http') || failure.code === null) return { field: null, message };
  // A msg that names its field is the most precise; then the codes that concern one field.
  const named = /^([^：:，,。\s]{1,20})[：:]\s*(.+)$/s.exec(message);
  if (named) {
    const key = named[1]!;
    const labels: Partial<Record<F, string>> = options.labels ?? {};
    const field = (Object.keys(labels) as F[]).find((f) => f === key || labels[f] === key);
    if (field) return { field, message: named[2]! };
  }
  for (const [name, field] of Object.entries(options.codes ?? {}) as [ErrorCodeName, F][]) {
    if (errorCodes[name].code === failure.code) return { field, message };
  }
  return { field: null, message };
}

/** The wait a 'too frequent' refusal names (发送太频繁，请42秒后再试), in seconds. */
export function waitOfRefusal(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const { failure } = error;
  if ((failure.kind !== 'business' && failure.kind !== 'http') || failure.code !== errorCodes.sendTooFrequent.code) return null;
  const seconds = /(\d+)\s*秒/.exec(failure.msg);
  return seconds ? Number(seconds[1]) : null;
}

/** Whether the failure is this catalogue code. */
export function isRefusal(error: unknown, name: ErrorCodeName): boolean {
  if (!isApiError(error)) return false;
  const { failure } = error;
  return (failure.kind === 'business' || failure.kind === 'http') && failure.code === errorCodes[name].code;
}
