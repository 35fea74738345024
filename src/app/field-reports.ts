/**
 * A parent's page load, reported (decision 083): LCP, INP, CLS and TTFB (Google's web-vitals) and
 * uncaught errors, with the route the page was loaded on and the release, sent with
 * navigator.sendBeacon when the page is hidden (the parent leaves, switches tab or closes it),
 * each figure once. Nothing else about the parent: no address, no user agent, no id. The server
 * (src/server/beacon.ts) checks it and keeps per-route figures.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { BEACON_PATH, MAX_BEACON_BYTES, MAX_BEACON_ERRORS, type EarlyError, type FieldReport } from '../lib/field-report.ts';
import { routeAt } from '../lib/routes.ts';

/** Where in the release's own chunks an error was thrown (`/assets/x.js:1:2`), or nothing. */
function sourceOf(error: EarlyError): string | undefined {
  if (!error.filename || !error.line) return undefined;
  let url: URL;
  try {
    url = new URL(error.filename);
  } catch {
    return undefined;
  }
  return url.origin === location.origin && url.pathname.startsWith('/assets/') ? `${url.pathname}:${error.line}:${error.column ?? 0}` : undefined;
}

export function startFieldReports(early: EarlyError[]): void {
  const route = routeAt(location.pathname);
  if (!route) return;
  const vitals = new Map<FieldReport['vitals'][number]['name'], number>();
  const sent = new Set<string>();
  const errors: FieldReport['errors'] = [];
  let errorsSeen = 0;
  const keepError = (error: EarlyError) => {
    if (errorsSeen++ >= MAX_BEACON_ERRORS) return;
    const source = sourceOf(error);
    errors.push({ message: error.message.slice(0, 300), ...(source ? { source } : {}) });
  };
  early.forEach(keepError);
  addEventListener('error', (event) => keepError({ message: String(event.message), filename: event.filename, line: event.lineno, column: event.colno }));
  addEventListener('unhandledrejection', (event) => keepError({ message: String((event.reason as Error | undefined)?.message ?? event.reason) }));

  const keep = (metric: Metric) => {
    if (!sent.has(metric.name)) vitals.set(metric.name as FieldReport['vitals'][number]['name'], metric.value);
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);

  const send = () => {
    if (vitals.size === 0 && errors.length === 0) return;
    const report: FieldReport = {
      route,
      release: import.meta.env.VITE_RELEASE,
      vitals: [...vitals].map(([name, value]) => ({ name, value: Math.round(value * 1000) / 1000 })),
      errors: errors.splice(0),
    };
    for (const name of vitals.keys()) sent.add(name);
    vitals.clear();
    const body = JSON.stringify(report);
    if (body.length <= MAX_BEACON_BYTES) navigator.sendBeacon(BEACON_PATH, body);
  };
  // web-vitals reports LCP, CLS and INP as the page is hidden, in its listeners on the document: this one, on the window, runs after them.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}
