/**
 * The server's clock, as far as the browser can tell: every answer's HTTP Date header (real
 * servers send one; the mock sends its own settable clock) moves the offset. Countdowns read
 * serverNow(), so a browser whose clock is off still counts to the right moment.
 */
let offsetMs = 0;

export function setServerClockOffset(ms: number): void {
  offsetMs = ms;
}

/** Called with each answer's Date header; seconds resolution, so small drifts are ignored. */
export function noteServerDate(header: string | null, browserNow = Date.now()): void {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  const offset = server - browserNow;
  if (Math.abs(offset - offsetMs) > 1500) offsetMs = offset;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}
