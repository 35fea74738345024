/**
 * Every address of a page in the router (src/app/router.tsx): '/' and '/a/b' for each route with
 * a path, but not the catch-all. Read by the tests of the lists that name the routes.
 */
import type { RouteObject } from 'react-router-dom';

export function pagePaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [here || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}
