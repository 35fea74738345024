/**
 * Every address the portal sends a visitor to is on the portal, or the account service's
 * configured address (DESIGN.md's fourth wave; issue 38, decision 075). The one place that turns
 * a target into a redirect: the root loader's return after a ticket, the server's redirects and
 * the Location of every answer the document server sends. Zod-free: the shell imports it.
 */

/** A stand-in origin to resolve paths against: only ever compared, never visited. */
const PROBE = 'https://portal.invalid';

/** What a browser drops from an address before it reads it (tabs and line breaks, anywhere). */
const DROPPED = /[\t\n\r]/g;

/**
 * `target` as a path of this site (`/path?query#hash`). A run of slashes or backslashes at its
 * start is one slash: `//evil.example/` (another site to a browser) is `/evil.example/`, a page
 * of this one that does not exist. Anything that is not a path (`https://…`, `javascript:`, a
 * relative `details?id=1`, a leading space or control character) is the home page.
 */
export function sitePath(target: string): string {
  const text = target.replace(DROPPED, '');
  if (!/^[/\\]/.test(text)) return '/';
  let url: URL;
  try {
    url = new URL(text.replace(/^[/\\]+/, '/'), PROBE);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE) return '/';
  // Dot segments can make a path start with `//` again once resolved (`/..//host`).
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
}

/** The site path of an absolute address on `origin` (made safe as `sitePath` does), or null: another origin, or no address. */
export function pathOnOrigin(address: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return url.origin === new URL(origin).origin ? sitePath(`${url.pathname}${url.search}${url.hash}`) : null;
}

/**
 * A Location the server may send: a path or an address of the site (kept as given, its path made
 * safe), the account service's configured login page (with its query), or else the home page.
 */
export function onSiteLocation(location: string, site: { origin: string; accountService: string }): string {
  const origin = new URL(site.origin).origin;
  if (/^[/\\]/.test(location.replace(DROPPED, ''))) return sitePath(location);
  const own = pathOnOrigin(location, origin);
  if (own !== null) return `${origin}${own}`;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return '/';
  }
  const login = new URL(site.accountService);
  if (url.origin === login.origin && url.pathname === login.pathname) return url.href;
  return '/';
}
