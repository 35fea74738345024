/**
 * What a server-rendered document carries for the browser's hydration (src/server/render.tsx
 * writes it, src/app/app.tsx reads it): the router's loader data, the answers the page was drawn
 * with, and the moment it was drawn. In a `<script type="application/json">`: data, never run.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

export const HYDRATION_PAYLOAD_ID = 'ssr-data';

export interface HydrationPayload {
  router: HydrationState;
  queries: DehydratedState;
  /** The server's clock at the render, whole seconds: countdowns hydrate from it (lib/clock.ts). */
  renderedAt: number;
}

/** The payload of a server-rendered document; null for a document the browser renders alone. */
export function readHydrationPayload(doc: Document = document): HydrationPayload | null {
  const element = doc.getElementById(HYDRATION_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as HydrationPayload;
  } catch {
    return null;
  }
}
