/**
 * The search page's filters live in the address (so a reload, a shared link and Back all show
 * the same results), under the names of search_by_screening_conditions' query. They are read
 * with the contract's own wire codec and schema: a value the contract would refuse (age=abc,
 * weekday=9) is dropped rather than sent.
 */
import { z } from '#contract/zod';
import { operations } from '#contract/index';
import { decodeQuery, encodeQuery } from '#contract/wire';

const querySchema = operations.search_by_screening_conditions.query;
type Query = z.output<typeof querySchema>;

/** What the address may hold: the query without page_size, which is the page's own choice. */
export type SearchState = Omit<Query, 'page_size'>;
export type FilterKey = Exclude<keyof SearchState, 'page'>;

/** In this order in the address, so the same search always reads the same. */
export const FILTER_KEYS = ['name', 'center', 'specialty', 'age', 'weekday', 'time_of_day', 'admission_kind', 'fee_min', 'fee_max', 'available'] as const satisfies readonly FilterKey[];

export function readSearch(params: URLSearchParams): SearchState {
  const raw = decodeQuery(querySchema, params);
  const state: Record<string, unknown> = {};
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    if (!(key in raw)) continue;
    const parsed = querySchema.shape[key].safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '' && parsed.data !== false) state[key] = parsed.data;
  }
  const out = state as SearchState;
  if (out.page === 1) delete out.page;
  // A range typed backwards still means the range.
  if (out.fee_min !== undefined && out.fee_max !== undefined && out.fee_min > out.fee_max) {
    [out.fee_min, out.fee_max] = [out.fee_max, out.fee_min];
  }
  return out;
}

export function writeSearch(state: SearchState): URLSearchParams {
  const ordered: Record<string, unknown> = {};
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    const value = state[key];
    // Written as the wire writes it (money back in yuan), so the address reads like the call.
    if (value === undefined || value === '' || value === false || (key === 'page' && value === 1)) continue;
    // A value the wire cannot carry is left out, as reading leaves it out: never a broken page.
    const encoded = z.safeEncode(querySchema.shape[key], value as never);
    if (encoded.success) ordered[key] = encoded.data;
  }
  return encodeQuery(ordered);
}

/**
 * The search after changing some filters: back to page 1 (the old page may not exist), and a
 * new center drops the specialty, which belongs to the old one.
 */
export function withFilters(state: SearchState, patch: Partial<SearchState>): SearchState {
  const next: SearchState = { ...state, ...patch };
  delete next.page;
  if ('center' in patch && patch.center !== state.center && !('specialty' in patch)) delete next.specialty;
  for (const key of FILTER_KEYS) if (next[key] === undefined) delete next[key];
  return next;
}

export function activeFilters(state: SearchState): FilterKey[] {
  return FILTER_KEYS.filter((key) => state[key] !== undefined);
}
