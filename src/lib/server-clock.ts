/**
 * The server's clock, as far as the browser can tell: every answer's HTTP Date header (real
 * servers send one; the mock sends its own settable clock) moves the offset. Countdowns read
 * serverNow(), so a browser whose clock is off still counts to the right moment. Per visitor: the
 * page's in a browser, each request's on the document server (a backend's or a mock world's clock
 * moves only the render that heard it: issue 38).
 */
import { scoped } from '../stores/request-scope.ts';

const offset = scoped(() => ({ ms: 0 }));

export function setServerClockOffset(ms: number): void {
  offset().ms = ms;
}

/** Called with each answer's Date header; seconds resolution, so small drifts are ignored. */
export function noteServerDate(header: string | null, browserNow = Date.now()): void {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  const ms = server - browserNow;
  if (Math.abs(ms - offset().ms) > 1500) offset().ms = ms;
}

export function serverNow(): number {
  return Date.now() + offset().ms;
}
