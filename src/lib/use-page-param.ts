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

/** A list with nothing in it at all (not a page past its end), with or without a count. */
export function isEmptyList(page: number, data: { list: readonly unknown[]; total?: number }): boolean {
  return data.list.length === 0 && (data.total === undefined ? page <= 1 : data.total === 0);
}

/**
 * Where an empty page past the end of a list should go instead: the last page, or, from a backend
 * that sends no count (decision 073), the page before (which steps back until one has rows).
 * Null when the page is not past the end.
 */
export function pageBeforeTheEnd(page: number, pageSize: number, data: { list: readonly unknown[]; total?: number }): number | null {
  if (data.list.length > 0 || page <= 1) return null;
  if (data.total === undefined) return page - 1;
  const lastPage = Math.max(1, Math.ceil(data.total / pageSize));
  return data.total > 0 && page > lastPage ? lastPage : null;
}

/**
 * Removing the last item of the last page leaves an empty page past the end: go to the new last
 * page (in place of the address). A page still showing the previous one's data waits.
 */
export function useStayWithinPages(
  page: number,
  pageSize: number,
  answer: { data?: { list: readonly unknown[]; total?: number }; isPlaceholderData: boolean },
  setPage: (page: number, options: { replace: true }) => void,
): void {
  const { data, isPlaceholderData } = answer;
  const back = data !== undefined && !isPlaceholderData ? pageBeforeTheEnd(page, pageSize, data) : null;
  useEffect(() => {
    if (back !== null) setPage(back, { replace: true });
  }, [back, setPage]);
}
