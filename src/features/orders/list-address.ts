/**
 * The personal lists keep their filters and page in the address (?status=unpaid&page=2), so a
 * reload, Back and a shared link show the same rows; the pages read them through the route table
 * (`useRouteSearch`), and change them here. Statuses travel by their enum key, which
 * reads better than a bare code and survives a renumbering of the backend's codes.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { pageNumber } from '#src/lib/routes.ts';

export const PAGE_SIZE = 10;

type KeyedEnum<V extends number> = { entries: readonly { key: string; value: V }[] };

/** ?page= as the route table reads it; 1 when missing or malformed. */
export function pageOf(raw: string | null): number {
  return (raw === null ? undefined : pageNumber.read(raw)) ?? 1;
}

/** The value an enum key in the address names (?status=unpaid → 1), or undefined. */
export function enumFromKey<V extends number>(of: KeyedEnum<V>, raw: string | null): V | undefined {
  return of.entries.find((e) => e.key === raw)?.value;
}

/** The key that names a value in the address (1 → unpaid). */
export function keyOfValue<V extends number>(of: KeyedEnum<V>, value: V): string {
  const entry = of.entries.find((e) => e.value === value);
  if (!entry) throw new Error(`no key for value ${value}`);
  return entry.key;
}

export type AddressChanges = Record<string, string | null>;

/** `params` with `changes` applied (null removes); a change of filter goes back to page 1. */
export function withChanges(params: URLSearchParams, changes: AddressChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!('page' in changes)) next.delete('page');
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || (name === 'page' && value === '1')) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageOf(params.get('page'));
  const hrefWith = useCallback(
    (changes: AddressChanges) => {
      const search = withChanges(params, changes).toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [params, pathname],
  );
  const change = useCallback((changes: AddressChanges, options?: { replace?: boolean }) => setParams((prev) => withChanges(prev, changes), options), [setParams]);
  return useMemo(() => ({ params, page, hrefWith, change }), [params, page, hrefWith, change]);
}
