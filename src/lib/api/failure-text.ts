/**
 * What a page says about a failure it shows itself (errorHandling 'manual'): the same Chinese
 * sentence the central policy would have toasted, so a refusal reads alike everywhere.
 */
import { errorCodes } from '#contract/error-codes';
import { decideErrorAction, fallbackMessages } from './error-policy.ts';
import { isApiError, type ApiError } from './outcome.ts';

/** The sentence, or null when the central effects redirect or sign out (nothing left to say). */
export function failureMessage(error: ApiError | null | undefined): string | null {
  if (!error) return null;
  const action = decideErrorAction(error.failure);
  return action.type === 'toast' || action.type === 'home' ? action.message : null;
}

/** Always a sentence, for any thrown value. */
export function failureText(error: unknown): string {
  return (isApiError(error) && failureMessage(error)) || fallbackMessages.http;
}

/** The backend's error_code of a refusal, to offer the next step that fits it. */
export function failureCode(error: ApiError | null | undefined): number | null {
  const failure = error?.failure;
  return failure && (failure.kind === 'business' || failure.kind === 'http') ? failure.code : null;
}

/** The backend has nothing under that name (yet): worth an empty state, not an error. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && failureCode(error) === errorCodes.notFound.code;
}
