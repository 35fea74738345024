/**
 * The search page's filters live in the address (so a reload, a shared link and Back all show
 * the same results), under the names of search_by_screening_conditions' query, as the route table
 * declares them (src/lib/routes.ts: the links to this page write them the same way). Each value
 * read is checked against the contract's rules for its field: one the contract would refuse
 * (age=30, weekday=9) is dropped rather than sent. The rules are the contract's values and limits,
 * read without its schemas: the page checks its address at start-up, before zod loads (decision
 * 091); search-params.test.ts holds them to the query's schema.
 */
import { admissionKind, timeOfDay, weekday } from '#contract/coded-values';
import { MAX_YUAN, hasWholeFen, yuanOf } from '#contract/fen';
import { SEARCH_AGE_MAX, SEARCH_NAME_MAX } from '#contract/limits';
import { readSearch as readAddress, searchParamsOf, type SearchState } from '#src/lib/routes.ts';

/** Four cards a row, three rows a page. */
export const SEARCH_PAGE_SIZE = 12;

export type { SearchState };
export type FilterKey = Exclude<keyof SearchState, 'page'>;

/** In this order in the address, so the same search always reads the same (the route table's order). */
export const FILTER_KEYS = ['name', 'center', 'specialty', 'age', 'weekday', 'time_of_day', 'admission_kind', 'fee_min', 'fee_max', 'available'] as const satisfies readonly FilterKey[];

const whole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const codeOf =
  (coded: { entries: readonly { value: unknown }[] }) =>
  (value: unknown): boolean =>
    coded.entries.some((entry) => entry.value === value);
/** An amount in fen the wire can carry as yuan. */
const amount = (value: unknown) => whole(value, 0) && yuanOf(value as number) <= MAX_YUAN && hasWholeFen(yuanOf(value as number));

/** search_by_screening_conditions' query, field by field: what it accepts (its schema, contract/operations/browsing.ts). */
export const takes: { [K in keyof SearchState]-?: (value: unknown) => boolean } = {
  name: (value) => typeof value === 'string' && value.trim().length <= SEARCH_NAME_MAX,
  center: (value) => whole(value, 1),
  specialty: (value) => whole(value, 1),
  age: (value) => whole(value, 0, SEARCH_AGE_MAX),
  weekday: codeOf(weekday),
  time_of_day: codeOf(timeOfDay),
  admission_kind: codeOf(admissionKind),
  fee_min: amount,
  fee_max: amount,
  available: (value) => typeof value === 'boolean',
  page: (value) => whole(value, 1),
};

/** The search without the values the contract's query would refuse. */
function accepted(state: Partial<Record<keyof SearchState, unknown>>): SearchState {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (Object.hasOwn(takes, key) && takes[key as keyof SearchState](value)) out[key] = value;
  }
  return out as SearchState;
}

export function readSearch(params: URLSearchParams): SearchState {
  const out = accepted(readAddress('search', params));
  // A range typed backwards still means the range.
  if (out.fee_min !== undefined && out.fee_max !== undefined && out.fee_min > out.fee_max) {
    [out.fee_min, out.fee_max] = [out.fee_max, out.fee_min];
  }
  return out;
}

/** The address of a search: the route table's writing, of the values the wire can carry (never a broken page). */
export function writeSearch(state: SearchState): URLSearchParams {
  return searchParamsOf('search', accepted(state));
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
