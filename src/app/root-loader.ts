/**
 * Runs as every page starts (spec §4–§6): takes a ticket from the address, applies the
 * username check and guards the signed-in pages. It waits for nothing else: the calls a page
 * renders with are its layout's and its own route's (router.tsx, decision 080).
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { LOGIN_STATE_PARAM, TICKET_PARAM } from '#contract/account-service';
import { clearAllStorage, requiresSession, takeLoginState, usernameMismatch, validateTicket } from '../lib/session/session-flow.ts';
import { sitePath } from '../lib/on-site.ts';
import { cookieJar } from '../stores/cookie-jar.ts';
import { CLIENT_ID_COOKIE } from '../stores/session-store.ts';
import { href } from '#src/lib/routes.ts';

/** Keys the mock backend saves its state under survive the username check's clearing. */
export const MOCK_STORAGE_PREFIX = '__mock';

/**
 * Whether the root loader sends this address elsewhere (a ticket to take, another parent's
 * username, a signed-in page without a session). The layouts' and pages' loaders run beside it and
 * then ask nothing: their calls would go without the session a ticket brings, or for a page the
 * guard refuses, and a call refused for want of a session sends the parent to sign in (spec §8).
 */
export function leavesTheAddress(url: URL): boolean {
  if (url.searchParams.has(TICKET_PARAM)) return true;
  if (typeof window !== 'undefined' && usernameMismatch(url.searchParams)) return true;
  return requiresSession(url.pathname) && !cookieJar().get(CLIENT_ID_COOKIE);
}

/** `client`: the query client, or how to find it when the loader runs (the document server's, per request). */
export function createRootLoader(client: QueryClient | (() => QueryClient)) {
  const clientOf = typeof client === 'function' ? client : () => client;
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // The username check and the ticket read the browser's storage: the server leaves an address
    // carrying either to the browser (src/server/render-page.ts renders no page for it).
    if (typeof window !== 'undefined' && usernameMismatch(url.searchParams)) {
      clearAllStorage(MOCK_STORAGE_PREFIX);
      clientOf().clear();
      throw redirect(href('home'));
    }
    const ticket = url.searchParams.get(TICKET_PARAM);
    if (ticket) {
      // Only a sign-in this browser started (its state agrees): a link carrying someone else's
      // ticket would sign the visitor in as them (login CSRF). Refused as a failed ticket is: logged.
      if (takeLoginState(url.searchParams.get(LOGIN_STATE_PARAM))) await validateTicket(ticket, clientOf());
      else
        console.warn(
          '[session] a ticket in the address was not started here (no matching sign-in state): not taken. Sign in from the portal (登录/注册), which keeps the state the ticket must match (decision 075).',
        );
      url.searchParams.delete(TICKET_PARAM);
      url.searchParams.delete(LOGIN_STATE_PARAM);
      // The same page without them, on this site whatever the address was (`//host/` is another site to a browser).
      throw redirect(sitePath(`${url.pathname}${url.search}${url.hash}`));
    }
    if (requiresSession(url.pathname) && !cookieJar().get(CLIENT_ID_COOKIE)) throw redirect(href('home'));
    return null;
  };
}
