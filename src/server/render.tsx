/**
 * A page rendered on the server (spec §4: "loaded when each page is rendered on the server"),
 * for one request, inside a scope of its own (scope.ts): the router's loaders run (a guard's
 * redirect is an HTTP redirect), the calls the page and its chrome make are answered by the
 * backend with the visitor's cookies, and the page is rendered with their answers, which travel
 * in the document for the browser's hydration (src/main.tsx). Decision 061.
 *
 * The document streams in two pieces: its head's start (styles, the entry script, preloads) as
 * soon as the loaders have run, then the title, the description and the page, once the calls
 * have answered or `dataBudgetMs` has passed (what is missing then is asked for by the browser,
 * as the page asks on a client-side navigation).
 */
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, type StaticHandlerContext } from 'react-router-dom';
import { TICKET_PARAM } from '#contract/account-service';
import { AppTree } from '../app/app-tree.tsx';
import { HYDRATION_PAYLOAD_ID, withDocumentFailures, type HydrationPayload } from '../app/hydration.ts';
import { createRoutes, preloadPages, type PageHandle } from '../app/router.tsx';
import { createErrorEffects } from '../lib/api/error-effects.ts';
import { apiOrigin, callDeadline, visitorHeaders } from '../lib/api/api-client.ts';
import { api } from '../lib/api/queries.ts';
import { USERNAME_KEY } from '../lib/session/session-flow.ts';
import { createQueryClient } from '../lib/api/query-client.ts';
import { isApiError } from '../lib/api/outcome.ts';
import { renderedAt } from '../lib/clock.ts';
import { serverNow } from '../lib/server-clock.ts';
import { documentHead } from '../components/ui/page-frame.tsx';
import { cookieJar } from '../stores/cookie-jar.ts';
import { clearSession, sessionStore } from '../stores/session-store.ts';
import { serverCookieJar } from './cookies.ts';
import './rich-text.ts';
import { inRequestScope } from './scope.ts';
import { loginRedirect, type ServerEffects } from './server-effects.ts';
import { scriptJson, type ScriptsAfterLoad } from './document.ts';
import { PERSONAL, cacheControl } from './verdict.ts';

export interface DocumentTemplate {
  /** Everything before `<title>` (doctype, head start, styles, the entry script, preloads). */
  headStart: string;
  /** The rest of the head after the template's own title. */
  headEnd: string;
  /** `<body>` up to the root element's content. */
  bodyStart: string;
  /** After the root element's content. */
  bodyEnd: string;
}

export interface RenderOptions {
  template: DocumentTemplate;
  /** The backend's origin, as the server reaches it (e.g. http://127.0.0.1:8787). */
  backendUrl: string;
  /** The account service's login page, for a session the backend ended (spec §8: 99995, 99994). */
  accountServiceUrl: string;
  /** How long the document waits for the page's calls before it renders without them. */
  dataBudgetMs: number;
  /**
   * The longest a render may take (RENDER_DEADLINE_MS, 5 s by default; issue 38): its backend calls
   * still waiting then are timeouts, drawn as the page's own error states; a pass still running a
   * second later is given up for the document without its page (the browser renders it).
   */
  renderDeadlineMs?: number;
  /** The <link>s of the matched pages' modules (their styles, their chunks): document.ts's pageLinks. */
  pageLinks?: (modules: string[]) => string;
  /** A build's scripts, loaded once the page has loaded instead of from the head (document.ts, decision 070). */
  scriptsAfterLoad?: ScriptsAfterLoad;
}

/** The site's description, for pages that give none of their own. */
const SITE_DESCRIPTION = '少年儿童活动中心报名服务平台：浏览课程与活动，为孩子报名、缴费、退费、开具发票。';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let lastPass: Promise<unknown> = Promise.resolve();

/**
 * One render pass at a time in this process, each starting on a turn of its own: a pass is
 * synchronous work (milliseconds), and passes that became ready together (their backend answers
 * came in one poll) would otherwise run back to back, holding every new request's head behind them
 * (decision 063). A pass that waits on something (a lazy part's import) lets the next one start
 * after `PASS_TURN_MS`, so nothing waits on it for long.
 */
function inItsTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = lastPass.then(() => new Promise((resolve) => setImmediate(resolve)));
  const run = turn.then(work);
  lastPass = turn.then(() => Promise.race([run.catch(() => undefined), delay(PASS_TURN_MS)]));
  return run;
}

const PASS_TURN_MS = 50;

/**
 * Renders `app` to complete HTML once everything it waits for (lazy parts) is in: React's static
 * prerender writes every Suspense boundary in place, with no script to move content into place,
 * so the page reads the same without JavaScript.
 */
async function renderToHtml(app: ReactNode, deadlineAt: number): Promise<string> {
  return inItsTurn(() => renderOnce(app, AbortSignal.timeout(Math.max(0, deadlineAt + PASS_GRACE_MS - Date.now()))));
}

