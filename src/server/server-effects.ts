/** What the error catalogue's effects (spec §8) do on the server: a redirect, decided before the document starts. */
import { loginUrl } from '../lib/session/session-flow.ts';

export interface ServerEffects {
  /** Where the visitor is sent instead of the page (first decision wins). */
  redirect: string | null;
}

/**
 * The account service's login page, to come back to the page asked for (without a ticket), with a
 * sign-in state as the browser's own sign-in has (its cookie is the request's Set-Cookie).
 * `requestUrl` is on the configured public origin (http.ts builds it so), never the request's Host.
 */
export function loginRedirect(requestUrl: string, accountServiceUrl: string): string {
  return loginUrl(requestUrl, accountServiceUrl);
}
