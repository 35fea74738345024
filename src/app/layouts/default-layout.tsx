/** Default layout (spec §2): header, category menu, nav, footer and the tool sidebar. */
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { HomeNav } from '../../features/chrome/home-nav.tsx';
import { DeferredSideTool as SideTool } from '../../features/chrome/deferred.tsx';
import { SiteFooter } from '../../features/chrome/site-footer.tsx';
import { SiteHeader } from '../../features/chrome/site-header.tsx';
import { TopBar } from '../../features/chrome/top-bar.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import styles from './layouts.module.css';

export function DefaultLayout() {
  return <SiteShell nav={<HomeNav />} />;
}

/** The frame of every page but the personal center's: bars, header, a nav if any, the page, footer and the tool sidebar. */
export function SiteShell({ nav, mainClassName }: { nav?: ReactNode; mainClassName?: string }) {
  return (
    <div className={styles.page}>
      <TopBar />
      <SiteHeader />
      {nav}
      <main className={mainClassName ? `${styles.main} ${mainClassName}` : styles.main} id="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <SideTool />
    </div>
  );
}
