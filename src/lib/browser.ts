/**
 * Full-page navigation in one object, so tests can watch it (jsdom cannot navigate) and the app
 * has one place where it leaves the single-page world.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Leaves this address for `url` without keeping it in the history. */
  replace(url: string): void {
    window.location.replace(url);
  },
  reload(): void {
    window.location.reload();
  },
  href(): string {
    return window.location.href;
  },
};
