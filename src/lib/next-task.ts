/**
 * Resolves in a task after this one, so the browser can paint and answer input in between: long
 * work split this way never holds a parent's tap for longer than its largest piece. Chromium's
 * scheduler.yield() runs the rest before other queued work; elsewhere a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
