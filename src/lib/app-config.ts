/** Settings fixed at build time (vite.config.ts), in one place for the app. */
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';
import { scoped } from '../stores/request-scope.ts';

export const isMockBackend = import.meta.env.VITE_BACKEND === 'mock';

/** The <meta> name under which the document server names the account service in every document it sends. */
export const ACCOUNT_SERVICE_META = 'account-service';

/** On the document server, the account service it is configured with, for the request under way (render-page.ts sets it). */
export const serverAccountService = scoped<{ url: string | null }>(() => ({ url: null }));

/**
 * The account service's login page (spec §4): the one the document server is configured with
 * (ACCOUNT_SERVICE_URL, an absolute address: src/server/main.ts), which every document it sends
 * names (on the server, its request's scope); else the build's (a demo build has no server); else
 * the mock's own page.
 */
export function accountServiceUrl(): string {
  const named = typeof document === 'undefined' ? serverAccountService().url : document.head.querySelector<HTMLMetaElement>(`meta[name="${ACCOUNT_SERVICE_META}"]`)?.content;
  return named || import.meta.env.VITE_ACCOUNT_SERVICE_URL || MOCK_ACCOUNT_LOGIN_PATH;
}

/** Base of stored files when the backend names none (spec §8's fallback handler). */
export const ossFallbackUrl = import.meta.env.VITE_OSS_FALLBACK_URL || '/';
