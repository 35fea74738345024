/** Page links for lists: previous, numbers with gaps, next, and the total. */
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

export function Pagination({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return <p className={styles.total}>共 {total} 条</p>;
  return (
    <nav className={styles.pagination} aria-label="分页">
      <span className={styles.total}>共 {total} 条</span>
      <button type="button" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        上一页
      </button>
      {pageNumbers(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className={styles.gap}>
            …
          </span>
        ) : (
          <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
            {p}
          </button>
        ),
      )}
      <button type="button" onClick={() => onChange(page + 1)} disabled={page >= pages}>
        下一页
      </button>
    </nav>
  );
}
