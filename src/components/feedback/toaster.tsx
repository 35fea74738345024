/** The toasts of the spec: info, succeed and error, top centre, 3 s then a 0.4 s fade. */
import { useSnapshot } from 'valtio';
import { TOAST_FADE_MS, dismissToast, toastStore, type ToastKind } from '../../stores/toast-store.ts';
import styles from './toaster.module.css';

const icons: Record<ToastKind, string> = { info: 'i', succeed: '✓', error: '!' };

export function Toaster() {
  const { toasts } = useSnapshot(toastStore());
  return (
    // A named landmark: screen readers can find the last messages, and a page's own alerts are not toasts.
    <section className={styles.region} aria-label="通知" aria-live="polite">
      {toasts.map((t) => (
        // A click dismisses early, a mouse shortcut only: toasts are announced and leave by themselves after 3 s.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`${styles.toast} ${styles[t.kind]} ${t.leaving ? styles.leaving : ''}`}
          style={{ transitionDuration: `${TOAST_FADE_MS}ms` }}
          onClick={() => dismissToast(t.id)}
        >
          <span className={styles.icon} aria-hidden="true">
            {icons[t.kind]}
          </span>
          <span>{t.message}</span>
        </div>
      ))}
    </section>
  );
}
