/** What 报名记录 renders with (decision 080): the page of sign-ups its tab, child and page ask for. */
import { signUpStatus } from '#contract/coded-values';
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import type { ReadSearch } from '#src/lib/routes.ts';
import { PAGE_SIZE, enumFromKey } from './list-address.ts';

export const signUpsQuery = ({ status, child, page }: ReadSearch<'signUps'>) =>
  apiQuery('sign_up_list', { query: { status: enumFromKey(signUpStatus, status ?? null), contact_id: child, page: page ?? 1, page_size: PAGE_SIZE } });

export const data: RouteData<'signUps'> = ({ ask, search }) => ask(signUpsQuery(search));
