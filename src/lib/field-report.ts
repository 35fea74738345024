/**
 * What a parent's browser reports about its page load, and how (the browser's side:
 * src/app/field-reports.ts; the server's: src/server/beacon.ts). Shared so neither states it twice.
 */
import type { RouteName } from './routes.ts';

/** Where reports are sent (a POST, by navigator.sendBeacon). */
export const BEACON_PATH = '/beacon';
/** The figures reported (Web Vitals), each once per page load. */
export const BEACON_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
/** A report's most bytes, and most errors. */
export const MAX_BEACON_BYTES = 4096;
export const MAX_BEACON_ERRORS = 5;
/** The <meta> of every document naming the share of page loads that report (0 to 1; the server's VITALS_SAMPLE_RATE). */
export const SAMPLE_RATE_META = 'field-report-sample';

export interface FieldReport {
  /** The route the page was loaded on (a name of the route table). */
  route: RouteName;
  release: string;
  /** Milliseconds; CLS a score. */
  vitals: { name: (typeof BEACON_VITALS)[number]; value: number }[];
  /** `source`: `/assets/chunk.js:line:column` where it was thrown, when known. */
  errors: { message: string; source?: string }[];
}

/** An uncaught error kept from the page's start until the reporter loads (app/field-reports-later.ts). */
export interface EarlyError {
  message: string;
  filename?: string;
  line?: number;
  column?: number;
}
