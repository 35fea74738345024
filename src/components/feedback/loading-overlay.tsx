/** The full-page loading overlay of the spec ('loading hard': 拼命加载中), spinner turning every 1.5 s. */
import { useSnapshot } from 'valtio';
import { uiStore } from '../../stores/ui-store.ts';
import styles from './loading-overlay.module.css';

/** `busy`: the spinner holds a data area's place while it loads (a busy status named by what loads, as a skeleton area is). */
export function Spinner({ label = '拼命加载中', busy = false }: { label?: string; busy?: boolean }) {
  return (
    <div className={styles.spinnerBox} role="status" aria-live="polite" {...(busy ? { 'aria-busy': true, 'aria-label': label } : {})}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}

export function LoadingOverlay() {
  const { loadingCount } = useSnapshot(uiStore());
  if (loadingCount === 0) return null;
  return (
    <div className={styles.overlay}>
      <Spinner />
    </div>
  );
}
