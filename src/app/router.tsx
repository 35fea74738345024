/**
 * Every route of spec §2, each page loaded lazily inside its layout, which renders before the
 * page's chunk is there (lazy-page.tsx). Pages export `Component`; a failed chunk reloads the page
 * (chunk-reload.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { DetailsLayout } from './layouts/details-layout.tsx';
import { EmptyLayout } from './layouts/empty-layout.tsx';
import { PersonalLayout } from './layouts/personal-layout.tsx';
import { personalPaths } from './layouts/personal-menu.ts';
import { RootShell, RouteErrorPage, RouteHydrateFallback } from './root-shell.tsx';
import { createRootLoader } from './root-loader.ts';
import { lazyPage, type LazyPage, type PageModule } from './lazy-page.tsx';

/** A route's page: rendered by its layout at once, its chunk loaded meanwhile (lazy-page.tsx). */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'Component' | 'handle'> => {
  const Component = lazyPage(load);
  return { Component, handle: { preload: Component.preload } };
};

/** Loads the pages of a location's routes, so they render without suspending (tests, prefetching). */
export function preloadPages(matches: readonly { route: { handle?: unknown } }[]): Promise<unknown> {
  return Promise.all(matches.map((m) => (m.route.handle as { preload?: LazyPage['preload'] } | undefined)?.preload?.()));
}

const personalPages = import.meta.glob<PageModule>('../pages/personal/*.tsx');

function personalRoute(path: string): RouteObject {
  const load = personalPages[`../pages/personal/${kebab(path)}.tsx`];
  if (!load) throw new Error(`no page module for /personal/${path}`);
  return { path, ...page(load) };
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
            { index: true, ...page(() => import('../pages/home.tsx')) },
            { path: 'apply', ...page(() => import('../pages/apply.tsx')) },
            { path: 'payment', ...page(() => import('../pages/payment.tsx')) },
            { path: 'patriarchFAQ', ...page(() => import('../pages/patriarch-faq.tsx')) },
            { path: 'enrollment', ...page(() => import('../pages/enrollment.tsx')) },
            { path: 'feedback', ...page(() => import('../pages/feedback.tsx')) },
            { path: 'searchHome', ...page(() => import('../pages/search-home.tsx')) },
          ],
        },
        {
          element: <DetailsLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            { path: 'details', ...page(() => import('../pages/details.tsx')) },
            { path: 'appointment', ...page(() => import('../pages/appointment.tsx')) },
            { path: 'settlement', ...page(() => import('../pages/settlement.tsx')) },
            { path: 'collectMoney', ...page(() => import('../pages/collect-money.tsx')) },
            { path: 'collectMoneySupply', ...page(() => import('../pages/collect-money-supply.tsx')) },
            { path: 'paymentResult', ...page(() => import('../pages/payment-result.tsx')) },
            { path: 'payLink', ...page(() => import('../pages/pay-link.tsx')) },
          ],
        },
        {
          path: 'personal',
          element: <PersonalLayout />,
          errorElement: <RouteErrorPage />,
          children: [{ index: true, ...page(() => import('../pages/personal/personal-data.tsx')) }, ...personalPaths.map(personalRoute)],
        },
        {
          element: <EmptyLayout />,
          children: [
            { path: 'loginClose', ...page(() => import('../pages/login-close.tsx')) },
            { path: '*', ...page(() => import('../pages/not-found.tsx')) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
