/** What paying a supplementary fee renders with (decision 080): the fee, then, while it is open, the pay panel's. */
import { errorCodes } from '#contract/error-codes';
import { supplyFeeStatus } from '#contract/coded-values';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '#src/lib/api/outcome.ts';
import { ownReadOr } from '#src/lib/api/proposals.ts';
import { api, apiKeys, type Data } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { payPanelData } from './payment-queries.ts';

type SupplyFee = Data<'supply_fee_detail'>;

/** my_supply_fee_list's most a page. */
const FEES_PAGE_SIZE = 100;

/** The fee as §7's calls give it: searched for in the parent's fees, asked anew each time, as the own call would be. */
async function feeFromList(client: QueryClient, id: number): Promise<SupplyFee> {
  for (let page = 1; ; page += 1) {
    const answer = await client.fetchQuery({ ...api.my_supply_fee_list.queryOptions({ query: { page, page_size: FEES_PAGE_SIZE } }), staleTime: 0, meta: { errorHandling: 'log' } });
    const fee = answer.list.find((f) => f.id === id);
    if (fee) return fee;
    // The count ends the search, or a page that came back short (a backend without a count, decision 073).
    if (answer.total !== undefined ? page * FEES_PAGE_SIZE >= answer.total : answer.list.length < FEES_PAGE_SIZE) break;
  }
  // What supply_fee_detail answers for a fee that is not the parent's: the page says so.
  throw new ApiError('supply_fee_detail', { kind: 'http', status: 404, code: errorCodes.notFound.code, msg: errorCodes.notFound.message, data: null, retried: false });
}

/** The fee: the project's own call, or §7's list where the backend has not got it (decision 057). */
export const supplyFeeQuery = (id: number) => {
  const input = { pathParams: { id } };
  return queryOptions({
    queryKey: apiKeys.call('supply_fee_detail', input),
    queryFn: ({ client, signal }) => ownReadOr(client, 'supply_fee_detail', input, signal, () => feeFromList(client, id)),
    // 'manual': a fee that is not the parent's (or none) is said on the page, not in a toast.
    meta: { errorHandling: 'manual' },
  });
};

export const data: RouteData<'supplyFeePayment'> = async ({ ask, search: { supplyFeeId } }) => {
  if (supplyFeeId === undefined) return [];
  const fee = await ask(supplyFeeQuery(supplyFeeId));
  return fee.status === supplyFeeStatus.values.paid || fee.status === supplyFeeStatus.values.closed ? [] : payPanelData({ ask });
};
