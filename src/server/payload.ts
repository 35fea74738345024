/**
 * What follows the head's start once the page is rendered: the page's title, description and
 * JSON-LD (what its render said, page-frame.tsx), and the hydration payload the browser starts from
 * (src/app/hydration.ts): the loader data, the answers the page was drawn with, the moment.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { StaticHandlerContext } from 'react-router-dom';
import { HYDRATION_PAYLOAD_ID, withDocumentFailures, type HydrationPayload } from '../app/hydration.ts';
import { documentHead } from '../components/ui/page-frame.tsx';
import { isApiError } from '../lib/api/outcome.ts';
import { scriptJson } from './document.ts';

/** The site's title, for pages that give none and documents without a page. */
export const SITE_TITLE = '少年儿童活动中心 · 报名服务平台';
/** The site's description, for pages that give none of their own. */
const SITE_DESCRIPTION = '少年儿童活动中心报名服务平台：浏览课程与活动，为孩子报名、缴费、退费、开具发票。';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The title, the description and the JSON-LD the render set. */
export function headTags(): string {
  const head = documentHead();
  return [
    `<title>${escapeHtml(head.title ?? SITE_TITLE)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description ?? SITE_DESCRIPTION)}" />`,
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('');
}

/** The hydration payload, as a script element of data (never run). */
export function hydrationPayload(client: QueryClient, context: StaticHandlerContext, renderedAt: number, renewedToken: string | null): string {
  const payload: HydrationPayload = {
    router: { loaderData: context.loaderData, actionData: context.actionData },
    // The answers, and the backend's failures the page was drawn with (hydration.ts revives them),
    // as a document may carry them (issue 38: what the page decides by, never the backend's body).
    queries: withDocumentFailures(dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' || (query.state.status === 'error' && isApiError(query.state.error)) })),
    renderedAt,
    // A token renewed while the page was drawn (99993 of its own call), after the head and its
    // Set-Cookie had gone: the browser takes it (decision 074).
    ...(renewedToken ? { accessToken: renewedToken } : {}),
  };
  return `<script type="application/json" id="${HYDRATION_PAYLOAD_ID}">${scriptJson(payload)}</script>`;
}
