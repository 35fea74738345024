/**
 * What the portal does when it sends a browser to sign in (decision 075), done by a test that
 * signs a parent in without the portal's button: a random state in the login_state cookie and in
 * the address to come back to. A ticket that comes back without the two agreeing is not taken.
 */
import { randomBytes } from 'node:crypto';
import { test, type BrowserContext } from '@playwright/test';
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM } from '#contract/index';

/** `address` (a path, or an address of the portal) with a sign-in state this browser keeps. */
export async function withSignInState(context: BrowserContext, address: string): Promise<URL> {
  const url = new URL(address, test.info().project.use.baseURL);
  const state = randomBytes(16).toString('hex');
  await context.addCookies([{ name: LOGIN_STATE_COOKIE, value: state, url: url.origin }]);
  url.searchParams.set(LOGIN_STATE_PARAM, state);
  return url;
}
