/**
 * A route chunk that fails to load (a deploy replaced it) reloads the page, at most once a
 * minute (spec §8); a second failure within the minute shows the error page instead.
 * The browser's only: on the server (the document server, the dev server's renders) a module that
 * fails to load is its own error, rethrown as it is (issue 45, decision 087).
 */
import { browser } from '../lib/browser.ts';

const KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** Node has no page to reload, nor a sessionStorage: a failed import there is a bug to see. */
const inBrowser = () => typeof window !== 'undefined' && typeof sessionStorage !== 'undefined';

export function reloadForChunkError(now = Date.now()): boolean {
  if (!inBrowser()) return false;
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  sessionStorage.setItem(KEY, String(now));
  browser.reload();
  return true;
}

/** Wraps a lazy route import: on failure, reload (once a minute) or let the error page show. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (reloadForChunkError()) return new Promise<T>(() => {});
      throw error;
    }
  };
}

/** Vite's own signal for a failed preload of a dynamic import. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
