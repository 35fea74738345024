/** Loading, empty and error states, and one component that picks among them for a query. */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { failureText } from '../../lib/api/failure-text.ts';
import { Spinner } from '../feedback/loading-overlay.tsx';
import { Button } from './button.tsx';
import styles from './ui.module.css';

export function EmptyState({ title, hint, action }: { title: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <svg width="96" height="72" viewBox="0 0 96 72" aria-hidden="true">
        <rect x="14" y="18" width="68" height="46" rx="6" fill="var(--color-primary-light)" />
        <path d="M14 30h68" stroke="var(--color-primary-border)" strokeWidth="2" />
        <circle cx="48" cy="46" r="8" fill="none" stroke="var(--color-primary-border)" strokeWidth="2" />
      </svg>
      <p className={styles.emptyTitle}>{title}</p>
      {hint && <p className={styles.emptyHint}>{hint}</p>}
      {action}
    </div>
  );
}

export function ErrorState({ title = '加载失败', hint = '网络或服务暂时不可用，请稍后重试。', onRetry }: { title?: string; hint?: ReactNode; onRetry?: () => void }) {
  return (
    <div className={styles.empty} role="alert">
      <p className={styles.emptyTitle}>{title}</p>
      <p className={styles.emptyHint}>{hint}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          重新加载
        </Button>
      )}
    </div>
  );
}

/** A data area while its call is out: says so once, as a busy status (the skeletons' way, decision 025). */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className={styles.loading}>
      <Spinner label={label} busy />
    </div>
  );
}

/**
 * Renders a query's data, or its loading, error or empty state. `isEmpty` decides emptiness;
 * without `empty`, an empty answer renders like any other.
 */
export function QueryState<T>({
  query,
  children,
  isEmpty,
  empty,
  loading,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
}) {
  if (query.isPending) return <>{loading ?? <LoadingState />}</>;
  if (query.isError) return <ErrorState hint={failureText(query.error)} onRetry={() => void query.refetch()} />;
  if (empty && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
