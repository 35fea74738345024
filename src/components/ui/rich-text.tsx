/**
 * Rich text from the server (class descriptions, notices, answers) — the only place the portal
 * renders HTML, always through DOMPurify: no scripts, no event handlers, no javascript: links.
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './ui.module.css';

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`${styles.richText} ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
