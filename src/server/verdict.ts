/**
 * One verdict on whether an answer is a parent's own (issue 38, decision 076): the render decides
 * it, the answer's Cache-Control says it, and nginx honours that header (deploy/nginx page.conf:
 * nothing of its own about cookies). Personal when the render ran for a session, wrote a cookie,
 * or the request carried anything a server or backend could read as a session cookie: names are
 * compared trimmed and in any case, a duplicate or an empty first value counts, so no odd
 * spelling of the Cookie header gets a personal page into the shared cache.
 */
import { ACCESS_TOKEN_COOKIE, CLIENT_ID_COOKIE, USER_ID_COOKIE } from '../stores/session-store.ts';

/** nginx keeps a signed-out page five seconds (a class shared in a group chat); a browser asks again each time. */
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=5';
/** A parent's own answer: kept by nobody, neither nginx nor the browser. */
export const PERSONAL = 'private, no-store';

const SESSION_NAMES = new Set([CLIENT_ID_COOKIE, ACCESS_TOKEN_COOKIE, USER_ID_COOKIE].map((name) => name.toLowerCase()));

/** Whether the Cookie header names a session cookie in any spelling (` Client_Id =…`), with any value. */
export function carriesSession(cookieHeader: string | null): boolean {
  return (cookieHeader ?? '').split(';').some((part) => {
    const at = part.indexOf('=');
    return at > 0 && SESSION_NAMES.has(part.slice(0, at).trim().toLowerCase());
  });
}

/** The answer's Cache-Control: PUBLIC_PAGE only for a render without a session, a cookie written, or a session cookie sent. */
export function cacheControl(render: { signedIn: boolean; wroteCookies: boolean; cookieHeader: string | null }): string {
  return render.signedIn || render.wroteCookies || carriesSession(render.cookieHeader) ? PERSONAL : PUBLIC_PAGE;
}
