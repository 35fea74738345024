/**
 * The refund records page's data. There is no refund list call: the orders that can carry a refund
 * (paid at some point: 已支付 may hold a rejected one, 退费中, 已退费, 部分退费) are read from
 * order_list, and their refunds from order_detail.
 */
import { useQueries } from '@tanstack/react-query';
import { orderStatus } from '#contract/index';
import { api, type Data } from '../../lib/api/queries.ts';
import { PAID_ONCE, useAllOrders } from '../../lib/use-all-orders.ts';

export type OrderDetail = Data<'order_detail'>;
export type Refund = OrderDetail['refunds'][number];

const MAY_HAVE_REFUNDS: ReadonlySet<number> = new Set([
  orderStatus.values.paid,
  orderStatus.values.refunding,
  orderStatus.values.refunded,
  orderStatus.values.partiallyRefunded,
]);

const latestApplied = (order: OrderDetail) => order.refunds.reduce((latest, r) => (r.applied_at > latest ? r.applied_at : latest), '');

export function useRefundRecords() {
  const all = useAllOrders(PAID_ONCE);
  const candidates = all.orders.filter((o) => MAY_HAVE_REFUNDS.has(o.status));
  const details = useQueries({
    queries: candidates.map((o) => api.order_detail.queryOptions({ pathParams: { id: o.id } })),
  });
  const failed = details.filter((q) => q.isError);
  const status =
    all.status === 'error' || failed.length > 0 ? 'error' : all.status === 'pending' || details.some((q) => q.isPending) ? 'pending' : 'success';
  const orders =
    status === 'success'
      ? details
          .map((q) => q.data!)
          .filter((o) => o.refunds.length > 0)
          // Newest refund first; ISO times with the same offset sort as text.
          .sort((a, b) => latestApplied(b).localeCompare(latestApplied(a)))
      : [];
  return {
    status,
    orders,
    retry: () => {
      all.retry();
      failed.forEach((q) => void q.refetch());
    },
  } as const;
}
