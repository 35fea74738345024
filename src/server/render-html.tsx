/**
 * The page rendered once, to complete HTML, once everything it waits for (lazy parts) is in:
 * React's static prerender writes every Suspense boundary in place, with no script to move content
 * into place, so the page reads the same without JavaScript. Its calls' answers are in by then
 * (decision 080); a call the route did not declare is left pending, and reported (`undeclared`).
 */
import { QueryClient, type Query } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticRouter, type StaticHandlerContext } from 'react-router-dom';
import { AppTree } from '../app/app-tree.tsx';
import { documentHead } from '../components/ui/page-frame.tsx';
import { staticHandler } from './routing.ts';
import { inItsTurn } from './turns.ts';
import './rich-text.ts';

/**
 * The page's HTML, and how many errors its render met (each drew its boundary's fallback, or
 * nothing); each error goes to `onError` as it is thrown (render-page.ts logs it: failures.ts).
 */
export function renderToHtml(client: QueryClient, context: StaticHandlerContext, signal: AbortSignal, onError: (error: unknown) => void): Promise<{ html: string; errors: number }> {
  return inItsTurn(() => renderNow(client, context, signal, onError));
}

async function renderNow(client: QueryClient, context: StaticHandlerContext, signal: AbortSignal, onError: (error: unknown) => void): Promise<{ html: string; errors: number }> {
  let errors = 0;
  Object.assign(documentHead(), { title: null, description: null, structuredData: [] });
  const router = createStaticRouter(staticHandler().dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <AppTree queryClient={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppTree>,
    {
      signal,
      // React outlines a boundary past this many bytes, to be moved in by a script: never, here.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors += 1;
        onError(error);
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // Aborted (past the deadline), React ends the render with fallbacks and an inline script to
  // finish it later: not a page to send (the CSP runs no inline script); the document goes without it.
  if (signal.aborted) throw signal.reason;
  return { html: Buffer.concat(chunks).toString('utf8'), errors };
}

/** A query a component asked for in the render that nobody started: its route did not declare it. */
function undeclaredQuery(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  const on = typeof enabled === 'function' ? enabled(query) : enabled;
  return on !== false;
}

/** The calls the render asked for that its route did not declare (`operation {input}`), which the browser will make. */
export function undeclared(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter(undeclaredQuery)
    .map((query) =>
      query.queryKey
        .slice(1)
        .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
        .join(' '),
    );
}
