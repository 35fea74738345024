// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { errorCodes } from '#contract/index';
import { createErrorEffects } from './error-effects.ts';
import { ApiError, type ApiFailure } from './outcome.ts';

function setup() {
  const ports = { toastError: vi.fn(), goHome: vi.fn(), relogin: vi.fn(), log: vi.fn() };
  return { ports, effects: createErrorEffects(ports) };
}
const http = (code: number): ApiFailure => ({ kind: 'http', status: 403, code, msg: `msg-${code}`, data: null, retried: false });

describe('the one place that acts', () => {
  it('success is never seen here, and a business refusal is an error toast', () => {
    const { ports, effects } = setup();
    effects.handle({ kind: 'business', status: 200, code: 300105, msg: '与孩子已报名的课程时间冲突', data: null });
    expect(ports.toastError).toHaveBeenCalledWith('与孩子已报名的课程时间冲突');
    expect(ports.goHome).not.toHaveBeenCalled();
  });

  it.each([errorCodes.accountUnavailable.code, errorCodes.forbidden.code])('%i toasts and goes home', (code) => {
    const { ports, effects } = setup();
    effects.handle(http(code));
    expect(ports.toastError).toHaveBeenCalledWith(`msg-${code}`);
    expect(ports.goHome).toHaveBeenCalledOnce();
  });

  it('89994 goes home without a word', () => {
    const { ports, effects } = setup();
    effects.handle(http(errorCodes.silentHome.code));
    expect(ports.goHome).toHaveBeenCalledOnce();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it.each([errorCodes.notSignedIn.code, errorCodes.sessionReplaced.code])('%i signs out to the account login', (code) => {
    const { ports, effects } = setup();
    effects.handle(http(code));
    expect(ports.relogin).toHaveBeenCalledOnce();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('any other code toasts its msg', () => {
    const { ports, effects } = setup();
    effects.handle(http(errorCodes.serverError.code));
    expect(ports.toastError).toHaveBeenCalledWith('msg-500000');
  });

  it("'log' shows no toast for its own failures (spec §8: ticket validation, personal data)", () => {
    const { ports, effects } = setup();
    effects.handle(http(errorCodes.ticketInvalid.code), 'log', 'st_validate');
    effects.handle({ kind: 'business', status: 200, code: 300999, msg: '资料暂不可用', data: null }, 'log', 'personal_data');
    effects.handle({ kind: 'timeout', timeoutMs: 20_000 }, 'log', 'personal_data');
    expect(ports.log).toHaveBeenCalledTimes(3);
    expect(ports.log.mock.calls[0]?.[0]).toContain('st_validate');
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(ports.goHome).not.toHaveBeenCalled();
  });

  it("'log' never swallows the session: a lost session signs out, a closed account goes home (the page showing the same data must not stay)", () => {
    const { ports, effects } = setup();
    effects.handle(http(errorCodes.notSignedIn.code), 'log', 'personal_data');
    effects.handle(http(errorCodes.sessionReplaced.code), 'log', 'personal_data');
    expect(ports.relogin).toHaveBeenCalledTimes(2);
    effects.handle(http(errorCodes.accountUnavailable.code), 'log', 'personal_data');
    expect(ports.toastError).toHaveBeenCalledWith(`msg-${errorCodes.accountUnavailable.code}`);
    expect(ports.goHome).toHaveBeenCalledOnce();
    effects.handle(http(errorCodes.silentHome.code), 'log', 'personal_data');
    expect(ports.goHome).toHaveBeenCalledTimes(2);
  });

  it('an HTTP error without an envelope reads in Chinese, never the English reason phrase', () => {
    const { ports, effects } = setup();
    effects.handle({ kind: 'http', status: 500, code: null, msg: 'Internal Server Error', data: '<html>', retried: false });
    expect(ports.toastError).toHaveBeenCalledWith('服务暂时不可用，请稍后再试');
  });

  it("'manual' leaves the msg to the form but still signs out a lost session", () => {
    const { ports, effects } = setup();
    effects.handle({ kind: 'business', status: 200, code: 300601, msg: '验证码错误', data: null }, 'manual');
    effects.handle(http(errorCodes.notSignedIn.code), 'manual');
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(ports.relogin).toHaveBeenCalledOnce();
  });

  it('handleError unwraps ApiError and only logs anything else', () => {
    const { ports, effects } = setup();
    effects.handleError(new ApiError('class_detail', http(errorCodes.forbidden.code)));
    effects.handleError(new TypeError('x is undefined'));
    expect(ports.goHome).toHaveBeenCalledOnce();
    expect(ports.toastError).toHaveBeenCalledOnce();
    expect(ports.log).toHaveBeenLastCalledWith(expect.stringContaining('x is undefined'));
  });
});
