/** What the search page renders with (decision 080): the page of results its address asks for, and the center's specialties. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { SEARCH_PAGE_SIZE, readSearch, type SearchState } from './search-params.ts';

export const resultsQuery = (state: SearchState) => apiQuery('search_by_screening_conditions', { query: { ...state, page: state.page ?? 1, page_size: SEARCH_PAGE_SIZE } });

/**
 * A stale center in a shared link finds no classes, and the empty state says what to drop; its
 * missing specialties are no reason for an error message on top.
 */
export const specialtiesQuery = (center: number) => apiQuery('search_page_specialty', { pathParams: { id: center } }, { staleTime: 5 * 60_000, errorHandling: 'log' });

export const data: RouteData<'search'> = ({ ask, params }) => {
  const state = readSearch(params);
  return [ask(resultsQuery(state)), ...(state.center === undefined ? [] : [ask(specialtiesQuery(state.center))])];
};
