/**
 * The router, made from the route table (src/lib/routes.ts): every page inside its layout, loaded
 * lazily (lazy-page.tsx: the layout renders before the page's chunk is there), and its route's
 * loader starting the calls its page renders with (decision 080): the layout's own (the chrome's)
 * and the page's, declared beside it in `<page>.data.ts`. A failed chunk reloads the page
 * (chunk-reload.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { askerOf, declareData, type RouteData } from '#src/lib/api/route-data.ts';
import { readSearch, routes, type Layout, type PageModule, type RouteName } from '#src/lib/routes.ts';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { DetailsLayout } from './layouts/details-layout.tsx';
import { EmptyLayout } from './layouts/empty-layout.tsx';
import { PersonalLayout } from './layouts/personal-layout.tsx';
import { chromeData } from './layouts/chrome-data.ts';
import { RootShell, RouteErrorPage, RouteHydrateFallback } from './root-shell.tsx';
import { createRootLoader, leavesTheAddress } from './root-loader.ts';
import { lazyPage, type LazyPage } from './lazy-page.tsx';

// The not-found page is the router's own (imported above), not a page of the table.
const pageModules = import.meta.glob<Record<string, ComponentType>>(['../features/*/*-page.tsx', '!../features/not-found/not-found-page.tsx']);
const dataModules = import.meta.glob<{ data: RouteData<never> }>('../features/*/*-page.data.ts');

/** What a route's handle says of its page: its name in the table, how to load it, its module (the server links its styles and chunks). */
export interface PageHandle {
  route: RouteName;
  preload: LazyPage['preload'];
  /** The page's module from the project's root, as the build's manifest names it: `src/features/home/home-page.tsx`. */
  module: string;
}

/** `orders/order-list-page#OrderListPage` → its module's key in the globs and the component's name. */
function pageParts(page: PageModule) {
  const [module, component] = page.split('#') as [string, string];
  return { module, component };
}

/** The modules of the table's pages, each loaded once, whichever route asks: `personal` and `personalData` show one page. */
const pages = new Map<PageModule, LazyPage>();
function pageOf(page: PageModule): LazyPage {
  let loaded = pages.get(page);
  if (!loaded) {
    const { module, component } = pageParts(page);
    const load = pageModules[`../features/${module}.tsx`];
    if (!load) throw new Error(`no page module src/features/${module}.tsx`);
    loaded = lazyPage(() =>
      load().then((exports) => {
        const Component = exports[component];
        if (!Component) throw new Error(`src/features/${module}.tsx exports no ${component}`);
        return { Component };
      }),
    );
    pages.set(page, loaded);
  }
  return loaded;
}

/** Loads the pages of a location's routes, so they render without suspending (the server, the hydration, tests). */
export function preloadPages(matches: readonly { route: { handle?: unknown } }[]): Promise<unknown> {
  return Promise.all(matches.map((m) => (m.route.handle as Partial<PageHandle> | undefined)?.preload?.()));
}

type ClientOf = () => QueryClient;

/** A layout's loader: the calls its chrome renders with (chrome-data.ts). */
const layoutLoader =
  (clientOf: ClientOf, layout: Layout) =>
  ({ request }: LoaderFunctionArgs) => {
    if (leavesTheAddress(new URL(request.url))) return null;
    const client = clientOf();
    declareData(client, () => chromeData(layout, { ask: askerOf(client) }));
    return null;
  };

/** Routes whose loader is their own, not the declared calls of a page: /login leaves for the account service. */
// Imported when asked: the sign-in's code (session-flow and what it reaches) stays out of every page's start-up.
const OWN_LOADERS: Partial<Record<RouteName, (args: LoaderFunctionArgs) => unknown>> = {
  login: (args) => import('./login-loader.ts').then(({ loginLoader }) => loginLoader(args)),
};

/**
 * A page of the table at `path` (relative to its layout's), or as its layout's index: rendered by
 * its layout at once, its chunk and its declared calls started together by its loader.
 */
