// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorCodes } from '#contract/index';
import { decideErrorAction, fallbackMessages } from './error-policy.ts';
import type { ApiFailure } from './outcome.ts';

const httpFailure = (code: number | null, msg = '后端说明', retried = false): ApiFailure => ({ kind: 'http', status: 401, code, msg, data: null, retried });

describe('spec §8, row by row', () => {
  it('a 2xx whose code is not success toasts its msg as an error', () => {
    expect(decideErrorAction({ kind: 'business', status: 200, code: 300103, msg: '名额已满', data: null })).toEqual({ type: 'toast', message: '名额已满' });
  });

  it.each([errorCodes.accountUnavailable.code, errorCodes.forbidden.code])('HTTP %i shows msg and goes home', (code) => {
    expect(decideErrorAction(httpFailure(code))).toEqual({ type: 'home', message: '后端说明' });
  });

  it('HTTP 89994 goes home silently', () => {
    expect(decideErrorAction(httpFailure(errorCodes.silentHome.code))).toEqual({ type: 'home-silent' });
  });

  it.each([errorCodes.notSignedIn.code, errorCodes.sessionReplaced.code])('HTTP %i clears credentials and goes to the account login', (code) => {
    expect(decideErrorAction(httpFailure(code))).toEqual({ type: 'relogin' });
  });

  it('HTTP 99993 that survived the single retry asks for a new sign-in instead of looping', () => {
    expect(decideErrorAction(httpFailure(errorCodes.tokenExpired.code, '过期', true))).toEqual({ type: 'relogin' });
  });

  it('any other HTTP code toasts its msg', () => {
    expect(decideErrorAction(httpFailure(errorCodes.invalidRequest.code, '请输入正确的11位手机号'))).toEqual({ type: 'toast', message: '请输入正确的11位手机号' });
  });

  it('an HTTP error without an envelope still says something in Chinese', () => {
    expect(decideErrorAction(httpFailure(null, ''))).toEqual({ type: 'toast', message: fallbackMessages.http });
  });
});

describe('failures the catalogue does not name', () => {
  it.each([
    [{ kind: 'timeout', timeoutMs: 20000 } as const, fallbackMessages.timeout],
    [{ kind: 'network', message: 'Failed to fetch' } as const, fallbackMessages.network],
    [{ kind: 'contract', status: 200, where: 'data', issues: [] as never[], body: null } as const, fallbackMessages.contract],
    [{ kind: 'request', part: 'body', issues: [] as never[] } as const, fallbackMessages.request],
  ])('%o toasts Chinese', (failure, message) => {
    expect(decideErrorAction(failure)).toEqual({ type: 'toast', message });
    expect(message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('an aborted call shows nothing', () => {
    expect(decideErrorAction({ kind: 'aborted' })).toEqual({ type: 'none' });
  });
});
