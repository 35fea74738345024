/**
 * The search as the address holds it, and a way to change it that never loses a choice.
 *
 * A change of address runs the root loader before it shows, and a newer navigation cancels an
 * older one still loading; so when a parent picks several filters in quick succession, the
 * address (and this render) lag behind. Each change therefore builds on the last search asked
 * for, not on the last one shown; the address resets that only when someone else moved it (Back,
 * the header search, a link).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readSearch, writeSearch, type SearchState } from './search-params.ts';

export function useSearchState(): [SearchState, (next: (latest: SearchState) => SearchState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearch(params), [params]);
  const latest = useRef(state);
  /** Searches asked for (as address text) that the address has not shown yet, oldest first. */
  const asked = useRef<string[]>([]);

  useEffect(() => {
    const shown = writeSearch(state).toString();
    const at = asked.current.indexOf(shown);
    // Not one of ours: the address moved on its own, and it is the truth now.
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
    if (asked.current.length === 0) latest.current = state;
  }, [state]);

  const change = (next: (latest: SearchState) => SearchState) => {
    const search = next(latest.current);
    latest.current = search;
    const text = writeSearch(search);
    asked.current.push(text.toString());
    // A new search is a new history entry, so Back returns to the previous one.
    setParams(text);
  };
  return [state, change];
}
