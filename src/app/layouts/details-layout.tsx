/**
 * Details layout: the header without the category nav, for a class and the steps of signing up
 * and paying, where a parent should stay on task.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { DeferredSideTool as SideTool } from '../../features/chrome/deferred.tsx';
import { SiteFooter } from '../../features/chrome/site-footer.tsx';
import { SiteHeader } from '../../features/chrome/site-header.tsx';
import { TopBar } from '../../features/chrome/top-bar.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import styles from './layouts.module.css';

export function DetailsLayout() {
  return (
    <div className={styles.page}>
      <TopBar />
      <SiteHeader />
      <main className={`${styles.main} ${styles.details}`} id="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <SideTool />
    </div>
  );
}
