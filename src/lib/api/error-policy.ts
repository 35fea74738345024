/**
 * Spec §8 as one table: what a failure means for the person in front of the screen.
 * It only decides; error-effects.ts acts.
 */
import { errorCodes } from '#contract/error-codes';
import type { ApiFailure } from './outcome.ts';

export type ErrorAction =
  /** Show msg as an error toast. */
  | { type: 'toast'; message: string }
  /** Show msg, then go to the home page. */
  | { type: 'home'; message: string }
  /** Go home and say nothing. */
  | { type: 'home-silent' }
  /** Clear cookies and credentials, then go to the account login. */
  | { type: 'relogin' }
  /** Nothing to show (the caller gave up). */
  | { type: 'none' };

type HttpRule = 'home' | 'home-silent' | 'relogin';

/** HTTP error answers by error_code; any other code toasts its msg. */
export const httpErrorRules: Readonly<Record<number, HttpRule>> = {
  [errorCodes.accountUnavailable.code]: 'home',
  [errorCodes.forbidden.code]: 'home',
  [errorCodes.silentHome.code]: 'home-silent',
  [errorCodes.notSignedIn.code]: 'relogin',
  [errorCodes.sessionReplaced.code]: 'relogin',
  // The client already replaced the token and retried once; a second expiry means the refresh
  // itself is broken, so we ask the parent to sign in again instead of looping.
  [errorCodes.tokenExpired.code]: 'relogin',
};

/** Chinese for failures that have no msg of the backend's to show. */
export const fallbackMessages = {
  timeout: '请求超时，请检查网络后重试',
  network: '网络连接失败，请检查网络后重试',
  contract: '服务返回的数据有误，请稍后再试',
  request: '提交的信息有误，请检查后重试',
  http: '服务暂时不可用，请稍后再试',
} as const;

export function decideErrorAction(failure: ApiFailure): ErrorAction {
  switch (failure.kind) {
    case 'business':
      return { type: 'toast', message: failure.msg || fallbackMessages.http };
    case 'http': {
      // No envelope: the msg is the reason phrase of the status line (English), not the backend's words.
      if (failure.code === null) return { type: 'toast', message: fallbackMessages.http };
      const rule = httpErrorRules[failure.code];
      if (rule === 'home') return { type: 'home', message: failure.msg || fallbackMessages.http };
      if (rule === 'home-silent') return { type: 'home-silent' };
      if (rule === 'relogin') return { type: 'relogin' };
      return { type: 'toast', message: failure.msg || fallbackMessages.http };
    }
    case 'timeout':
    case 'network':
    case 'contract':
    case 'request':
      return { type: 'toast', message: fallbackMessages[failure.kind] };
    case 'aborted':
      return { type: 'none' };
  }
}
