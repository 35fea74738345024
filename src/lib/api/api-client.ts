/** The app's one API client: credentials from the session store, base URL from the build. */
import { scoped } from '../../stores/request-scope.ts';
import { clearSession, replaceAccessToken, sessionStore } from '../../stores/session-store.ts';
import { noteServerDate } from '../server-clock.ts';
import { whenBackendReady } from './backend-ready.ts';
import { REQUEST_TIMEOUT_MS, createApiClient, type ApiClient, type CallReport, type Transport } from './client.ts';
import { describeFailure } from './outcome.ts';

/** How long a call may take (spec §9: 20 s); a test of what a hang shows shortens it, setup.ts restores it. */
export const requestTimeout = { ms: REQUEST_TIMEOUT_MS };

/**
 * When every call must have answered: never in a browser; on the server, the render's deadline
 * (src/server/render-page.ts): a call still waiting then is a timeout, so a hanging backend holds no
 * render, socket or memory past it (issue 38).
 */
export const callDeadline = scoped(() => ({ at: Number.POSITIVE_INFINITY }));

/**
 * The backend's origin: the build's, else this page's (absolute, so Node's fetch in tests takes
 * it too). The server names its own for each request it renders (src/server/render-page.ts).
 */
export const apiOrigin = scoped(() => ({ url: import.meta.env.VITE_API_BASE_URL || globalThis.location?.origin || '' }));

/**
 * What the server's calls carry as the visitor's browser would carry it: the visitor's cookies
 * (the backend may read them, as the mock reads its world). A browser sends its own: none here.
 */
export const visitorHeaders = scoped<Record<string, string>>(() => ({}));

/** Set by the document server (src/server/turns.ts): its answers are read one a turn. */
export const answerTurn: { wait?: () => Promise<unknown> } = {};

/**
 * What the document server adds to its own calls (src/server/backend-calls.ts): the request's id
 * (X-Request-Id), each call's report for its log and metrics, and how its calls are sent (Node's
 * HTTP client: WHATWG fetch cost a page about a seventh of its CPU, decision 092). Nothing in a browser.
 */
export const serverCalls: { headers?: () => Record<string, string>; settled?: (report: CallReport) => void; send?: Transport } = {};

export const apiClient: ApiClient = createApiClient({
  timeoutMs: () => Math.max(0, Math.min(requestTimeout.ms, callDeadline().at - Date.now())),
  baseUrl: () => apiOrigin().url,
  credentials: () => ({ clientId: sessionStore().clientId, accessToken: sessionStore().accessToken }),
  onAccessToken: replaceAccessToken,
  onServerDate: noteServerDate,
  beforeReading: async () => void (await answerTurn.wait?.()),
  fetch: async (input, init) => {
    await whenBackendReady();
    // The visitor's headers (its cookie) and the request's id: none of the client's own names.
    return (serverCalls.send ?? fetch)(input, { ...init, headers: { ...init.headers, ...visitorHeaders(), ...serverCalls.headers?.() } });
  },
  onSettled: (report) => serverCalls.settled?.(report),
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
