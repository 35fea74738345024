/**
 * What a page says about a failure it shows itself (errorHandling 'manual'): the same Chinese
 * sentence the central policy would have toasted, so a refusal reads alike everywhere.
 */
import { decideErrorAction } from '../../lib/api/error-policy.ts';
import type { ApiError } from '../../lib/api/outcome.ts';

export function failureMessage(error: ApiError | null | undefined): string | null {
  if (!error) return null;
  const action = decideErrorAction(error.failure);
  // Redirects and sign-outs are the central effects' business; nothing is left to say here.
  return action.type === 'toast' || action.type === 'home' ? action.message : null;
}

/** The backend's error_code of a refusal, to offer the next step that fits it. */
export function failureCode(error: ApiError | null | undefined): number | null {
  const failure = error?.failure;
  return failure && (failure.kind === 'business' || failure.kind === 'http') ? failure.code : null;
}
