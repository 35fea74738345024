/**
 * The app: one query client whose failures reach the error catalogue, and the router. A document
 * the server rendered (src/server/render-page.ts) is hydrated: its DOM is kept, the router starts from
 * the loader data and the query client from the answers the server drew it with. Any other
 * document (the static demo build, an address the server leaves to the browser) is rendered here.
 */
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/api/query-client.ts';
import { renderedAt } from '../lib/clock.ts';
import { setServerClockOffset } from '../lib/server-clock.ts';
import { nextTask } from '../lib/next-task.ts';
import { AppTree } from './app-tree.tsx';
import { listenForPreloadErrors } from './chunk-reload.ts';
import { createAppErrorEffects } from './error-wiring.ts';
import { readHydrationPayload, serverRendered } from './hydration.ts';
import { recordRouteError } from './root-shell.tsx';
import { afterHydration, replayFailures } from './server-failures.ts';
import { unmarkEarlyTargets } from './early-events.ts';
import { replaceAccessToken } from '../stores/session-store.ts';
import { createAppRouter, preloadPages } from './router.tsx';

export async function startApp(container: HTMLElement): Promise<void> {
  listenForPreloadErrors();
  // A server's page starts up in tasks of their own (the modules' evaluation, the payload, the
  // answers, the router, the hydration's slices): on a phone, each short enough not to hold a tap
  // (decision 070).
  if (serverRendered()) await nextTask();
  const payload = readHydrationPayload();
  const { effects, attachRouter } = createAppErrorEffects();
  const queryClient = createQueryClient(effects);
  if (payload) {
    await nextTask();
    hydrate(queryClient, payload.queries);
    // A token the backend renewed while the page was drawn, after its cookie could be set (decision 074).
    if (payload.accessToken) replaceAccessToken(payload.accessToken);
    // What spec §8 says about a call that failed on the server, once the page is hydrated (decision 074).
    afterHydration(() => replayFailures(queryClient, effects));
    // Countdowns hydrate from the server's moment, then tick on the server's clock as the answers tell it.
    renderedAt().ms = payload.renderedAt;
    setServerClockOffset(payload.renderedAt - Date.now());
    await nextTask();
  }
  const router = createAppRouter(queryClient, payload?.router);
  attachRouter(router);
  const app = (
    <AppTree queryClient={queryClient}>
      <RouterProvider router={router} onError={recordRouteError} />
    </AppTree>
  );
  if (payload) {
    // The page's chunk first, so the hydration draws the page the server drew, without suspending.
    await preloadPages(router.state.matches);
    // Under `npm start` React checks every attribute it hydrates: the early taps' busy marks (decision
    // 085) go first there. A build keeps them until the taps are replayed, so the parent sees them.
    if (import.meta.env.DEV) unmarkEarlyTargets();
    // In a transition, so the hydration is done in slices of a few ms that input comes between,
    // not as one long task (decision 070).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) => console.error('[hydration]', error, info.componentStack ?? ''),
      });
    });
    return;
  }
  const root = createRoot(container);
  // A transition, so React renders the first page in slices of a few ms that input can come
  // between, instead of one long task (decision 027).
  startTransition(() => root.render(app));
}
