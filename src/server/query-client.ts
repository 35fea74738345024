/**
 * A request's query client on the server: its calls carry the visitor's cookies (scope.ts), and the
 * error catalogue's effects (spec §8) become a redirect, decided before the document starts: a
 * session the backend ended sends the visitor to sign in, a refusal of the page sends them home.
 * Once the document has started, a failure is the browser's to act on (decision 074).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createErrorEffects } from '../lib/api/error-effects.ts';
import { createQueryClient } from '../lib/api/query-client.ts';
import { loginUrl } from '../lib/session/session-flow.ts';
import { clearSession } from '../stores/session-store.ts';

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

export function serverQueryClient(requestUrl: string, accountServiceUrl: string): { client: QueryClient; effects: ServerEffects } {
  const effects: ServerEffects = { redirect: null, started: false };
  const client = createQueryClient(
    createErrorEffects({
      // Toasts are the browser's: a failure the page is drawn with travels in the payload, and the
      // browser says it (and goes home, or signs in again) as it hydrates (app/server-failures.ts).
      toastError: () => {},
      goHome: () => void (effects.redirect ??= homeRedirect(requestUrl)),
      relogin: () => {
        if (effects.started) return;
        clearSession();
        effects.redirect ??= loginRedirect(requestUrl, accountServiceUrl);
      },
      log: (message) => console.warn(`[ssr] ${message}`),
    }),
  );
  const defaults = client.getDefaultOptions();
  // One try within the document's budget (a browser would try a lost connection again; the
  // browser does, after the hydration).
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return { client, effects };
}
