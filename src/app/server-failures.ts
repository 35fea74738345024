/**
 * A call that failed on the server is drawn as the page's error state (decision 061). What spec §8
 * says the browser does about it (toast the msg, go home, sign in again) happens in the browser,
 * once the page has hydrated (decision 074): the browser did not ask, so nothing else would.
 * app.tsx hands the hydrated client over; the root shell runs it after the hydration's commit.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ErrorHandling } from '../lib/api/error-effects.ts';
import { decideErrorAction } from '../lib/api/error-policy.ts';
import { isApiError, type ApiError } from '../lib/api/outcome.ts';

type Effects = { handleError: (error: unknown, handling?: ErrorHandling) => void };

/**
 * The failures a client holds, acted on as §8 says: a lost session alone (nothing else matters
 * then), one way home, each toast once. A query no page has mounted is only logged.
 */
export function replayFailures(queryClient: QueryClient, effects: Effects): void {
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'error' && isApiError(query.state.error))
    .map((query) => {
      const error = query.state.error as ApiError;
      // The handling comes with the page's query (its meta); a query no page took up is only logged.
      const handling: ErrorHandling = query.meta ? (query.meta.errorHandling ?? 'default') : 'log';
      return { error, handling, action: decideErrorAction(error.failure) };
    });
  const relogin = failed.find((f) => f.action.type === 'relogin');
  if (relogin) return effects.handleError(relogin.error, relogin.handling);
  let home = false;
  const said = new Set<string>();
  for (const { error, handling, action } of failed) {
    if (action.type === 'home' || action.type === 'home-silent') {
      if (home) continue;
      home = true;
      if (action.type === 'home') said.add(action.message);
    } else if (action.type === 'toast') {
      if (said.has(action.message)) continue;
      if (handling === 'default') said.add(action.message);
    }
    effects.handleError(error, handling);
  }
}

let pending: (() => void) | null = null;

/** app.tsx: what to do once the hydration is committed. */
export function afterHydration(work: () => void): void {
  pending = work;
}

/**
 * The root shell's effect: runs the hydration's work once, at the next idle moment (the page's
 * Suspense boundary hydrates after the shell, and its queries' handling comes with it).
 */
export function runAfterHydration(): void {
  const work = pending;
  pending = null;
  if (!work) return;
  const idle = 'requestIdleCallback' in globalThis ? requestIdleCallback : (run: () => void) => setTimeout(run, 1);
  idle(work);
}
