/**
 * A section's query in one of its states. Unlike the kit's QueryState it names what failed
 * ('校区信息加载失败') and says why, because these pages explain failures in place rather than
 * in a toast; and a retry shows the spinner again instead of leaving the error up.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { failureText } from '../../lib/api/failure-text.ts';

export function SectionState<T>({
  query,
  what,
  children,
  isEmpty,
  empty,
  notFound,
  skeleton,
}: {
  query: UseQueryResult<T>;
  /** What the section shows, e.g. 缴费须知: 正在加载缴费须知… / 缴费须知加载失败. */
  what: string;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Shown instead of the error when the failure means 'nothing there' (see isNotFound). */
  notFound?: (error: unknown) => ReactNode | null;
  /** Shown while loading instead of the spinner: the section's shape at its final size. */
  skeleton?: ReactNode;
}) {
  if (query.isPending || (query.isError && query.isFetching)) return skeleton ?? <LoadingState label={`正在加载${what}…`} />;
  if (query.isError) {
    const nothing = notFound?.(query.error);
    if (nothing) return <>{nothing}</>;
    return <ErrorState title={`${what}加载失败`} hint={failureText(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (empty && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
