/**
 * The page of a paginated personal list, kept in the address (`?page=2`) so a reload, a shared
 * link and Back land on the same page. Other parameters of the address are kept.
 */
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageNumber } from './routes.ts';

/** ?page= as the route table reads it (`pageNumber`); 1 when missing or malformed. */
export function readPage(value: string | null): number {
  return (value === null ? undefined : pageNumber.read(value)) ?? 1;
}

export function usePageParam(): [number, (page: number, options?: { replace?: boolean; patch?: Record<string, string | null> }) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const setPage = useCallback(
    (to: number, options: { replace?: boolean; patch?: Record<string, string | null> } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(options.patch ?? {})) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          if (to > 1) next.set('page', String(to));
          else next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );
  return [page, setPage];
}

/**
 * Removing the last item of the last page leaves an empty page past the end: go to the new last
 * page (in place of the address). A page still showing the previous one's data waits.
 */
export function useStayWithinPages(
  page: number,
  pageSize: number,
  answer: { data?: { list: readonly unknown[]; total: number }; isPlaceholderData: boolean },
  setPage: (page: number, options: { replace: true }) => void,
): void {
  const { data, isPlaceholderData } = answer;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const pastTheEnd = data !== undefined && !isPlaceholderData && data.list.length === 0 && data.total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);
}
