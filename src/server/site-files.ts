/**
 * robots.txt and sitemap.xml (issue 25, item 4), made by the document server: the public pages
 * of the route table and every class of the catalogue, as the backend lists them; the pages of a
 * session (the personal center, paying, signing up) are disallowed.
 */
import { apiClient, apiOrigin, visitorHeaders } from '../lib/api/api-client.ts';
import { requiresSession } from '../lib/session/session-flow.ts';
import { inRequestScope } from './scope.ts';

/** The pages anyone may open, as the router declares them (src/app/router.tsx). */
export const PUBLIC_PAGES = ['/', '/searchHome', '/apply', '/payment', '/patriarchFAQ', '/enrollment', '/feedback'];
/** Where a session is needed, or a payment is under way: no place for a search engine. */
export const PRIVATE_PREFIXES = ['/personal', '/appointment', '/settlement', '/collectMoney', '/collectMoneySupply', '/paymentResult', '/payLink', '/loginClose'];

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
    if (outcome.data.list.length < 100 || ids.length >= outcome.data.total) break;
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
  const urls = [...PUBLIC_PAGES.map((path) => `${origin}${path}`), ...ids.map((id) => `${origin}/details?id=${id}`)];
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
