/**
 * Whether this page load reports its figures (the document's SAMPLE_RATE_META, the server's
 * VITALS_SAMPLE_RATE), and if so, the little that must run early: its uncaught errors are kept
 * from the start, and the reporter (field-reports.ts, with web-vitals) is loaded once the app has
 * started and the browser is idle, never on the page's start-up path.
 */
import { SAMPLE_RATE_META, type EarlyError } from '../lib/field-report.ts';

export function reportFieldFiguresLater(started: Promise<unknown>): void {
  const rate = Number(document.querySelector(`meta[name="${SAMPLE_RATE_META}"]`)?.getAttribute('content'));
  if (!(rate > 0) || Math.random() >= rate) return;
  const early: EarlyError[] = [];
  const onError = (event: ErrorEvent) => early.push({ message: String(event.message), filename: event.filename, line: event.lineno, column: event.colno });
  const onRejection = (event: PromiseRejectionEvent) => early.push({ message: String((event.reason as Error | undefined)?.message ?? event.reason) });
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  const load = () =>
    void import('./field-reports.ts').then(({ startFieldReports }) => {
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
      startFieldReports(early);
    });
  // Safari has no requestIdleCallback.
  void started.finally(() => ('requestIdleCallback' in globalThis ? requestIdleCallback(load, { timeout: 5000 }) : setTimeout(load, 1000)));
}
