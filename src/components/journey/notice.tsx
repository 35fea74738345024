/**
 * A boxed message inside a page: a refusal where the parent is looking (role alert), or a
 * warning or hint before they act (role status, read politely).
 */
import type { ReactNode } from 'react';
import styles from './journey.module.css';

type Tone = 'danger' | 'warning' | 'info' | 'success';

export function Notice({ tone, title, children, live = tone === 'danger' ? 'alert' : 'status' }: { tone: Tone; title?: ReactNode; children?: ReactNode; live?: 'alert' | 'status' }) {
  return (
    <div className={`${styles.notice} ${styles[`notice-${tone}`]}`} role={live}>
      {title && <p className={styles.noticeTitle}>{title}</p>}
      {children && <div className={styles.noticeBody}>{children}</div>}
    </div>
  );
}
