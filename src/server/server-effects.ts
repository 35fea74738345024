/** What the error catalogue's effects (spec §8) do on the server: a redirect, decided before the document starts. */
import { loginUrl } from '../lib/session/session-flow.ts';

export interface ServerEffects {
  /** Where the visitor is sent instead of the page (first decision wins). */
  redirect: string | null;
  /**
   * The document has started: a failure now is drawn as the page's error state and acted on by
   * the browser as it hydrates (decision 074); the session the page is drawn with stays as it is.
   */
  started: boolean;
}

/** Home, for a request that is not already for it: a redirect never points at the address it came from. */
export function homeRedirect(requestUrl: string): string | null {
  const url = new URL(requestUrl);
  return url.pathname === '/' && url.search === '' ? null : '/';
}

/**
 * The account service's login page, to come back to the page asked for (without a ticket), with a
 * sign-in state as the browser's own sign-in has (its cookie is the request's Set-Cookie).
 * `requestUrl` is on the configured public origin (http.ts builds it so), never the request's Host.
 */
export function loginRedirect(requestUrl: string, accountServiceUrl: string): string {
  return loginUrl(requestUrl, accountServiceUrl);
}
