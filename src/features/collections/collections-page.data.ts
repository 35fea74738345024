/** What 我的收藏 renders with (decision 080): the kinds of favourite, then the page of the kind its address names (else the first). */
import { apiQuery, type Data } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const COLLECTION_PAGE_SIZE = 9;

export const collectionTypesQuery = () => apiQuery('get_collection_type', {}, { staleTime: 10 * 60_000 });
export const collectionsQuery = (type: Data<'get_collection_type'>['list'][number]['value'], page: number) =>
  apiQuery('get_my_collection', { pathParams: { type }, query: { page, page_size: COLLECTION_PAGE_SIZE } });

export const data: RouteData<'favourites'> = async ({ ask, search: { type, page } }) => {
  const kinds = (await ask(collectionTypesQuery())).list;
  const active = kinds.find((k) => k.value === type) ?? kinds[0];
  return active ? ask(collectionsQuery(active.value, page ?? 1)) : undefined;
};
