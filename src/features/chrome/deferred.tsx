/**
 * Parts of the chrome that load after the shell's first paint (the side tool is asked for in the
 * task after it, shell-painted.ts), each in its own chunk: nothing around them moves when they
 * arrive (the side tool is fixed at the window's edge). Decisions 026 and 043.
 */
import { lazy, Suspense } from 'react';
import { afterShellPaint } from '../../lib/shell-painted.ts';

const LazySideTool = lazy(() => afterShellPaint(() => import('./side-tool.tsx')).then((m) => ({ default: m.SideTool })));

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
