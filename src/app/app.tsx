/** The app: one query client whose failures reach the error catalogue, and the router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/api/query-client.ts';
import { listenForPreloadErrors } from './chunk-reload.ts';
import { createAppErrorEffects } from './error-wiring.ts';
import { recordRouteError } from './root-shell.tsx';
import { createAppRouter } from './router.tsx';

/**
 * TanStack Query's devtools (the floating flower, bottom right) under `npm start` only: a build
 * replaces import.meta.env.DEV with false and drops the import (`npm run bench:size` checks).
 */
const QueryDevtools = import.meta.env.DEV ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools }))) : null;

export function startApp(container: HTMLElement): void {
  listenForPreloadErrors();
  const { effects, attachRouter } = createAppErrorEffects();
  const queryClient = createQueryClient(effects);
  const router = createAppRouter(queryClient);
  attachRouter(router);
  const root = createRoot(container);
  // A transition, so React renders the first page in slices of a few ms that input can come
  // between, instead of one long task (decision 027).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} onError={recordRouteError} />
          {QueryDevtools && (
            <Suspense fallback={null}>
              <QueryDevtools buttonPosition="bottom-right" />
            </Suspense>
          )}
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
