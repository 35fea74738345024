/** What 补缴费用 renders with (decision 080): the page of fees its tab and page ask for. */
import { supplyFeeStatus } from '#contract/coded-values';
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import type { ReadSearch } from '#src/lib/routes.ts';
import { PAGE_SIZE, enumFromKey } from './list-address.ts';

export const supplyFeesQuery = ({ status, page }: ReadSearch<'supplyFees'>) =>
  apiQuery('my_supply_fee_list', { query: { status: enumFromKey(supplyFeeStatus, status ?? null), page: page ?? 1, page_size: PAGE_SIZE } });

export const data: RouteData<'supplyFees'> = ({ ask, search }) => ask(supplyFeesQuery(search));
