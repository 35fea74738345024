/** Empty layout: only the page (login close, not found, errors). */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styles from './layouts.module.css';

export function EmptyLayout() {
  return (
    <main className={styles.empty} id="main">
      {/* Nothing around the page to keep in place while its chunk loads. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </main>
  );
}
