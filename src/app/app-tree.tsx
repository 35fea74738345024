/**
 * What both renders draw around the router: the server's (src/server/render-page.ts, with the static
 * router) and the browser's (app.tsx). One tree, so the hydration meets the same elements in the
 * same places, and useId gives the same ids on both sides.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';

/**
 * TanStack Query's devtools (the floating flower, bottom right) under `npm start` only: a build
 * replaces import.meta.env.DEV with false and drops the import (`npm run bench:size` checks).
 */
const QueryDevtools = import.meta.env.DEV ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools }))) : null;

const noSubscribe = () => () => {};

/** The devtools join once a hydration is over: the server drew none, and a hydration must draw what it drew. */
function DevtoolsAfterHydration() {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  if (!QueryDevtools || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <QueryDevtools buttonPosition="bottom-right" />
    </Suspense>
  );
}

export function AppTree({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <DevtoolsAfterHydration />
      </QueryClientProvider>
    </StrictMode>
  );
}
