/** What 退费记录 renders with (decision 080): its first page of refunds (the page keeps its page to itself). */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { refundRecordsQuery } from './use-refund-records.ts';

export const data: RouteData<'refunds'> = ({ ask }) => ask(refundRecordsQuery(1));
