/** What a refund's details render with (decision 080): the refund, by the call its link names first. */
import type { RouteData } from '#src/lib/api/route-data.ts';
import { askRefundDetail } from './use-refund-detail.ts';

export const data: RouteData<'refundDetails'> = ({ ask, search: { id, activity } }) => (id === undefined ? undefined : askRefundDetail(ask, id, activity === true));
