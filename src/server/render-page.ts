/**
 * A page rendered on the server (spec §4: "loaded when each page is rendered on the server"), for
 * one request, inside a scope of its own (scope.ts), in this order (decision 080):
 *   1. the routes' loaders run (routing.ts): a guard's redirect is an HTTP redirect, and the layout
 *      and the page declare the calls they render with;
 *   2. a visitor with a session is checked with the backend (session-check.ts): an ended session
 *      is a redirect to sign in;
 *   3. the head's start (styles; the scripts too for a parent with a session) is sent at once,
 *      with the Server-Timing header (timing.ts), so the browser fetches the styles while the
 *      server waits for the backend;
 *   4. every declared call starts at once, and the server waits for them within one budget;
 *   5. the page is rendered once (render-html.tsx), and the title, the page and the hydration
 *      payload (payload.ts) follow. What missed the budget is asked for by the browser, as on a
 *      client-side navigation.
 */
import { TICKET_PARAM } from '#contract/account-service';
import { apiOrigin, callDeadline, visitorHeaders } from '../lib/api/api-client.ts';
import { keepData, startData } from '../lib/api/route-data.ts';
import { serverAccountService } from '../lib/app-config.ts';
import { renderedAt } from '../lib/clock.ts';
import { serverNow } from '../lib/server-clock.ts';
import { USERNAME_KEY } from '../lib/session/session-flow.ts';
import { cookieJar } from '../stores/cookie-jar.ts';
import { sessionStore } from '../stores/session-store.ts';
import { preloadPages } from '../app/router.tsx';
import { serverCookieJar } from './cookies.ts';
import type { DocumentShape } from './document.ts';
import { productionFailures, type ServerFailures } from './failures.ts';
import { SITE_TITLE, headTags, hydrationPayload } from './payload.ts';
import { serverQueryClient } from './query-client.ts';
import { renderToHtml, undeclared } from './render-html.tsx';
import { isNotFound, pageModules, requestClient, routeName, routeRequest } from './routing.ts';
import { inRequestScope } from './scope.ts';
import { checkSession } from './session-check.ts';
import { RENDER_PASSES, serverTiming, type DocumentReport } from './timing.ts';
import { PERSONAL, cacheControl } from './verdict.ts';

export interface RenderOptions {
  document: DocumentShape;
  /** The backend's origin, as the server reaches it (e.g. http://127.0.0.1:8787). */
  backendUrl: string;
  /** The account service's login page, for a session the backend ended (spec §8: 99995, 99994). */
  accountServiceUrl: string;
  /** How long the document waits for the page's calls before it renders without them. */
  dataBudgetMs: number;
  /**
   * The longest a render may take (RENDER_DEADLINE_MS, 5 s by default; issue 38): its backend calls
   * still waiting then are timeouts, drawn as the page's own error states; a render still running a
   * second later is given up for the document without its page (the browser renders it).
   */
  renderDeadlineMs?: number;
  /** Where the server's own errors go: logged, and the answer's (failures.ts); production's by default. */
  failures?: ServerFailures;
}

/** The default of RenderOptions.renderDeadlineMs, and how long after it a render still running is given up. */
export const RENDER_DEADLINE_MS = 5000;
const RENDER_GRACE_MS = 1000;

export interface RenderedPage {
  status: number;
  headers: Headers;
  /** Null for a redirect. */
  body: ReadableStream<Uint8Array> | null;
  /** Settles once the body's last piece is out: what the server did (null for a redirect or a document without a page). */
  report: Promise<DocumentReport | null>;
}

/**
 * Addresses the browser handles alone: a ticket to validate or a username to compare are kept
 * in its storage (spec §5), so the server sends the document without a page for them.
 */
export function browserOnly(url: URL): boolean {
  return url.searchParams.has(TICKET_PARAM) || url.searchParams.has(USERNAME_KEY);
}

/** A document's end with what a failure shows (the dev server's overlay: failures.ts) inside its body. */
function withShown(bodyEnd: string, shown: string): string {
  if (!shown) return bodyEnd;
  return bodyEnd.includes('</body>') ? bodyEnd.replace('</body>', `${shown}</body>`) : `${bodyEnd}${shown}`;
}

