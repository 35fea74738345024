/**
 * Signing in and out (spec §4–§6): the account service redirect, the ticket in the
 * address, logout, the guarded pages and the username check.
 */
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM, SERVICE_PARAM, TICKET_PARAM } from '#contract/account-service';
import { browser } from '../browser.ts';
import { accountServiceUrl } from '../app-config.ts';
import { apiClient } from '../api/api-client.ts';
import { describeFailure } from '../api/outcome.ts';
import { cookieJar } from '../../stores/cookie-jar.ts';
import { clearSession, sessionStore, signIn } from '../../stores/session-store.ts';
import { holdLoadingOverlay, withLoadingOverlay } from '../../stores/ui-store.ts';
import { flashToast } from './flash-toast.ts';
import { href } from '#src/lib/routes.ts';

/** The username last signed in, compared with a `username` in the address. */
export const USERNAME_KEY = 'username';

/** Paths that need the client_id cookie (spec §6: the path includes one of these). */
const guardedFragments = ['collectMoney', 'settlement', 'personal', 'appointment', 'paymentResult'];

export function requiresSession(pathname: string): boolean {
  return guardedFragments.some((fragment) => pathname.includes(fragment));
}

/** The address without the ticket (or an earlier sign-in's state): where the account service should send the parent back. */
export function withoutTicket(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(TICKET_PARAM);
  url.searchParams.delete(LOGIN_STATE_PARAM);
  return url.toString();
}

/** How long a sign-in may take before its state is forgotten: ten minutes, in js-cookie's days. */
const LOGIN_STATE_DAYS = 10 / (24 * 60);

/** 128 random bits, URL-safe (crypto.getRandomValues: also on a plain-HTTP address, unlike randomUUID). */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The account service's login page for a sign-in starting now, to come back to `service`. The
 * sign-in's state goes into the address to come back to and into a cookie: a ticket is only taken
 * where the two agree (takeLoginState), so a link with someone else's ticket signs nobody in.
 */
export function loginUrl(service: string, accountService = accountServiceUrl()): string {
  const state = randomState();
  cookieJar().set(LOGIN_STATE_COOKIE, state, { expires: LOGIN_STATE_DAYS, sameSite: 'Lax' });
  const back = new URL(withoutTicket(service));
  back.searchParams.set(LOGIN_STATE_PARAM, state);
  // A relative address (the mock's page, in a demo build) is on the site being left.
  const base = new URL(accountService, back.origin);
  base.searchParams.set(SERVICE_PARAM, back.toString());
  return base.toString();
}

/** Sends the browser to the account service, to come back to this page. */
export function goToLogin(): void {
  browser.assign(loginUrl(browser.href()));
}

/**
 * Whether a ticket arriving with `state` comes back from a sign-in this browser started (its
 * cookie holds the same state). The state is spent either way.
 */
export function takeLoginState(state: string | null): boolean {
  const kept = cookieJar().get(LOGIN_STATE_COOKIE);
  if (kept !== undefined) cookieJar().remove(LOGIN_STATE_COOKIE);
  return Boolean(state && kept && state === kept);
}

/**
 * Validates a service ticket (st_validate with is_small_app true). A failure is only logged
 * (spec §8); the parent stays signed out. The whole page waits behind the loading overlay (spec §2).
 */
export async function validateTicket(ticket: string): Promise<boolean> {
  const outcome = await withLoadingOverlay(() => apiClient.call('st_validate', { body: { st: ticket, is_small_app: true } }));
  if (!outcome.ok) {
    console.warn(`[session] ticket validation failed: ${describeFailure(outcome.failure)}`);
    return false;
  }
  const { client_id, access_token, user_id, username } = outcome.data;
  signIn({ clientId: client_id, accessToken: access_token, userId: user_id });
  localStorage.setItem(USERNAME_KEY, username);
  return true;
}

/**
 * Spec §5: a `username` in the address that differs from the stored one clears local
 * and session storage (and, so no one sees the previous parent's data, the session) and goes home.
 * Keys under `keepPrefix` survive (the mock backend's saved state in mock mode).
 */
export function usernameMismatch(search: URLSearchParams): boolean {
  const wanted = search.get(USERNAME_KEY);
  const stored = localStorage.getItem(USERNAME_KEY);
  return wanted !== null && stored !== null && wanted !== stored;
}

export function clearAllStorage(keepPrefix: string | null): void {
  for (const storage of [localStorage, sessionStorage]) {
    const keep = keepPrefix ? Object.keys(storage).filter((k) => k.startsWith(keepPrefix)) : [];
    const saved = keep.map((k) => [k, storage.getItem(k)!] as const);
    storage.clear();
    for (const [k, v] of saved) storage.setItem(k, v);
  }
  clearSession();
}

/**
 * Logout (spec §4): call logout, show its msg as a success toast, remove both cookies,
 * forget the user, go to / and reload. Whatever the backend says, the parent ends signed out.
 * The whole page waits behind the loading overlay (spec §2) until the reload replaces it.
 */
export async function logout(): Promise<void> {
  holdLoadingOverlay();
  const { accessToken, clientId } = sessionStore();
  if (accessToken && clientId) {
    const outcome = await apiClient.call('logout', { body: { access_token: accessToken, client_id: clientId } });
    if (outcome.ok) flashToast('succeed', outcome.msg);
    else console.warn(`[session] logout: ${describeFailure(outcome.failure)}`);
  }
  clearSession();
  localStorage.removeItem(USERNAME_KEY);
  browser.assign(href('home'));
}
