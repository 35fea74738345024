/** What the error catalogue's effects (spec §8) do on the server: a redirect, decided before the document starts. */
import { SERVICE_PARAM, TICKET_PARAM } from '#contract/account-service';

export interface ServerEffects {
  /** Where the visitor is sent instead of the page (first decision wins). */
  redirect: string | null;
}

/** The account service's login page, to come back to the page asked for (without a ticket). */
export function loginRedirect(requestUrl: string, accountServiceUrl: string): string {
  const back = new URL(requestUrl);
  back.searchParams.delete(TICKET_PARAM);
  const login = new URL(accountServiceUrl, back.origin);
  login.searchParams.set(SERVICE_PARAM, back.toString());
  return login.toString();
}
