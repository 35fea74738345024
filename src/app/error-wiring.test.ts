/**
 * Going home (spec §8: 200216, 104010, 89994) never points at the address it came from: on the home
 * page itself the message is said and the page stays (issue 39, decision 074).
 */
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes } from '#contract/index';
import { toastStore } from '../stores/toast-store.ts';
import { ApiError } from '../lib/api/outcome.ts';
import { createAppErrorEffects } from './error-wiring.ts';

function wired(pathname: string, search = '') {
  const router = { state: { location: { pathname, search } }, navigate: vi.fn() };
  const { effects, attachRouter } = createAppErrorEffects();
  attachRouter(router as never);
  return { effects, router };
}

const failure = (code: number, msg: string) => new ApiError('personal_data', { kind: 'http', status: 403, code, msg, data: null, retried: false });

// The effects log each failure (console.warn): expected here.
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));

describe('going home', () => {
  it('from another page: says the msg and goes home', async () => {
    const { effects, router } = wired('/personal/myOrder');
    effects.handleError(failure(errorCodes.accountUnavailable.code, '账号状态异常，请联系客服'), 'log');
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/'));
    expect(toastStore().toasts.map((t) => t.message)).toContain('账号状态异常，请联系客服');
  });

  it('from a page of home with a query: goes to home itself', async () => {
    const { effects, router } = wired('/', '?from=x');
    effects.handleError(failure(errorCodes.silentHome.code, '页面已失效'));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/'));
  });

  it.each([errorCodes.accountUnavailable, errorCodes.forbidden, errorCodes.silentHome])('on the home page ($code): stays, and says the msg where §8 has one', async ({ code, message }) => {
    const { effects, router } = wired('/');
    effects.handleError(failure(code, message), 'log');
    const silent = code === errorCodes.silentHome.code;
    if (!silent) await waitFor(() => expect(toastStore().toasts.map((t) => t.message)).toContain(message));
    else await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