/** The default of RenderOptions.renderDeadlineMs, and how long after it a pass still running is given up. */
export const RENDER_DEADLINE_MS = 5000;
const PASS_GRACE_MS = 1000;

async function renderOnce(app: ReactNode, signal: AbortSignal): Promise<string> {
  const { prelude } = await prerenderToNodeStream(app, {
    signal,
    // React outlines a boundary past this many bytes, to be moved in by a script: never, here.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      console.error('[ssr] render error', error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // Aborted, React ends the pass with fallbacks and an inline script to finish it later: not a
  // page to send (the CSP runs no inline script); the document goes without it.
  if (signal.aborted) throw signal.reason;
  return Buffer.concat(chunks).toString('utf8');
}

/** A query a component asked for during the render that nobody fetched yet (the server fetches none by itself). */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  const on = typeof enabled === 'function' ? enabled(query) : enabled;
  // Calls that must not run on the server say so (a captcha, a payment's polling).
  return on !== false && query.meta?.ssr !== false;
}

/**
 * Renders until the page asks for nothing new: each pass shows what the answers so far allow and
 * asks for what it newly needs (a list's details once the list is in), at most four passes and
 * within the budget. The last pass is the page: a pass that asked for nothing is not rendered
 * again. Answers that miss the budget are left to the browser.
 */
async function renderWithItsData(queryClient: QueryClient, app: ReactNode, budgetMs: number, deadlineAt: number): Promise<string> {
  const deadline = Date.now() + budgetMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), budgetMs);
  const outOfTime = new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
  try {
    for (let pass = 0; ; pass += 1) {
      // Each pass writes the head afresh (page-frame.tsx): the last one says what the page is.
      Object.assign(documentHead(), { title: null, description: null, structuredData: [] });
      // On the backend's clock as this request's answers so far tell it (lib/server-clock.ts, per request).
      renderedAt().ms = Math.floor(serverNow() / 1000) * 1000;
      const html = await renderToHtml(app, deadlineAt);
      const asked = queryClient.getQueryCache().getAll().filter(waiting);
      if (asked.length === 0 || pass === 3 || Date.now() >= deadline) return html;
      const answered = Promise.allSettled(asked.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey, retry: false })));
      await Promise.race([answered, outOfTime]);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** An answer sent without a page: the calls the render started (the categories, the session's check) are given up, not left to a hanging backend. */
function withoutCalls(queryClient: QueryClient, page: RenderedPage): RenderedPage {
  queryClient.clear();
  return page;
}

function withCookies(response: Response, setCookies: string[]): Response {
  const headers = new Headers(response.headers);
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, headers });
}

/** A route whose path is `*`: the not-found page, answered with 404. */
function isNotFound(context: StaticHandlerContext): boolean {
  return context.matches.some((match) => match.route.path === '*');
}

export interface RenderedPage {
  status: number;
  headers: Headers;
  /** Null for a redirect. */
  body: ReadableStream<Uint8Array> | null;
}

/**
 * The server's answer to a document request. The head's start is sent before the calls are made,
 * so the browser fetches styles and scripts while the server waits for the backend.
 */
/**
 * Addresses the browser handles alone: a ticket to validate or a username to compare are kept
 * in its storage (spec §5), so the server sends the document without a page for them.
 */
export function browserOnly(url: URL): boolean {
  return url.searchParams.has(TICKET_PARAM) || url.searchParams.has(USERNAME_KEY);
}

