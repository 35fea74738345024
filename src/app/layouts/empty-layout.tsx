/** Empty layout: only the page (login close, not found, errors). */
import { Outlet } from 'react-router-dom';
import styles from './layouts.module.css';

export function EmptyLayout() {
  return (
    <main className={styles.empty} id="main">
      <Outlet />
    </main>
  );
}
