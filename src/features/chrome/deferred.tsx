/**
 * Parts of the chrome that load after the shell's first paint, each in its own chunk: nothing
 * around them moves when they arrive (the side tool is fixed at the window's edge). Decision 026.
 */
import { lazy, Suspense } from 'react';

const LazySideTool = lazy(() => import('./side-tool.tsx').then((m) => ({ default: m.SideTool })));

export function DeferredSideTool() {
  return (
    <Suspense fallback={null}>
      <LazySideTool />
    </Suspense>
  );
}

const LazyChildSelector = lazy(() => import('./child-selector.tsx').then((m) => ({ default: m.ChildSelector })));

/** Signed in only; it grows the top bar's right-aligned actions leftwards, moving nothing. */
export function DeferredChildSelector() {
  return (
    <Suspense fallback={null}>
      <LazyChildSelector />
    </Suspense>
  );
}
