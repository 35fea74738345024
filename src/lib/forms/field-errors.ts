/** A zod result's issues as one Chinese message per top-level field, for messages beside fields. */
import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string>(issues: readonly z.core.$ZodIssue[]): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** Keeps only what the errors object says, dropping fields that are fine. */
export function compact<F extends string>(errors: Partial<Record<F, string | null>>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => Boolean(v))) as Partial<Record<F, string>>;
}
