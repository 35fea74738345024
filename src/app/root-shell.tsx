/** What every page shares: toasts, the loading overlay, scroll restoration; and the error page. */
import { useEffect } from 'react';
import { Link, Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { browser } from '../lib/browser.ts';
import { LoadingOverlay, Spinner } from '../components/feedback/loading-overlay.tsx';
import { Toaster } from '../components/feedback/toaster.tsx';
import { showFlashToast } from '../lib/session/flash-toast.ts';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import styles from './root-shell.module.css';

export function RootShell() {
  useEffect(showFlashToast, []);
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
        <Link to="/">返回首页</Link>
      </div>
    </div>
  );
}
