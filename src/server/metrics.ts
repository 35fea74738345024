/**
 * The document server's figures at /metrics, in Prometheus's text format (prom-client), for the
 * machine's operators only (http.ts answers it to a direct request from this host; nginx answers
 * 404): per route (a name of the route table, never an address) the time to the first byte and to
 * the last, the answers by status; the backend calls by operation and outcome; the renders under
 * way; the event loop's delay and the heap (prom-client's default figures); and the parents' own
 * Web Vitals per route (beacon.ts). docs/deploy.md lists them with the alerts worth having.
 */
import { Counter, Gauge, Histogram, Registry, Summary, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
// Event-loop delay (nodejs_eventloop_lag_*), heap (nodejs_heap_*), GC, CPU, memory, handles.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

/** Seconds, from a cached page's few ms to a render past its 5 s deadline. */
const TIME_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = new Counter({ name: 'portal_http_requests_total', help: 'Answers of the document server, by route and status.', labelNames: ['route', 'status'], registers: [registry] });
const renderTime = new Histogram({
  name: 'portal_render_duration_seconds',
  help: 'From a request to the last byte of its answer (a page: its render, its backend calls, its stream), by route.',
  labelNames: ['route'],
  buckets: TIME_BUCKETS,
  registers: [registry],
});
const ttfb = new Histogram({
  name: 'portal_ttfb_seconds',
  help: "From a request to the first byte of its answer's body (a page: its head, sent before the backend answers), by route.",
  labelNames: ['route'],
  buckets: TIME_BUCKETS,
  registers: [registry],
});
/** Renders under way in this process (MAX_RENDERS caps them; http.ts counts them in and out). */
export const rendersInFlight = new Gauge({ name: 'portal_renders_in_flight', help: 'Pages being rendered by this process now (capped by MAX_RENDERS).', registers: [registry] });
const calls = new Counter({
  name: 'portal_backend_calls_total',
  help: 'Backend calls made by the document server, by operation and outcome (ok, business, http, timeout, network, aborted, contract, request).',
  labelNames: ['operation', 'outcome'],
  registers: [registry],
});
const callTime = new Histogram({
  name: 'portal_backend_call_duration_seconds',
  help: 'Backend calls made by the document server, from sending to the answer read, by operation.',
  labelNames: ['operation'],
  buckets: TIME_BUCKETS,
  registers: [registry],
});

/** One answer: its route, status, and times in seconds. */
export function observeRequest(route: string, status: number, seconds: number, ttfbSeconds: number): void {
  requests.inc({ route, status: String(status) });
  renderTime.observe({ route }, seconds);
  ttfb.observe({ route }, ttfbSeconds);
}

/** One backend call made on the server. */
export function observeCall(operation: string, outcome: string, seconds: number): void {
  calls.inc({ operation, outcome });
  callTime.observe({ operation }, seconds);
}

/** The parents' figures, each with the unit and buckets it is read in (beacon.ts checks the values' range). */
export const VITALS = {
  LCP: { metric: 'lcp_seconds', scale: 1 / 1000, buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20] },
  INP: { metric: 'inp_seconds', scale: 1 / 1000, buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5] },
  TTFB: { metric: 'ttfb_seconds', scale: 1 / 1000, buckets: [0.1, 0.2, 0.4, 0.8, 1.2, 1.8, 3, 6, 10] },
  CLS: { metric: 'cls', scale: 1, buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2] },
} as const;
export type VitalName = keyof typeof VITALS;

const vitals = Object.fromEntries(
  (Object.entries(VITALS) as [VitalName, (typeof VITALS)[VitalName]][]).map(([name, { metric, buckets }]) => [
    name,
    {
      // What alerts read across processes and hosts: histogram_quantile(0.75, sum by (route, le) (rate(…_bucket[10m]))).
      histogram: new Histogram({
        name: `portal_web_vitals_${metric}`,
        help: `Parents' own ${name} (Web Vitals, from their browsers), by the route the page was loaded on.`,
        labelNames: ['route'],
        buckets: [...buckets],
        registers: [registry],
      }),
      // This process's p75 over the last ten minutes, to read at a glance.
      summary: new Summary({
        name: `portal_web_vitals_${metric}_recent`,
        help: `Parents' own ${name} over the last ten minutes in this process: p75 (and p50, p95) by route.`,
        labelNames: ['route'],
        percentiles: [0.5, 0.75, 0.95],
        maxAgeSeconds: 600,
        ageBuckets: 5,
        registers: [registry],
      }),
    },
  ]),
) as Record<VitalName, { histogram: Histogram<'route'>; summary: Summary<'route'> }>;

/** One figure a parent's browser reported, in its own unit (ms, or CLS's score). */
export function observeVital(name: VitalName, route: string, value: number): void {
  const scaled = value * VITALS[name].scale;
  vitals[name].histogram.observe({ route }, scaled);
  vitals[name].summary.observe({ route }, scaled);
}

export const browserErrors = new Counter({ name: 'portal_browser_errors_total', help: "Uncaught errors in parents' browsers, by route.", labelNames: ['route'], registers: [registry] });
export const beaconsRefused = new Counter({ name: 'portal_beacons_refused_total', help: 'Beacons refused, by reason (method, origin, size, shape).', labelNames: ['reason'], registers: [registry] });

const release = new Gauge({ name: 'portal_build_info', help: 'The release this process runs (value 1).', labelNames: ['release'], registers: [registry] });
release.set({ release: import.meta.env.VITE_RELEASE }, 1);

/** The text Prometheus scrapes, and its content type. */
export async function metricsText(): Promise<{ text: string; type: string }> {
  return { text: await registry.metrics(), type: registry.contentType };
}
