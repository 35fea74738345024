/**
 * A page loaded on demand inside its layout, not before it. The router's own `lazy` waits for a
 * page's chunk before it renders anything at all (on the first load: nothing paints until the
 * chunk is there); a lazy page renders its layout (the shell: header, nav, footer) at once and
 * suspends only the page area, which shows the layout's skeleton meanwhile (PageSkeleton). A
 * failed chunk reloads the page once a minute (chunk-reload.ts), else the route's error page shows.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { withChunkReload } from './chunk-reload.ts';

export type PageModule = { Component: ComponentType };

export type LazyPage = (() => ReactNode) & {
  /** Starts loading the page's chunk (again after a failure); resolves once it can render at once. */
  preload: () => Promise<unknown>;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  // Once loaded, the page renders as itself: the server's render and the browser's hydration both
  // load it first (preloadPages), so neither suspends where the other did not.
  let Loaded: ComponentType | null = null;
  const preload = () =>
    (pending ??= withChunkReload(load)().then(
      (module) => {
        Loaded = module.Component;
        return { default: module.Component };
      },
      (error: unknown) => {
        // The next render (a retry from the error page) asks again, with a fresh lazy component:
        // React keeps a lazy component's failure for good.
        pending = null;
        Lazy = lazy(preload);
        throw error;
      },
    ));
  // React.lazy renders at once once loaded, and suspends only the page area until then. The
  // route's loader has asked for the chunk before the page renders (router.tsx, decision 080).
  let Lazy = lazy(preload);
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
