/** Pieces the personal order pages share: filter tabs, the child filter, link buttons, the pay countdown, a list's body. */
import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryFailed } from '#src/components/ui/query-failed.tsx';
import { LoadingState } from '#src/components/ui/states.tsx';
import type { ApiError } from '#src/lib/api/outcome.ts';
import { Link } from 'react-router-dom';
import { Select } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { formatCountdown } from '../../lib/format.ts';
import { useNow } from '../../lib/clock.ts';
import { usePassedChildren } from '../../lib/session/use-session.ts';
import { PAGE_SIZE, useListAddress } from './list-address.ts';
import styles from './orders.module.css';

export interface Tab {
  /** The value in the address; null for 全部. */
  key: string | null;
  label: string;
}

/** Tabs that filter a list by one address parameter; each is a link, so Back and new tabs work. */
export function FilterTabs({ label, tabs, current, param = 'status' }: { label: string; tabs: Tab[]; current: string | null; param?: string }) {
  const { hrefWith } = useListAddress();
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key ?? 'all'}>
            <Link to={hrefWith({ [param]: tab.key })} aria-current={tab.key === current ? 'true' : undefined} className={tab.key === current ? styles.tabCurrent : styles.tab}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 孩子: all of the parent's children, or one (?child=). */
export function ChildFilter({ value }: { value: number | undefined }) {
  const id = useId();
  const { change } = useListAddress();
  const children = usePassedChildren();
  const kids = children.data?.list ?? [];
  const unknown = value !== undefined && children.isSuccess && !kids.some((k) => k.id === value);
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>孩子</label>
      <div className={styles.filterControl}>
        <Select id={id} value={value === undefined ? '' : String(value)} onChange={(e) => change({ child: e.target.value || null })}>
          <option value="">全部孩子</option>
          {kids.map((kid) => (
            <option key={kid.id} value={kid.id}>
              {kid.name}
            </option>
          ))}
          {/* A child deleted since the link was made still names the filter that is on. */}
          {unknown && <option value={value}>已删除的孩子</option>}
          {value !== undefined && children.isPending && <option value={value}>加载中…</option>}
        </Select>
      </div>
    </div>
  );
}

/** A link that looks like a small button (the actions of a row). */
export function LinkButton({ to, variant = 'primary', children }: { to: string; variant?: 'primary' | 'secondary' | 'ghost'; children: ReactNode }) {
  return (
    <Link to={to} className={`${styles.linkButton} ${styles[variant]}`}>
      {children}
    </Link>
  );
}

/** 剩余 00:19:58 until an unpaid order's payment window ends (the server's clock; see lib/clock.ts). */
export function PayTimeLeft({ deadline }: { deadline: string }) {
  const now = useNow();
  const left = Date.parse(deadline) - now;
  if (left <= 0) return <span className={styles.expired}>支付已超时</span>;
  return (
    <span className={styles.timeLeft} role="timer" aria-label={`支付剩余时间 ${formatCountdown(left)}`}>
      剩余 {formatCountdown(left)}
    </span>
  );
}

/** A list's toolbar: the filters on the left, a note or link on the right. */
export function ListToolbar({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarFilters}>{children}</div>
      {aside && <div className={styles.toolbarAside}>{aside}</div>}
    </div>
  );
}

/** The list's pagination, on the right (spec §2), kept in the address (?page=); without a count, page by page. */
export function ListPagination({ total, rows }: { total: number | undefined; rows: number }) {
  const { page } = useListAddress();
  return <Pagination page={page} pageSize={PAGE_SIZE} total={total} rows={rows} />;
}

/**
 * A list page's body: loading, failed (with a retry), its own empty state, or the page of rows and
 * the pagination under them. `what` names the list in the loading and failure lines.
 */
export function ListBody<T>({ query, what, empty, children }: { query: UseQueryResult<{ list: T[]; total?: number }, ApiError>; what: string; empty: ReactNode; children: (list: T[]) => ReactNode }) {
  if (query.isPending) return <LoadingState label={`正在加载${what}…`} />;
  if (query.isError) return <QueryFailed error={query.error} title={`${what}加载失败`} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <>{empty}</>;
  return (
    <>
      {children(query.data.list)}
      <ListPagination total={query.data.total} rows={query.data.list.length} />
    </>
  );
}
