/**
 * What a server-rendered document carries for the browser's hydration (src/server/render.tsx
 * writes it, src/app/app.tsx reads it): the router's loader data, the answers the page was drawn
 * with, and the moment it was drawn. In a `<script type="application/json">`: data, never run.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { ApiError, isApiError, type ApiFailure } from '../lib/api/outcome.ts';

export const HYDRATION_PAYLOAD_ID = 'ssr-data';

export interface HydrationPayload {
  router: HydrationState;
  queries: DehydratedState;
  /** The server's clock at the render, whole seconds: countdowns hydrate from it (lib/clock.ts). */
  renderedAt: number;
}

/** Whether the document was rendered by the server (it carries a payload), without reading it. */
export function serverRendered(doc: Document = document): boolean {
  return doc.getElementById(HYDRATION_PAYLOAD_ID) !== null;
}

/** The payload of a server-rendered document; null for a document the browser renders alone. */
export function readHydrationPayload(doc: Document = document): HydrationPayload | null {
  const element = doc.getElementById(HYDRATION_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    const payload = JSON.parse(element.textContent) as HydrationPayload;
    reviveErrors(payload.queries);
    return payload;
  } catch {
    return null;
  }
}

/**
 * A failure as a document may carry it: what the page says and decides by (kind, status, code,
 * msg), never what the backend sent verbatim (a non-2xx answer's body, an answer that broke the
 * contract): a document may be public and kept by nginx, and a backend's error page or trace has
 * no business in it (issue 38).
 */
export function documentFailure(failure: ApiFailure): ApiFailure {
  if (failure.kind === 'http') return { ...failure, data: null };
  if (failure.kind === 'contract') return { ...failure, body: null, issues: [] };
  return failure;
}

/** The server's dehydrated answers with every failure as a document may carry it (documentFailure). */
export function withDocumentFailures(queries: DehydratedState): DehydratedState {
  const redact = <T>(error: T): T => (isApiError(error) ? (new ApiError(error.operation, documentFailure(error.failure)) as T) : error);
  return {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, error: redact(query.state.error), fetchFailureReason: redact(query.state.fetchFailureReason) } })),
  };
}

/**
 * A call that failed on the server was drawn as the page's error state; the browser hydrates the
 * same state, so its error must be an ApiError again (JSON kept its operation and failure).
 */
function reviveErrors(queries: DehydratedState) {
  for (const query of queries.queries) {
    const error = query.state.error as { name?: string; operation?: string; failure?: ApiFailure } | null;
    if (query.state.status === 'error' && error?.name === 'ApiError' && error.operation && error.failure) {
      (query.state as { error: unknown }).error = new ApiError(error.operation, error.failure);
    }
  }
}
