/** The calls the payment pages share: what they render and what their routes declare (decision 080). */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { DataArgs } from '#src/lib/api/route-data.ts';
import { globalConfigQuery } from '#src/lib/api/shared-queries.ts';

/** Whether an order is paid, now: never a cached answer (staleTime 0); its failure is said on the page. */
export const payStatusQuery = (orderId: number) => apiQuery('query_order_pay_status', { pathParams: { id: orderId } }, { errorHandling: 'manual', staleTime: 0 });

/** The ways to pay (they do not change during a visit); a failure is said in the panel. */
export const payTypesQuery = () => apiQuery('pay_type_choose', {}, { staleTime: Infinity, errorHandling: 'manual' });

/** What the pay panel renders with: the ways to pay, and the settings naming the payment socket. */
export const payPanelData = ({ ask }: Pick<DataArgs, 'ask'>) => [ask(payTypesQuery()), ask(globalConfigQuery())];
