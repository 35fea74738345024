/** The app's one API client: credentials from the session store, base URL from the build. */
import { clearSession, replaceAccessToken, sessionStore } from '../../stores/session-store.ts';
import { noteServerDate } from '../server-clock.ts';
import { whenBackendReady } from './backend-ready.ts';
import { REQUEST_TIMEOUT_MS, createApiClient, type ApiClient } from './client.ts';
import { describeFailure } from './outcome.ts';

/** How long a call may take (spec §9: 20 s); a test of what a hang shows shortens it, setup.ts restores it. */
export const requestTimeout = { ms: REQUEST_TIMEOUT_MS };

export const apiClient: ApiClient = createApiClient({
  timeoutMs: () => requestTimeout.ms,
  // Same origin unless the build names another; absolute so Node's fetch (tests) accepts it too.
  baseUrl: import.meta.env.VITE_API_BASE_URL || globalThis.location?.origin || '',
  credentials: () => ({ clientId: sessionStore.clientId, accessToken: sessionStore.accessToken }),
  onAccessToken: replaceAccessToken,
  onServerDate: noteServerDate,
  fetch: async (input, init) => {
    await whenBackendReady();
    return fetch(input, init);
  },
  onContractViolation: (operation, failure) => {
    // A backend (or mock) defect: loud for developers, a calm toast for parents.
    console.error(`[contract] ${operation}: ${describeFailure(failure)}`);
  },
  onLinksLeftOut: (operation, paths) => {
    // A backend defect too, but the page shows everything else: a warning (decision 046).
    console.warn(`[contract] ${operation}: links left out (not http(s) or a path of the portal): ${paths.join(', ')}`);
  },
});

export { clearSession };