function browserOnlyDocument(template: DocumentTemplate): RenderedPage {
  const html = `${template.headStart}<title>少年儿童活动中心 · 报名服务平台</title>${template.headEnd}${template.bodyStart}${template.bodyEnd}`;
  // An address carrying a ticket or a username is a visitor's own: kept nowhere (verdict.ts).
  return { status: 200, headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': PERSONAL }), body: new Response(html).body };
}

export async function renderPage(request: Request, options: RenderOptions): Promise<RenderedPage> {
  if (browserOnly(new URL(request.url))) return browserOnlyDocument(options.template);
  const jar = serverCookieJar(request.headers.get('cookie'), { secure: new URL(request.url).protocol === 'https:' });
  // Never shorter than the data budget unless said so: the budget is what a render may wait for.
  const deadlineAt = Date.now() + (options.renderDeadlineMs ?? Math.max(RENDER_DEADLINE_MS, options.dataBudgetMs + PASS_GRACE_MS));
  return inRequestScope(
    [
      [cookieJar, jar],
      [apiOrigin, { url: options.backendUrl }],
      // Every call of the render answers by its deadline, or is a timeout (api-client.ts).
      [callDeadline, { at: deadlineAt }],
      [visitorHeaders, request.headers.has('cookie') ? { cookie: request.headers.get('cookie')! } : {}],
      // The render's moment, whole seconds; each pass sets it again on the backend's clock (below).
      [renderedAt, { ms: Math.floor(Date.now() / 1000) * 1000 }],
    ],
    async () => {
      const effects: ServerEffects = { redirect: null };
      const queryClient = createQueryClient(
        createErrorEffects({
          // Toasts are the browser's: a call that failed here is asked again there, and says so then.
          toastError: () => {},
          goHome: () => void (effects.redirect ??= '/'),
          relogin: () => {
            clearSession();
            effects.redirect ??= loginRedirect(request.url, options.accountServiceUrl);
          },
          log: (message) => console.warn(`[ssr] ${message}`),
        }),
      );
      // A call that failed here is drawn as the page's error state (what a visitor without script
      // reads), not as a loading state waiting for a retry that only a browser would make.
      queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
      const handler = createStaticHandler(createRoutes(queryClient));
      const context = await handler.query(request);
      // The render's verdict on whose answer this is (verdict.ts): the header says it, nginx honours it.
      const verdict = () => cacheControl({ signedIn: Boolean(sessionStore().clientId), wroteCookies: jar.setCookies().length > 0, cookieHeader: request.headers.get('cookie') });
      if (context instanceof Response) {
        const headers = withCookies(context, jar.setCookies()).headers;
        headers.set('Cache-Control', verdict());
        return withoutCalls(queryClient, { status: context.status, headers, body: null });
      }
      // The session is the backend's to judge before the document starts: a renewed token (99993)
      // is a cookie to set, an ended one (99995, 99994) a redirect to sign in, like any page's.
      if (sessionStore().clientId) {
        await Promise.race([queryClient.prefetchQuery({ ...api.personal_data.queryOptions(), retry: false }), delay(options.dataBudgetMs)]);
      }
      if (effects.redirect) {
        const headers = new Headers({ Location: effects.redirect, 'Cache-Control': PERSONAL });
        for (const cookie of jar.setCookies()) headers.append('Set-Cookie', cookie);
        return withoutCalls(queryClient, { status: 302, headers, body: null });
      }
      // A loader that failed: the browser runs it again and shows what it shows (the error page).
      if (context.errors) {
        console.error('[ssr] a loader failed', context.errors);
        return withoutCalls(queryClient, browserOnlyDocument(options.template));
      }
      await preloadPages(context.matches);
      const router = createStaticRouter(handler.dataRoutes, context);
      const app = (
        <AppTree queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppTree>
      );

      const encoder = new TextEncoder();
      const modules = context.matches.map((match) => (match.route.handle as Partial<PageHandle> | undefined)?.module).filter((m): m is string => Boolean(m));
      // A visitor without a session reads (and a crawler): the page first, its scripts after. A
      // signed-in parent acts on the page: the scripts as soon as the head arrives (decision 070).
      const later = sessionStore().clientId ? undefined : options.scriptsAfterLoad;
      // After the root element, which the hydration takes over: the loader is the document's, not the page's.
      const bodyEnd = later ? options.template.bodyEnd.replace('</body>', `${later.loader(modules)}</body>`) : options.template.bodyEnd;
      const sendRest = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
        try {
          const html = await renderWithItsData(queryClient, app, options.dataBudgetMs, deadlineAt);
          const head = documentHead();
          const title = head.title ?? '少年儿童活动中心 · 报名服务平台';
          const payload: HydrationPayload = {
            router: { loaderData: context.loaderData, actionData: context.actionData },
            // The answers, and the backend's failures the page was drawn with (hydration.ts revives them).
            queries: withDocumentFailures(
              dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' || (query.state.status === 'error' && isApiError(query.state.error)) }),
            ),
            renderedAt: renderedAt().ms!,
          };
          controller.enqueue(
            encoder.encode(
              [
                `<title>${escapeHtml(title)}</title>`,
                `<meta name="description" content="${escapeHtml(head.description ?? SITE_DESCRIPTION)}" />`,
                ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
                options.template.headEnd,
                options.template.bodyStart,
                html,
                `<script type="application/json" id="${HYDRATION_PAYLOAD_ID}">${scriptJson(payload)}</script>`,
                bodyEnd,
              ].join(''),
            ),
          );
        } catch (error) {
          console.error('[ssr] the page could not be rendered', error);
          controller.enqueue(encoder.encode(`<title>少年儿童活动中心 · 报名服务平台</title>${options.template.headEnd}${options.template.bodyStart}${bodyEnd}`));
        } finally {
          queryClient.clear();
          controller.close();
        }
      };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(later ? later.headStart + later.pageStyles(modules) : options.template.headStart + (options.pageLinks?.(modules) ?? '')));
          void sendRest(controller);
        },
      });
      const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': verdict() });
      for (const cookie of jar.setCookies()) headers.append('Set-Cookie', cookie);
      return { status: isNotFound(context) ? 404 : 200, headers, body };
    },
  );
}
