/**
 * The app's first render paints the shell (header, nav, footer, the page area's skeleton); what
 * it starts loading (the page's chunk, the side tool) is set up in the task after that paint, not
 * inside the render: Vite's preload helper appends a <link> per file a chunk needs, a few ms
 * each at 4x CPU slowdown, and the first render was the longest task of every page load
 * (decision 043).
 */
import { nextTask } from './next-task.ts';

let painted = false;
let waiting: Promise<void> | null = null;

/** Resolves after the next frame (or within 100 ms where frames do not come: a hidden tab). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      // The frame's callbacks run before it paints; the task after it runs after.
      void nextTask().then(resolve);
    });
  });
}

/** Settles once the shell has had its first paint; at once after that. */
export function shellPainted(): Promise<void> {
  if (painted) return Promise.resolve();
  waiting ??= afterNextFrame().then(() => {
    painted = true;
  });
  return waiting;
}

/** Starts `load` once the shell has painted: now (in this task) if it has, or on a server, which paints nothing. */
export function afterShellPaint<T>(load: () => Promise<T>): Promise<T> {
  return painted || typeof window === 'undefined' ? load() : shellPainted().then(load);
}

/** Tests: the next render is the app's first again. */
export function resetShellPainted(): void {
  painted = false;
  waiting = null;
}
