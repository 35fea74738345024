/**
 * Every route of spec §2, each page loaded lazily inside its layout, which renders before the
 * page's chunk is there (lazy-page.tsx). Pages export `Component`; a failed chunk reloads the page
 * (chunk-reload.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router-dom';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { DetailsLayout } from './layouts/details-layout.tsx';
import { EmptyLayout } from './layouts/empty-layout.tsx';
import { PersonalLayout } from './layouts/personal-layout.tsx';
import { personalPaths } from './layouts/personal-menu.ts';
import { RootShell, RouteErrorPage, RouteHydrateFallback } from './root-shell.tsx';
import { createRootLoader } from './root-loader.ts';
import { lazyPage, type LazyPage, type PageModule } from './lazy-page.tsx';

const pageModules = import.meta.glob<PageModule>('../pages/**/*.tsx');

/** What a route's handle says of its page: how to load it, and its module (the server links its styles and chunks). */
export interface PageHandle {
  preload: LazyPage['preload'];
  /** The page's module from the project's root, as the build's manifest names it: `src/pages/home.tsx`. */
  module: string;
}

/**
 * A route's page by its module under src/pages/ (`home`, `personal/my-order`): rendered by its
 * layout at once, its chunk loaded meanwhile (lazy-page.tsx).
 */
const page = (name: string): Pick<RouteObject, 'Component' | 'handle'> => {
  const load = pageModules[`../pages/${name}.tsx`];
  if (!load) throw new Error(`no page module src/pages/${name}.tsx`);
  const Component = lazyPage(load);
  return { Component, handle: { preload: Component.preload, module: `src/pages/${name}.tsx` } satisfies PageHandle };
};

/** Loads the pages of a location's routes, so they render without suspending (tests, prefetching). */
export function preloadPages(matches: readonly { route: { handle?: unknown } }[]): Promise<unknown> {
  return Promise.all(matches.map((m) => (m.route.handle as Partial<PageHandle> | undefined)?.preload?.()));
}

function personalRoute(path: string): RouteObject {
  return { path, ...page(`personal/${kebab(path)}`) };
}

/** accountPhone → account-phone (files are kebab-case). */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: createRootLoader(queryClient),
      // The guard and the ticket check must see every navigation, not only changes of search.
      shouldRevalidate: () => true,
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: RouteHydrateFallback,
      children: [
        {
          element: <DefaultLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, ...page('home') },
            { path: 'apply', ...page('apply') },
            { path: 'payment', ...page('payment') },
            { path: 'patriarchFAQ', ...page('patriarch-faq') },
            { path: 'enrollment', ...page('enrollment') },
            { path: 'feedback', ...page('feedback') },
            { path: 'searchHome', ...page('search-home') },
          ],
        },
        {
          element: <DetailsLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            { path: 'details', ...page('details') },
            { path: 'appointment', ...page('appointment') },
            { path: 'settlement', ...page('settlement') },
            { path: 'collectMoney', ...page('collect-money') },
            { path: 'collectMoneySupply', ...page('collect-money-supply') },
            { path: 'paymentResult', ...page('payment-result') },
            { path: 'payLink', ...page('pay-link') },
          ],
        },
        {
          path: 'personal',
          element: <PersonalLayout />,
          errorElement: <RouteErrorPage />,
          children: [{ index: true, ...page('personal/personal-data') }, ...personalPaths.map(personalRoute)],
        },
        {
          element: <EmptyLayout />,
          children: [
            { path: 'loginClose', ...page('login-close') },
            { path: '*', ...page('not-found') },
          ],
        },
      ],
    },
  ];
}

/** The browser's router; `hydrationData` when the server rendered the page (its loaders do not run again). */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes(queryClient), { hydrationData });
}
