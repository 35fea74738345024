/**
 * Where the app sent the browser to sign in (the URL given to browser.assign): the account
 * service's path and the address to come back to. That address carries the sign-in's state,
 * which must be the one the browser kept in its cookie (decision 075); it is checked here and left
 * out of `service`, so a test compares the page it expects to come back to.
 */
import Cookies from 'js-cookie';
import { expect } from 'vitest';
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM, SERVICE_PARAM } from '#contract/account-service';

export function signInTarget(assigned: string): { path: string; service: string | null } {
  const target = new URL(assigned);
  const given = target.searchParams.get(SERVICE_PARAM);
  if (given === null) return { path: target.pathname, service: null };
  const service = new URL(given);
  const state = service.searchParams.get(LOGIN_STATE_PARAM);
  expect(state, 'the sign-in state in the address to come back to').toMatch(/^[\w-]{20,}$/);
  expect(Cookies.get(LOGIN_STATE_COOKIE), 'the same state in the browser’s cookie').toBe(state);
  service.searchParams.delete(LOGIN_STATE_PARAM);
  return { path: target.pathname, service: service.href };
}
