/**
 * What a failed call means to a parent, in Chinese, for pages that explain a failure where it
 * happened (errorHandling 'manual') instead of in a toast. The words come from the one error
 * policy, so a page never says something different from the toast it replaces.
 */
import { errorCodes } from '#contract/index';
import { decideErrorAction, fallbackMessages } from '../../lib/api/error-policy.ts';
import { isApiError } from '../../lib/api/outcome.ts';

export function failureText(error: unknown): string {
  if (!isApiError(error)) return fallbackMessages.http;
  const action = decideErrorAction(error.failure);
  return 'message' in action ? action.message : fallbackMessages.http;
}

/** The backend has nothing under that name (yet): worth an empty state, not an error. */
export function isNotFound(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const { failure } = error;
  return (failure.kind === 'http' || failure.kind === 'business') && failure.code === errorCodes.notFound.code;
}
