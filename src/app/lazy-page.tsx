/**
 * A page loaded on demand inside its layout, not before it. The router's own `lazy` waits for a
 * page's chunk before it renders anything at all (on the first load: nothing paints until the
 * chunk is there); a lazy page renders its layout (the shell: header, nav, footer) at once and
 * suspends only the page area, which shows the layout's skeleton meanwhile (PageSkeleton). A
 * failed chunk reloads the page once a minute (chunk-reload.ts), else the route's error page shows.
 */
import { use, type ComponentType, type ReactNode } from 'react';
import { withChunkReload } from './chunk-reload.ts';

export type PageModule = { Component: ComponentType };

export type LazyPage = (() => ReactNode) & {
  /** Starts loading the page's chunk (again after a failure); resolves once it can render at once. */
  preload: () => Promise<unknown>;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () => {
    pending ??= withChunkReload(load)().then(
      (module) => (loaded = module.Component),
      (error: unknown) => {
        // The next render (a retry from the error page) asks again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  function Page() {
    // use() suspends until the chunk is there; a rejection reaches the route's error element.
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return Object.assign(Page, { preload });
}
