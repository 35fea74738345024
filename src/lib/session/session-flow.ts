/**
 * Signing in and out (spec §4–§6): the account service redirect, the ticket in the
 * address, logout, the guarded pages and the username check.
 */
import { SERVICE_PARAM, TICKET_PARAM } from '#contract/account-service';
import { browser } from '../browser.ts';
import { accountServiceUrl } from '../app-config.ts';
import { apiClient } from '../api/api-client.ts';
import { describeFailure } from '../api/outcome.ts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/queries.ts';
import { clearSession, rememberUserId, sessionStore, signIn } from '../../stores/session-store.ts';
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

/** The address without the ticket: where the account service should send the parent back. */
export function withoutTicket(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(TICKET_PARAM);
  return url.toString();
}

export function loginUrl(service: string): string {
  const base = new URL(accountServiceUrl, window.location.origin);
  base.searchParams.set(SERVICE_PARAM, withoutTicket(service));
  return base.toString();
}

/** Sends the browser to the account service, to come back to this page. */
export function goToLogin(): void {
  browser.assign(loginUrl(browser.href()));
}

/**
 * Validates a service ticket (st_validate with is_small_app true). A failure is only logged
 * (spec §8); the parent stays signed out. The whole page waits behind the loading overlay (spec §2).
 * SPEC.md §3's answer is client_id and access_token: the username and the user id, when it does
 * not carry them, come from personal_data, which the header asks for anyway (decision 073).
 */
export async function validateTicket(ticket: string, queryClient?: QueryClient): Promise<boolean> {
  const outcome = await withLoadingOverlay(() => apiClient.call('st_validate', { body: { st: ticket, is_small_app: true } }));
  if (!outcome.ok) {
    console.warn(`[session] ticket validation failed: ${describeFailure(outcome.failure)}`);
    return false;
  }
  const { client_id, access_token, user_id, username } = outcome.data;
  signIn({ clientId: client_id, accessToken: access_token, userId: user_id ?? null });
  if (username !== undefined) localStorage.setItem(USERNAME_KEY, username);
  else localStorage.removeItem(USERNAME_KEY);
  if ((username === undefined || user_id === undefined) && queryClient) void learnFromPersonalData(queryClient);
  return true;
}

/** The username (spec §5's check) and the user id from personal_data, once it answers. */
async function learnFromPersonalData(queryClient: QueryClient): Promise<void> {
  try {
    const { user_info: user } = await queryClient.fetchQuery({ ...api.personal_data.queryOptions(), meta: { errorHandling: 'log' } });
    if (localStorage.getItem(USERNAME_KEY) === null) localStorage.setItem(USERNAME_KEY, user.username);
    if (user.id !== undefined) rememberUserId(user.id);
  } catch {
    // Logged by the query client; the header says what it can without it.
  }
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
