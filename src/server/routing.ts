/**
 * Which page a request is, by the app's routes (src/app/router.tsx), made once per process: the
 * root loader's guard (a redirect), the layout's and the page's loaders (their calls declared on
 * the request's query client, decision 080), the matched page's name and modules, and its status.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, type StaticHandler, type StaticHandlerContext } from 'react-router-dom';
import { createRoutes, type PageHandle } from '../app/router.tsx';
import type { RouteName } from '../lib/routes.ts';
import { scoped } from '../stores/request-scope.ts';

/** The request's query client, which the routes' loaders declare its calls on. */
export const requestClient = scoped<{ client: QueryClient | null }>(() => ({ client: null }));

let handler: StaticHandler | null = null;

/** The routes' handler: its loaders find the running request's client in its scope. */
export function staticHandler(): StaticHandler {
  return (handler ??= createStaticHandler(
    createRoutes(() => {
      const { client } = requestClient();
      if (!client) throw new Error('a route loader ran outside a document request');
      return client;
    }),
  ));
}

/** Runs the request's loaders: a redirect (a Response), or the matched routes and their loader data. */
export function routeRequest(request: Request): Promise<Response | StaticHandlerContext> {
  return staticHandler().query(request);
}

const handles = (context: StaticHandlerContext) => context.matches.map((match) => match.route.handle as Partial<PageHandle> | undefined);

/** The matched page's name in the route table; undefined for the not-found page. */
export function routeName(context: StaticHandlerContext): RouteName | undefined {
  return handles(context).find((handle) => handle?.route)?.route;
}

/** The modules of the matched pages, as the build's manifest names them. */
export function pageModules(context: StaticHandlerContext): string[] {
  return handles(context)
    .map((handle) => handle?.module)
    .filter((module): module is string => Boolean(module));
}

/** A route whose path is `*`: the not-found page, answered with 404. */
export function isNotFound(context: StaticHandlerContext): boolean {
  return context.matches.some((match) => match.route.path === '*');
}
