/** What 我的课程 renders with (decision 080): the page of classes its tab, child and page ask for. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import type { ReadSearch } from '#src/lib/routes.ts';
import { PAGE_SIZE } from './list-address.ts';

export const myClassesQuery = ({ status, child, page }: ReadSearch<'myClasses'>) =>
  apiQuery('my_class', { query: { finished: status === 'finished', contact_id: child, page: page ?? 1, page_size: PAGE_SIZE } });

export const data: RouteData<'myClasses'> = ({ ask, search }) => ask(myClassesQuery(search));
