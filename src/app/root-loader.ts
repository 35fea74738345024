/**
 * Runs as every page starts (spec §4–§6): takes a ticket from the address, applies the
 * username check and guards the signed-in pages. It waits for nothing else: the shell paints
 * before any call answers, and the class categories are only asked for here, early.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { LOGIN_STATE_PARAM, TICKET_PARAM } from '#contract/account-service';
import { clearAllStorage, requiresSession, takeLoginState, usernameMismatch, validateTicket } from '../lib/session/session-flow.ts';
import { sitePath } from '../lib/on-site.ts';
import { api } from '../lib/api/queries.ts';
import { cookieJar } from '../stores/cookie-jar.ts';
import { CLIENT_ID_COOKIE } from '../stores/session-store.ts';
import { href } from '#src/lib/routes.ts';

/** Keys the mock backend saves its state under survive the username check's clearing. */
export const MOCK_STORAGE_PREFIX = '__mock';

export function createRootLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // The username check and the ticket read the browser's storage: the server leaves an address
    // carrying either to the browser (src/server/render.tsx renders no page for it).
    if (typeof window !== 'undefined' && usernameMismatch(url.searchParams)) {
      clearAllStorage(MOCK_STORAGE_PREFIX);
      queryClient.clear();
      throw redirect(href('home'));
    }
    const ticket = url.searchParams.get(TICKET_PARAM);
    if (ticket) {
      // Only a sign-in this browser started (its state agrees): a link carrying someone else's
      // ticket would sign the visitor in as them (login CSRF). Refused as a failed ticket is: logged.
      if (takeLoginState(url.searchParams.get(LOGIN_STATE_PARAM))) await validateTicket(ticket);
      else console.warn('[session] a ticket in the address was not started here (no matching sign-in state): not taken');
      url.searchParams.delete(TICKET_PARAM);
      url.searchParams.delete(LOGIN_STATE_PARAM);
      // The same page without them, on this site whatever the address was (`//host/` is another site to a browser).
      throw redirect(sitePath(`${url.pathname}${url.search}${url.hash}`));
    }
    if (requiresSession(url.pathname) && !cookieJar().get(CLIENT_ID_COOKIE)) throw redirect(href('home'));
    // Asked for now, not waited for: the menu shows its skeleton until they are here, and
    // explains a failure itself.
    void queryClient.ensureQueryData(api.class_category.queryOptions()).catch(() => undefined);
    return null;
  };
}
