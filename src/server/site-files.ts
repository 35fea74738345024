/**
 * robots.txt and sitemap.xml (issue 25, item 4), made by the document server: the public pages
 * of the route table and every class of the catalogue, as the backend lists them; the pages of a
 * session (the personal center, paying, signing up) are disallowed.
 */
import { apiClient, apiOrigin, callDeadline, visitorHeaders } from '../lib/api/api-client.ts';
import { requiresSession } from '../lib/session/session-flow.ts';
import { href, routes } from '#src/lib/routes.ts';
import { inRequestScope } from './scope.ts';

const table: { path: string; access: string; search: object }[] = Object.values(routes);
/** The pages anyone may open (src/lib/routes.ts); a page about one record is listed per record. */
export const PUBLIC_PAGES = table.filter((r) => r.access === 'public' && !Object.values(r.search).some((p: object) => 'required' in p)).map((r) => r.path);
/** Where a session is needed, or a payment is under way: no place for a search engine (`/personal` covers its pages). */
export const PRIVATE_PREFIXES = table
  .filter((r) => r.access !== 'public')
  .map((r) => r.path)
  .filter((path, _, all) => !all.some((prefix) => path.startsWith(`${prefix}/`)));

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every class the backend lists, page by page (at most 50 pages of 100: 5,000 classes). A page
 * that fails fails the whole list: a sitemap missing classes is not kept for an hour.
 */
async function classIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const outcome = await apiClient.call('search_by_screening_conditions', { query: { page, page_size: 100 } });
    if (!outcome.ok) throw new Error(`the catalogue's page ${page} failed: ${outcome.failure.kind}`);
    ids.push(...outcome.data.list.map((c) => c.id));
    if (outcome.data.list.length < 100 || ids.length >= outcome.data.total) break;
  }
  return ids;
}

/** `deadlineMs`: the whole walk of the catalogue's, every call of it included (a hanging backend holds it no longer). */
export async function sitemapXml(origin: string, backendUrl: string, deadlineMs = SITEMAP_DEADLINE_MS): Promise<string> {
  const ids = await inRequestScope(
    [
      [apiOrigin, { url: backendUrl }],
      [visitorHeaders, {}],
      [callDeadline, { at: Date.now() + deadlineMs }],
    ],
    classIds,
  );
  const urls = [...PUBLIC_PAGES.map((path) => `${origin}${path}`), ...ids.map((id) => `${origin}${href('classDetails', { id })}`)];
  // Checked against the routes' own guard: a page that needs a session is never listed.
  const listed = urls.filter((url) => !requiresSession(new URL(url).pathname));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...listed.map((url) => `  <url><loc>${xml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** How long the catalogue's walk may take in all (up to 50 calls), and how long a made sitemap is kept. */
export const SITEMAP_DEADLINE_MS = 10_000;
const SITEMAP_KEPT_MS = 10 * 60_000;

/**
 * sitemap.xml as the server answers it (issue 38): made once and kept in memory ten minutes, one
 * walk of the catalogue shared by every request that comes while it is made (any query string
 * reaches the same); past its deadline or on a failure, the one kept before is answered, or none.
 */
export function keptSitemap(origin: string, backendUrl: string, deadlineMs = SITEMAP_DEADLINE_MS): () => Promise<string> {
  let kept: { text: string; at: number } | null = null;
  let making: Promise<string> | null = null;
  return () => {
    if (kept && Date.now() - kept.at < SITEMAP_KEPT_MS) return Promise.resolve(kept.text);
    making ??= sitemapXml(origin, backendUrl, deadlineMs)
      .then((text) => {
        kept = { text, at: Date.now() };
        return text;
      })
      .catch((error: unknown) => {
        if (kept) return kept.text;
        throw error;
      })
      .finally(() => {
        making = null;
      });
    return making;
  };
}
