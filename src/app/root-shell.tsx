/** What every page shares: toasts, the loading overlay, scroll restoration; and the error page. */
import { useEffect, useSyncExternalStore, type ErrorInfo } from 'react';
import { Link, Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { browser } from '../lib/browser.ts';
import { LoadingOverlay, Spinner } from '../components/feedback/loading-overlay.tsx';
import { Toaster } from '../components/feedback/toaster.tsx';
import { showFlashToast } from '../lib/session/flash-toast.ts';
import { runAfterHydration } from './server-failures.ts';
import { replayEarlyEvents } from './early-events.ts';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import styles from './root-shell.module.css';
import { href } from '#src/lib/routes.ts';

export function RootShell() {
  useEffect(showFlashToast, []);
  useEffect(runAfterHydration, []);
  // The taps a server's page was given before it was hydrated, done in a task of their own (decision
  // 085): from an effect, React would not hydrate the part a tap lands in before handling it.
  useEffect(() => void setTimeout(() => void replayEarlyEvents(), 0), []);
  return (
    <>
      <Outlet />
      <Toaster />
      <LoadingOverlay />
      <ScrollRestoration />
    </>
  );
}

export function RouteHydrateFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner />
    </div>
  );
}

/** The generic error page (spec §2), for a route that throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route]', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className={styles.error} role="alert">
      <div className={styles.code}>出错了</div>
      <h1>页面出了点问题</h1>
      <p>请刷新页面重试；如果问题仍然存在，请稍后再来或拨打咨询电话。</p>
      <div className={styles.actions}>
        <button type="button" onClick={() => browser.reload()}>
          刷新页面
        </button>
        <Link to={href('home')}>返回首页</Link>
      </div>
      {/* A build replaces DEV with false and drops the details: parents never see them. */}
      {import.meta.env.DEV && <ErrorDetails error={error} />}
    </div>
  );
}

// The component stack of each error a route's boundary caught, reported by RouterProvider's
// onError after the error page first rendered (React calls componentDidCatch after the commit).
const componentStacks = new WeakMap<object, string>();
const stackListeners = new Set<() => void>();

/** RouterProvider's onError (app.tsx): keeps a render error's component stack for the error page. */
export function recordRouteError(error: unknown, info?: { errorInfo?: ErrorInfo }): void {
  const stack = info?.errorInfo?.componentStack;
  if (!import.meta.env.DEV || !stack || typeof error !== 'object' || error === null) return;
  componentStacks.set(error, stack);
  stackListeners.forEach((listener) => listener());
}

function useComponentStack(error: unknown): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      stackListeners.add(listener);
      return () => stackListeners.delete(listener);
    },
    () => (typeof error === 'object' && error !== null ? componentStacks.get(error) : undefined),
    // The server's render knows no component stack; the browser's reads it after its commit.
    () => undefined,
  );
}

/** Under `npm start` (and in component tests): what threw, where, and in which component. */
function ErrorDetails({ error }: { error: unknown }) {
  const componentStack = useComponentStack(error);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
  const stack = error instanceof Error && error.stack ? error.stack : null;
  return (
    <details className={styles.details} open>
      <summary>开发环境：错误详情（构建版本不显示）</summary>
      <pre aria-label="错误信息">{message}</pre>
      {stack && <pre aria-label="调用栈">{stack}</pre>}
      {componentStack && <pre aria-label="组件栈">{componentStack.replace(/^\n/, '')}</pre>}
    </details>
  );
}
