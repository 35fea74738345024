/**
 * The signed-in parent's credentials (spec §3 and §4): in this store, and in the
 * client_id and access_token cookies so a reload keeps the session. Server data lives in
 * react-query, never here.
 */
import { proxy } from 'valtio';
import { cookieJar } from './cookie-jar.ts';
import { scoped } from './request-scope.ts';

export const CLIENT_ID_COOKIE = 'client_id';
export const ACCESS_TOKEN_COOKIE = 'access_token';
/** Spec §3 keeps userId in the client state; a cookie beside the session's lets it survive a reload. */
export const USER_ID_COOKIE = 'user_id';

function storedUserId(): number | null {
  const raw = cookieJar().get(USER_ID_COOKIE);
  const id = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  // Only beside a session: alone it is a leftover.
  return id !== null && cookieJar().get(CLIENT_ID_COOKIE) ? id : null;
}

export interface SessionState {
  clientId: string | null;
  accessToken: string | null;
  userId: number | null;
  /** The service ticket being validated, if any (spec §3's client state `ticket`). */
  ticket: string | null;
}

function initialState(): SessionState {
  return {
    clientId: cookieJar().get(CLIENT_ID_COOKIE) ?? null,
    accessToken: cookieJar().get(ACCESS_TOKEN_COOKIE) ?? null,
    userId: storedUserId(),
    ticket: null,
  };
}

/** The visitor's session (one per request on the server, request-scope.ts): `useSnapshot(sessionStore())`. */
export const sessionStore = scoped(() => proxy<SessionState>(initialState()));

/** Re-reads the cookies, dropping everything else: tests start clean with it, main.tsx after the mock's reset. */
export function resetSessionStore(): void {
  Object.assign(sessionStore(), initialState());
}

/** A session opened by st_validate; its user id may come later, or never (decision 073). */
export function signIn(credentials: { clientId: string; accessToken: string; userId: number | null }): void {
  cookieJar().set(CLIENT_ID_COOKIE, credentials.clientId, { sameSite: 'Lax' });
  cookieJar().set(ACCESS_TOKEN_COOKIE, credentials.accessToken, { sameSite: 'Lax' });
  if (credentials.userId !== null) cookieJar().set(USER_ID_COOKIE, String(credentials.userId), { sameSite: 'Lax' });
  else cookieJar().remove(USER_ID_COOKIE);
  Object.assign(sessionStore(), { ...credentials, ticket: null });
}

/** The user id learnt after sign-in (personal_data's), when st_validate did not say it. */
export function rememberUserId(userId: number): void {
  if (sessionStore().clientId === null || sessionStore().userId === userId) return;
  cookieJar().set(USER_ID_COOKIE, String(userId), { sameSite: 'Lax' });
  sessionStore().userId = userId;
}

/** Spec §8, 99993: the backend sent a fresh access token. */
export function replaceAccessToken(token: string): void {
  cookieJar().set(ACCESS_TOKEN_COOKIE, token, { sameSite: 'Lax' });
  sessionStore().accessToken = token;
}

/** Removes both cookies and the credentials (logout, 99995, 99994). */
export function clearSession(): void {
  cookieJar().remove(CLIENT_ID_COOKIE);
  cookieJar().remove(ACCESS_TOKEN_COOKIE);
  cookieJar().remove(USER_ID_COOKIE);
  Object.assign(sessionStore(), { clientId: null, accessToken: null, userId: null, ticket: null });
}
