/**
 * /login?from=<a page of this site> (decision 090): where every sign-in link goes, so 登录/注册
 * works as a plain link, before the page's scripts have run or without them. Its loader starts a
 * sign-in as the portal's buttons did (loginUrl: the state in a cookie and in the address to come
 * back to) and leaves for the account service: on the document server a 302 carrying the cookie,
 * in the browser (a client-side navigation, or the demo build, which has no server) by assigning
 * the address. The page itself is never shown.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { browser } from '../lib/browser.ts';
import { pathOnOrigin, sitePath } from '../lib/on-site.ts';
import { loginUrl } from '../lib/session/session-flow.ts';
import { readSearch, routeAt } from '#src/lib/routes.ts';

/**
 * The address a sign-in from `from` comes back to, on `origin`: `from` is a path of this site, or
 * an address on `origin` itself (what the account service gives /loginClose back); anything else
 * (`//host`, `/\host`, another origin, `javascript:`, a relative path), the sign-in address
 * itself and /loginClose are the home page.
 */
export function signInReturn(from: string | undefined, origin: string): string {
  let path = '/';
  // One slash, then not another: `//host` and `/\host` are another site to a browser.
  if (from !== undefined && /^\/(?![/\\])/.test(from)) path = sitePath(from);
  else if (from !== undefined) path = pathOnOrigin(from, origin) ?? '/';
  const route = routeAt(new URL(path, origin).pathname);
  if (route === 'login' || route === 'loginClosed') path = '/';
  return `${origin}${path}`;
}

/** Never settles: the browser is leaving, and the page it leaves stays as it was until it has gone. */
const leaving = () => new Promise<never>(() => {});

export function loginLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  const onServer = typeof window === 'undefined';
  // The site's origin: the document server builds its requests on PUBLIC_ORIGIN (http.ts); in the browser, the page's.
  const target = loginUrl(signInReturn(readSearch('login', url.searchParams).from, onServer ? url.origin : window.location.origin));
  if (onServer) throw redirect(target);
  // Not react-router's redirect: the account service of a demo build is a path of this site, which
  // the router would look up among its own pages. A link followed by the router: the navigation to
  // /login is never committed, so the way back from the account service is the page the parent left.
  // /login opened as an address (the demo build's only way): replaced, so Back does not sign in again.
  if (routeAt(window.location.pathname) === 'login') browser.replace(target);
  else browser.assign(target);
  return leaving();
}
