/**
 * Page links for lists: previous, numbers with gaps, next, and the count. Each is a link to the
 * same address with its ?page= (1 drops it), so a list pages before its scripts load, and a
 * page can be shared or reloaded (decision 074). A backend that sends no count (decision 073)
 * gets 上一页 · 第 N 页 · 下一页, the next page offered while this one came back full.
 */
import { Link, useLocation } from 'react-router-dom';
import styles from './ui.module.css';

export function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  /** Rows in all; left out by a backend that does not count them. */
  total?: number;
  /** Rows on this page: without a count, a full page may have a next one. */
  rows: number;
  /** After a page link is followed in the app (to scroll to the list's top). */
  onPage?: (page: number) => void;
}

export function Pagination({ page, pageSize, total, rows, onPage }: PaginationProps) {
  const { pathname, search } = useLocation();
  const to = (p: number) => {
    const params = new URLSearchParams(search);
    if (p > 1) params.set('page', String(p));
    else params.delete('page');
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
  const step = (p: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={to(p)} onClick={() => onPage?.(p)}>
        {label}
      </Link>
    ) : (
      <span className={styles.pageStep} aria-disabled="true">
        {label}
      </span>
    );

  if (total === undefined) {
    const hasNext = rows >= pageSize;
    if (page <= 1 && !hasNext) return null;
    return (
      <nav className={styles.pagination} aria-label="分页">
        {step(page - 1, '上一页', page > 1)}
        <span className={styles.total}>第 {page} 页</span>
        {step(page + 1, '下一页', hasNext)}
      </nav>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return <p className={styles.total}>共 {total} 条</p>;
  return (
    <nav className={styles.pagination} aria-label="分页">
      <span className={styles.total}>共 {total} 条</span>
      {step(page - 1, '上一页', page > 1)}
      {pageNumbers(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className={styles.gap}>
            …
          </span>
        ) : (
          <Link key={p} to={to(p)} aria-current={p === page ? 'page' : undefined} onClick={() => onPage?.(p)}>
            {p}
          </Link>
        ),
      )}
      {step(page + 1, '下一页', page < pages)}
    </nav>
  );
}
