/**
 * robots.txt and sitemap.xml (issue 25, item 4), made by the document server: the public pages
 * of the route table and every class of the catalogue, as the backend lists them; the pages of a
 * session (the personal center, paying, signing up) are disallowed.
 */
import { apiClient, apiOrigin, visitorHeaders } from '../lib/api/api-client.ts';
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

/** Every class the backend lists, page by page (at most 50 pages of 100: 5,000 classes). */
async function classIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const outcome = await apiClient.call('search_by_screening_conditions', { query: { page, page_size: 100 } });
    if (!outcome.ok) break;
    ids.push(...outcome.data.list.map((c) => c.id));
    if (outcome.data.list.length < 100 || ids.length >= (outcome.data.total ?? Infinity)) break;
  }
  return ids;
}

export async function sitemapXml(origin: string, backendUrl: string): Promise<string> {
  const ids = await inRequestScope(
    [
      [apiOrigin, { url: backendUrl }],
      [visitorHeaders, {}],
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
