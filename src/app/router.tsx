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
import { routes, type RouteName } from '#src/lib/routes.ts';
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
 * A route's page by its module under src/pages/ (`home`, `personal/orders`): rendered by its
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

/**
 * A page of the route table (src/lib/routes.ts), shown by its module under src/pages/, at its path
 * relative to its parent's (`/personal/myOrder` under `/personal` is `myOrder`).
 */
const at = (name: RouteName, module: string, parent: RouteName = 'home'): RouteObject => ({ path: pathUnder(name, parent), ...page(module) });

function pathUnder(name: RouteName, parent: RouteName): string {
  const { path } = routes[name];
  const base = routes[parent].path.replace(/\/$/, '');
  if (!path.startsWith(`${base}/`)) throw new Error(`${path} is not under ${base}/`);
  return path.slice(base.length + 1);
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: routes.home.path,
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
            at('brochure', 'brochure'),
            at('paymentNotice', 'payment-notice'),
            at('faq', 'faq'),
            at('enquiries', 'enquiries'),
            at('feedback', 'feedback'),
            at('search', 'search'),
          ],
        },
        {
          element: <DetailsLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            at('classDetails', 'class-details'),
            at('signUp', 'sign-up'),
            at('orderConfirm', 'order-confirm'),
            at('orderPayment', 'order-payment'),
            at('supplyFeePayment', 'supply-fee-payment'),
            at('paymentResult', 'payment-result'),
            at('payLink', 'pay-link'),
          ],
        },
        {
          path: pathUnder('personal', 'home'),
          element: <PersonalLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, ...page('personal/personal-data') },
            at('signUps', 'personal/sign-ups', 'personal'),
            at('myClasses', 'personal/my-classes', 'personal'),
            at('orders', 'personal/orders', 'personal'),
            at('supplyFees', 'personal/supply-fees', 'personal'),
            at('refunds', 'personal/refunds', 'personal'),
            at('favourites', 'personal/favourites', 'personal'),
            at('invoices', 'personal/invoices', 'personal'),
            at('pickupPeople', 'personal/pickup-people', 'personal'),
            at('mailingAddress', 'personal/mailing-address', 'personal'),
            at('messages', 'personal/messages', 'personal'),
            at('personalData', 'personal/personal-data', 'personal'),
            at('children', 'personal/children', 'personal'),
            at('realName', 'personal/real-name', 'personal'),
            at('phone', 'personal/phone', 'personal'),
            at('email', 'personal/email', 'personal'),
            at('wechat', 'personal/wechat', 'personal'),
            at('password', 'personal/password', 'personal'),
            at('orderDetails', 'personal/order-details', 'personal'),
            at('refundRequest', 'personal/refund-request', 'personal'),
            at('refundDetails', 'personal/refund-details', 'personal'),
            at('invoiceRequest', 'personal/invoice-request', 'personal'),
          ],
        },
        {
          element: <EmptyLayout />,
          children: [at('loginClosed', 'login-closed'), { path: '*', ...page('not-found') }],
        },
      ],
    },
  ];
}

/** The browser's router; `hydrationData` when the server rendered the page (its loaders do not run again). */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes(queryClient), { hydrationData });
}
