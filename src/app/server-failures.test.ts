// @vitest-environment node
/**
 * Spec §8 for a failure a server-rendered page was drawn with (decision 074): the browser did not
 * ask, so the hydration does what §8 says, once the page is hydrated: a lost session signs in again
 * (and nothing else happens), 200216 and 104010 say their msg and go home, 89994 goes home silently,
 * any other code toasts its msg where the call's page would have; personal_data's own failures are
 * only logged (spec §8), except what ends the visit.
 */
import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { errorCodes, type ErrorCodeName } from '#contract/index';
import { createErrorEffects, type ErrorHandling } from '../lib/api/error-effects.ts';
import { ApiError } from '../lib/api/outcome.ts';
import { readHydrationPayload } from './hydration.ts';
import { replayFailures } from './server-failures.ts';

interface Drawn {
  operation: string;
  code: ErrorCodeName | { status: number; code: number; msg: string };
  /** The handling of the page's query (its meta, which the browser's observers bring). */
  handling?: ErrorHandling;
}

/** A client hydrated as the browser hydrates a document whose calls failed on the server, then replayed. */
function replay(drawn: Drawn[]) {
  const server = new QueryClient();
  for (const { operation, code } of drawn) {
    const { status, code: errorCode, msg } = typeof code === 'string' ? { status: errorCodes[code].http, code: errorCodes[code].code, msg: errorCodes[code].message } : code;
    const kind = status === 200 ? 'business' : 'http';
    const failure = kind === 'business' ? { kind, status, code: errorCode, msg, data: null } : { kind, status, code: errorCode, msg, data: null, retried: false };
    server
      .getQueryCache()
      .build(server, { queryKey: ['api', operation, {}] })
      .setState({ status: 'error', error: new ApiError(operation, failure as never), fetchStatus: 'idle' });
  }
  // Through JSON, as the payload travels, and revived as the browser revives it.
  const json = JSON.stringify({ router: {}, renderedAt: 0, queries: dehydrate(server, { shouldDehydrateQuery: () => true }) });
  const payload = readHydrationPayload({ getElementById: () => ({ textContent: json }) } as unknown as Document)!;
  const browser = new QueryClient();
  hydrate(browser, payload.queries);
  for (const { operation, handling } of drawn)
    browser
      .getQueryCache()
      .find({ queryKey: ['api', operation, {}] })!
      .setOptions({ queryKey: ['api', operation, {}], meta: { errorHandling: handling } });
  const ports = { toastError: vi.fn(), goHome: vi.fn(), relogin: vi.fn(), log: vi.fn() };
  replayFailures(browser, createErrorEffects(ports));
  return ports;
}

const page = (code: Drawn['code']): Drawn => ({ operation: 'order_list', code });
const personal = (code: Drawn['code']): Drawn => ({ operation: 'personal_data', code, handling: 'log' });

describe('a page’s own call that failed on the server', () => {
  it.each(['notSignedIn', 'sessionReplaced'] as const)('%s: signs in again, and nothing else', (code) => {
    const ports = replay([page(code)]);
    expect(ports.relogin).toHaveBeenCalledOnce();
    expect(ports.goHome).not.toHaveBeenCalled();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it.each(['accountUnavailable', 'forbidden'] as const)('%s: says its msg and goes home', (code) => {
    const ports = replay([page(code)]);
    expect(ports.toastError).toHaveBeenCalledWith(errorCodes[code].message);
    expect(ports.goHome).toHaveBeenCalledOnce();
  });

  it('89994: goes home without a word', () => {
    const ports = replay([page('silentHome')]);
    expect(ports.goHome).toHaveBeenCalledOnce();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it.each([
    ['another HTTP code', 'serverError' as const, errorCodes.serverError.message],
    ['a refusal on a 200', { status: 200, code: 300999, msg: '操作过于频繁，请稍后再试' }, '操作过于频繁，请稍后再试'],
  ])('%s: toasts its msg, as the page would have', (_, code, message) => {
    const ports = replay([page(code)]);
    expect(ports.toastError).toHaveBeenCalledWith(message);
    expect(ports.goHome).not.toHaveBeenCalled();
  });

  it('a page whose form says refusals itself (manual) keeps the toast, not the sign-in', () => {
    expect(replay([{ operation: 'order_list', code: 'serverError', handling: 'manual' }]).toastError).not.toHaveBeenCalled();
    expect(replay([{ operation: 'order_list', code: 'notSignedIn', handling: 'manual' }]).relogin).toHaveBeenCalledOnce();
  });
});

describe('personal_data that failed on the server (the home page drawn with it)', () => {
  it.each(['accountUnavailable', 'forbidden'] as const)('%s: says its msg and goes home (no further if home already)', (code) => {
    const ports = replay([personal(code)]);
    expect(ports.toastError).toHaveBeenCalledWith(errorCodes[code].message);
    expect(ports.goHome).toHaveBeenCalledOnce();
  });

  it('89994: goes home without a word', () => {
    const ports = replay([personal('silentHome')]);
    expect(ports.goHome).toHaveBeenCalledOnce();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it.each(['serverError', { status: 200, code: 300999, msg: '操作过于频繁，请稍后再试' }] as const)('%o: only logged', (code) => {
    const ports = replay([personal(code)]);
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(ports.goHome).not.toHaveBeenCalled();
    expect(ports.log).toHaveBeenCalled();
  });
});

describe('several failures at once', () => {
  it('a lost session is acted on alone', () => {
    const ports = replay([personal('accountUnavailable'), page('sessionReplaced'), { operation: 'class_category', code: 'serverError' }]);
    expect(ports.relogin).toHaveBeenCalledOnce();
    expect(ports.goHome).not.toHaveBeenCalled();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('one way home, each message once', () => {
    const ports = replay([personal('accountUnavailable'), page('accountUnavailable'), { operation: 'class_category', code: 'silentHome' }]);
    expect(ports.goHome).toHaveBeenCalledOnce();
    expect(ports.toastError).toHaveBeenCalledOnce();
  });

  it('nothing failed: nothing happens', () => {
    const ports = replay([]);
    expect(Object.values(ports).every((port) => port.mock.calls.length === 0)).toBe(true);
  });
});
