/**
 * In mock mode the backend is the mock in this very page, which starts while the app loads: calls
 * wait here until it answers, so the app's chunks load and the shell renders meanwhile instead
 * of after it. With a real backend nothing waits.
 */
let ready: Promise<unknown> = Promise.resolve();

/** The app's calls wait for `starting` (settled either way: a mock that fails to start is logged). */
export function waitForBackend(starting: Promise<unknown>): void {
  ready = starting.catch(() => undefined);
}

export function whenBackendReady(): Promise<unknown> {
  return ready;
}
