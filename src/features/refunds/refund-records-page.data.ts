/** What 退费记录 renders with (decision 080): the page of refunds its address asks for. */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { refundRecordsQuery } from './use-refund-records.ts';

export const data: RouteData<'refunds'> = ({ ask, search: { page } }) => ask(refundRecordsQuery(page ?? 1));
