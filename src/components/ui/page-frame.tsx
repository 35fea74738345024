/** A page's title block and body; sets the document title too. */
import { useEffect, type ReactNode } from 'react';
import { scoped } from '../../stores/request-scope.ts';
import styles from './page-frame.module.css';

export const SITE_TITLE = '少年儿童活动中心 · 报名服务平台';

/**
 * What a page says of itself in the document's head. In the browser it is written into the head;
 * on the server the render records it here and the server writes the head after the render
 * (src/server/render-page.ts), so a page's title, description and structured data are in its HTML.
 */
export const documentHead = scoped(() => ({ title: null as string | null, description: null as string | null, structuredData: [] as object[] }));

const onServer = typeof document === 'undefined';

export function useDocumentTitle(title: string) {
  const full = title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
  if (onServer) documentHead().title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/** The page's description for search engines and link previews (one sentence, Chinese). */
export function useDocumentDescription(description: string | null) {
  if (onServer && description) documentHead().description = description;
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}

/** schema.org data about what the page shows (JSON-LD), written into the server's HTML only. */
export function useStructuredData(data: object | null) {
  if (onServer && data) documentHead().structuredData.push(data);
}

export function PageFrame({ title, intro, actions, children, plain = false }: { title: string; intro?: ReactNode; actions?: ReactNode; children?: ReactNode; plain?: boolean }) {
  useDocumentTitle(title);
  // A page's one-line introduction is its description too.
  useDocumentDescription(typeof intro === 'string' ? intro : null);
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