function pageRoute(name: RouteName, clientOf: ClientOf, at: { path: string } | { index: true }): RouteObject {
  const Component = pageOf(routes[name].page);
  const { module } = pageParts(routes[name].page);
  const data = dataModules[`../features/${module}.data.ts`];
  let declarations: ReturnType<NonNullable<typeof data>> | undefined;
  const handle = { route: name, preload: Component.preload, module: `src/features/${module}.tsx` } satisfies PageHandle;
  const own = OWN_LOADERS[name];
  if (own) return { ...at, Component, handle, loader: own };
  return {
    ...at,
    Component,
    handle,
    loader: async ({ request }: LoaderFunctionArgs) => {
      // Its failure is the render's to report (preloadPages on the server, the lazy page in the
      // browser), not an unhandled rejection here: one ends a Node process (issue 45).
      Component.preload().catch(() => {});
      if (!data || leavesTheAddress(new URL(request.url))) return null;
      // The declaration's module is a chunk of its own, loaded beside the page's (not inside it).
      // The loader waits for it (once: then it is in), not for the data, so the calls are asked
      // before the page renders: the page joins them instead of asking first, and a call that
      // fails is not asked again behind the page's error state.
      // A declaration that cannot load (a lost connection) leaves the page to ask for its calls itself.
      const loaded = await (declarations ??= data()).catch(() => (declarations = undefined));
      if (!loaded) return null;
      const declare = loaded.data;
      const client = clientOf();
      const params = new URL(request.url).searchParams;
      const search = readSearch(name, params);
      declareData(client, () => declare({ search: search as never, params, ask: askerOf(client), client }));
      return null;
    },
  };
}

/** A page's path relative to its layout's (`/personal/myOrder` under `/personal` is `myOrder`). */
function pathUnder(name: RouteName, parent: RouteName): string {
  const { path } = routes[name];
  const base = routes[parent].path.replace(/\/$/, '');
  if (!path.startsWith(`${base}/`)) throw new Error(`${path} is not under ${base}/`);
  return path.slice(base.length + 1);
}

const LAYOUTS: Record<Layout, ComponentType> = { default: DefaultLayout, details: DetailsLayout, personal: PersonalLayout, empty: EmptyLayout };

/** The pages of one layout, in the table's order; the personal center's own address is its index. */
function layoutChildren(layout: Layout, clientOf: ClientOf): RouteObject[] {
  const names = (Object.keys(routes) as RouteName[]).filter((name) => routes[name].layout === layout);
  const parent: RouteName = layout === 'personal' ? 'personal' : 'home';
  return names.map((name) => (name === parent ? pageRoute(name, clientOf, { index: true }) : pageRoute(name, clientOf, { path: pathUnder(name, parent) })));
}

/**
 * The app's routes. `client` is the query client the loaders start calls on: the browser's one, or
 * (the document server, whose routes are made once) the request's, found when a loader runs.
 */
export function createRoutes(client: QueryClient | ClientOf): RouteObject[] {
  const clientOf: ClientOf = typeof client === 'function' ? client : () => client;
  const layoutRoute = (layout: Layout): RouteObject => ({
    ...(layout === 'personal' ? { path: pathUnder('personal', 'home') } : {}),
    Component: LAYOUTS[layout],
    errorElement: layout === 'empty' ? undefined : <RouteErrorPage />,
    loader: layoutLoader(clientOf, layout),
    children: [...layoutChildren(layout, clientOf), ...(layout === 'empty' ? [{ path: '*', Component: NotFoundPage }] : [])],
  });
  return [
    {
      id: 'root',
      path: routes.home.path,
      loader: createRootLoader(clientOf),
      // The guard and the ticket check must see every navigation, not only changes of search.
      shouldRevalidate: () => true,
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: RouteHydrateFallback,
      children: (['default', 'details', 'personal', 'empty'] as const).map(layoutRoute),
    },
  ];
}

/** The browser's router; `hydrationData` when the server rendered the page (its loaders do not run again). */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes(queryClient), { hydrationData });
}
