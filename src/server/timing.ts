/**
 * What the server did for a document (issue 40): the `Server-Timing` header its head is sent with
 * (DevTools shows it under the request's Timing; bench:ssr reads it), and the report of the whole
 * document once its last piece is out (its JSON log line, /healthz's counters, the tests).
 */
import type { RouteName } from '../lib/routes.ts';

export interface DocumentReport {
  /** The page's name in the route table; undefined for the not-found page. */
  route: RouteName | undefined;
  /** The server's own time before the head was sent: routing, the loaders, the session check. */
  headMs: number;
  /** The backend's time on the session check before the head (a visitor with a session). */
  sessionMs: number | null;
  /** How long the declared calls took to answer (or the budget, if they missed it). */
  dataMs: number;
  /** The render's time. */
  renderMs: number;
  /** How many times the page was rendered: once (decision 080). */
  passes: number;
  /** Errors the render met (each drew its Suspense boundary's fallback in the page's place). */
  errors: number;
  /** Calls the render asked for that its route did not declare (the browser makes them). */
  undeclared: string[];
}

const ms = (value: number) => value.toFixed(1);

/** How many times a document's page is rendered (render-page.ts renders once, decision 080). */
export const RENDER_PASSES = 1;

/**
 * The header sent with the head: what the server knows when it sends it (decision 082), and the
 * render it does next: `passes;desc="1"`. The render's own times come after the head, so they are
 * in the report (the log line, /healthz's counts of documents and passes, which bench:ssr compares).
 */
export function serverTiming(route: RouteName | undefined, headMs: number, sessionMs: number | null): string {
  return [`route;desc="${route ?? 'not-found'}"`, `head;dur=${ms(headMs)}`, ...(sessionMs === null ? [] : [`session;dur=${ms(sessionMs)}`]), `passes;desc="${RENDER_PASSES}"`].join(', ');
}

/** The report as the fields of its JSON log line (request-log.ts): times in ms, the undeclared calls counted. */
export function reportFields(report: DocumentReport): Record<string, unknown> {
  return {
    route: report.route ?? 'other',
    head_ms: round(report.headMs),
    ...(report.sessionMs === null ? {} : { session_ms: round(report.sessionMs) }),
    data_ms: round(report.dataMs),
    render_ms: round(report.renderMs),
    passes: report.passes,
    render_errors: report.errors,
    undeclared: report.undeclared.length,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
