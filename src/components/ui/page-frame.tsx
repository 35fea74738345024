/** A page's title block and body; sets the document title too. */
import { useEffect, type ReactNode } from 'react';
import styles from './page-frame.module.css';

export const SITE_TITLE = '少年儿童活动中心 · 报名服务平台';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
}

export function PageFrame({ title, intro, actions, children, plain = false }: { title: string; intro?: ReactNode; actions?: ReactNode; children?: ReactNode; plain?: boolean }) {
  useDocumentTitle(title);
  return (
    <section className={plain ? styles.plain : styles.frame} aria-labelledby="page-title">
      <div className={styles.head}>
        <div>
          <h1 id="page-title" className={styles.title}>
            {title}
          </h1>
          {intro && <p className={styles.intro}>{intro}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
