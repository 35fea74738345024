/** Default layout (spec §2): header, category menu, nav, footer and the tool sidebar. */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { HomeNav } from '../../features/chrome/home-nav.tsx';
import { DeferredSideTool as SideTool } from '../../features/chrome/deferred.tsx';
import { SiteFooter } from '../../features/chrome/site-footer.tsx';
import { SiteHeader } from '../../features/chrome/site-header.tsx';
import { TopBar } from '../../features/chrome/top-bar.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import styles from './layouts.module.css';

export function DefaultLayout() {
  return (
    <div className={styles.page}>
      <TopBar />
      <SiteHeader />
      <HomeNav />
      <main className={styles.main} id="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <SideTool />
    </div>
  );
}
