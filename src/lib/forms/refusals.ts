/**
 * Where a refusal of the backend belongs in a form. A msg that names its field first ('phone：…'
 * with the contract's name, or '出生日期：…' with the form's label, decision 003) goes beside that
 * field; so do codes that always concern one field (a wrong SMS code, a phone bound elsewhere);
 * anything else is said above the buttons (`form`). The words are the error policy's.
 */
import { errorCodes, type ErrorCodeName } from '#contract/error-codes';
import { fallbackMessages } from '../api/error-policy.ts';
import { failureMessage } from '../api/failure-text.ts';
import { isApiError } from '../api/outcome.ts';
import type { FieldErrors } from './field-errors.ts';

export interface RefusalPlaces<F extends string> {
  /** Codes that always concern one field. */
  codes?: Partial<Record<ErrorCodeName, F>>;
  /** How a msg may name a field besides its contract name (the form's labels). */
  labels?: Partial<Record<F, string>>;
}

/**
 * The messages a refusal puts in a form; empty when the central effects redirect or sign the
 * parent out (nothing is left to say here).
 */
export function placeRefusal<F extends string>(error: unknown, places: RefusalPlaces<F> = {}): FieldErrors<F> {
  const message = isApiError(error) ? failureMessage(error) : fallbackMessages.http;
  if (message === null) return {};
  const failure = isApiError(error) ? error.failure : null;
  if (!failure || (failure.kind !== 'business' && failure.kind !== 'http') || failure.code === null) return { form: message } as FieldErrors<F>;
  // A msg that names its field is the most precise; then the codes that concern one field.
  const named = /^([^：:，,。\s]{1,20})[：:]\s*(.+)$/s.exec(message);
  if (named) {
    const key = named[1]!;
    const labels: Partial<Record<F, string>> = places.labels ?? {};
    const field = (Object.keys(labels) as F[]).find((f) => f === key || labels[f] === key);
    if (field) return { [field]: named[2]! } as FieldErrors<F>;
  }
  for (const [name, field] of Object.entries(places.codes ?? {}) as [ErrorCodeName, F][]) {
    if (errorCodes[name].code === failure.code) return { [field]: message } as FieldErrors<F>;
  }
  return { form: message } as FieldErrors<F>;
}

/** The wait a 'too frequent' refusal names (发送太频繁，请42秒后再试), in seconds. */
export function waitOfRefusal(error: unknown): number | null {
  if (!isRefusal(error, 'sendTooFrequent') || !isApiError(error)) return null;
  const seconds = /(\d+)\s*秒/.exec((error.failure as { msg: string }).msg);
  return seconds ? Number(seconds[1]) : null;
}

/** Whether the failure is this catalogue code. */
export function isRefusal(error: unknown, name: ErrorCodeName): boolean {
  if (!isApiError(error)) return false;
  const { failure } = error;
  return (failure.kind === 'business' || failure.kind === 'http') && failure.code === errorCodes[name].code;
}