function browserOnlyDocument({ template }: DocumentShape, shown = ''): RenderedPage {
  const html = `${template.headStart}<title>${SITE_TITLE}</title>${template.headEnd}${template.bodyStart}${withShown(template.bodyEnd, shown)}`;
  // An address carrying a ticket or a username is a visitor's own: kept nowhere (verdict.ts).
  return { status: 200, headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': PERSONAL }), body: new Response(html).body, report: Promise.resolve(null) };
}

/** Waits for `work`, at most `ms`. */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export async function renderPage(request: Request, options: RenderOptions): Promise<RenderedPage> {
  if (browserOnly(new URL(request.url))) return browserOnlyDocument(options.document);
  const started = performance.now();
  const failures = options.failures ?? productionFailures;
  const jar = serverCookieJar(request.headers.get('cookie'), { secure: new URL(request.url).protocol === 'https:' });
  // Never shorter than the data budget unless said so: the budget is what a render may wait for.
  const deadlineAt = Date.now() + (options.renderDeadlineMs ?? Math.max(RENDER_DEADLINE_MS, options.dataBudgetMs + RENDER_GRACE_MS));
  return inRequestScope(
    [
      [cookieJar, jar],
      [apiOrigin, { url: options.backendUrl }],
      // Where /login sends the visitor (app/login-loader.ts), as every document names it.
      [serverAccountService, { url: options.accountServiceUrl }],
      // Every call of the render answers by its deadline, or is a timeout (api-client.ts).
      [callDeadline, { at: deadlineAt }],
      [visitorHeaders, request.headers.has('cookie') ? { cookie: request.headers.get('cookie')! } : {}],
      // The render's moment, whole seconds; set again before the render on the backend's clock (below).
      [renderedAt, { ms: Math.floor(Date.now() / 1000) * 1000 }],
    ],
    async () => {
      const { client, effects } = serverQueryClient(request.url, options.accountServiceUrl);
      requestClient().client = client;
      keepData(client);
      const context = await routeRequest(request);
      const withCookies = (headers: Headers) => {
        for (const cookie of jar.setCookies()) headers.append('Set-Cookie', cookie);
        return headers;
      };
      // The render's verdict on whose answer this is (verdict.ts): the header says it, nginx honours it.
      const verdict = () => cacheControl({ signedIn: sessionStore().clientId !== null, wroteCookies: jar.setCookies().length > 0, cookieHeader: request.headers.get('cookie') });
      /** An answer sent without a page: the calls under way (the session's check) are given up, not left to a hanging backend. */
      const withoutCalls = (page: RenderedPage) => {
        client.clear();
        return page;
      };
      if (context instanceof Response) {
        const headers = withCookies(new Headers(context.headers));
        headers.set('Cache-Control', verdict());
        return withoutCalls({ status: context.status, headers, body: null, report: Promise.resolve(null) });
      }
      const signedIn = sessionStore().clientId !== null;
      let sessionMs: number | null = null;
      if (signedIn) {
        const asked = performance.now();
        await within(checkSession(client), options.dataBudgetMs);
        sessionMs = performance.now() - asked;
      }
      if (effects.redirect)
        return withoutCalls({ status: 302, headers: withCookies(new Headers({ Location: effects.redirect, 'Cache-Control': PERSONAL })), body: null, report: Promise.resolve(null) });
      // A loader that failed: the browser runs it again and shows what it shows (the error page).
      if (context.errors) {
        const error = Object.values(context.errors)[0];
        failures.log(`[ssr] ${new URL(request.url).pathname.slice(0, 200)}: a loader failed`, error);
        return withoutCalls(browserOnlyDocument(options.document, failures.shown(error)));
      }

      // The page's modules before the head: their styles are known then (the dev server's come from its
      // module graph), and the render does not wait on a chunk (a first request of a process only).
      await preloadPages(context.matches);
      // From here the document has started: a failure is drawn and acted on by the browser (decision 074).
      effects.started = true;
      const tokenAtStart = sessionStore().accessToken;
      const { document } = options;
      const modules = pageModules(context);
      const route = routeName(context);
      // A visitor without a session reads (and a crawler): the page first, its scripts after. A
      // signed-in parent acts on the page: the scripts as soon as the head arrives (decision 070).
      const scriptsNow = signedIn;
      const headMs = performance.now() - started;
      let finish: (report: DocumentReport | null) => void = () => {};
      const report = new Promise<DocumentReport | null>((resolve) => (finish = resolve));
      const encoder = new TextEncoder();
      const pathname = new URL(request.url).pathname.slice(0, 200);
      /** The render's first error: what a developer is shown (the dev server's overlay; nothing in production). */
      let firstError: { error: unknown } | null = null;
      const renderError = (error: unknown) => {
        failures.log(`[ssr] ${pathname}: render error`, error);
        firstError ??= { error };
      };

      const rest = async (): Promise<string> => {
        const asked = performance.now();
        await within(startData(client), options.dataBudgetMs);
        const rendering = performance.now();
        // On the backend's clock as this request's answers tell it (lib/server-clock.ts, per request).
        renderedAt().ms = Math.floor(serverNow() / 1000) * 1000;
        const { html, errors } = await renderToHtml(client, context, AbortSignal.timeout(Math.max(0, deadlineAt + RENDER_GRACE_MS - Date.now())), renderError);
        const done = performance.now();
        const missing = undeclared(client);
        if (missing.length) console.error(`[ssr] ${new URL(request.url).pathname} rendered calls its route does not declare (decision 080): ${missing.join('; ')}`);
        finish({ route, headMs, sessionMs, dataMs: rendering - asked, renderMs: done - rendering, passes: RENDER_PASSES, errors, undeclared: missing });
        return [
          headTags(),
          document.template.headEnd,
          document.template.bodyStart,
          html,
          hydrationPayload(client, context, renderedAt().ms!, sessionStore().accessToken !== tokenAtStart ? sessionStore().accessToken : null),
          withShown(document.bodyEnd(modules, scriptsNow), firstError ? failures.shown(firstError.error) : ''),
        ].join('');
      };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(document.headStart(modules, scriptsNow)));
          void rest()
            .catch((error: unknown) => {
              // An error the render's own onError reported already (renderError) is not logged twice.
              if (firstError?.error !== error) failures.log(`[ssr] ${pathname}: the page could not be rendered`, error);
              finish(null);
              return `<title>${SITE_TITLE}</title>${document.template.headEnd}${document.template.bodyStart}${withShown(document.bodyEnd(modules, scriptsNow), failures.shown(firstError?.error ?? error))}`;
            })
            .then((html) => {
              controller.enqueue(encoder.encode(html));
              client.clear();
              controller.close();
            });
        },
      });
      const headers = withCookies(new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': verdict(), 'Server-Timing': serverTiming(route, headMs, sessionMs) }));
      return { status: isNotFound(context) ? 404 : 200, headers, body, report };
    },
  );
}
