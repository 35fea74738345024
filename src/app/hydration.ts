/**
 * What a server-rendered document carries for the browser's hydration (src/server/render.tsx
 * writes it, src/app/app.tsx reads it): the router's loader data, the answers the page was drawn
 * with, and the moment it was drawn. In a `<script type="application/json">`: data, never run.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { ApiError, type ApiFailure } from '../lib/api/outcome.ts';

export const HYDRATION_PAYLOAD_ID = 'ssr-data';

export interface HydrationPayload {
  router: HydrationState;
  queries: DehydratedState;
  /** The server's clock at the render, whole seconds: countdowns hydrate from it (lib/clock.ts). */
  renderedAt: number;
  /**
   * An access token the backend renewed (99993) while the page was drawn, after the head (and its
   * Set-Cookie) had gone: the browser takes it (decision 074).
   */
  accessToken?: string;
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
