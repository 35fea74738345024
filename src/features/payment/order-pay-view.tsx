/**
 * /collectMoney?orderId={id}: pays an unpaid order. A paid order goes straight to its result; a
 * cancelled or closed one, or one whose window runs out here, says so and where to go instead.
 */
import { orderStatus } from '#contract/coded-values';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { LoadingState } from '../../components/ui/states.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { Outcome } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { OrderFacts } from '#src/components/orders/order-facts.tsx';
import { PAID_ONCE, type OrderDetail } from './order-facts.tsx';
import { PayPanel } from './pay-panel.tsx';
import ui from '#src/components/ui/ui.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { orderDetailQuery } from '../../lib/api/shared-queries.ts';

export function OrderPayView({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const order = useQuery(orderDetailQuery(orderId, 'manual'));
  const [expired, setExpired] = useState(false);
  const reloadOrder = () => void order.refetch();

  if (order.isPending) return <LoadingState />;
  if (order.isError) return <QueryFailed error={order.error} title="订单加载失败" onRetry={() => void order.refetch()} />;
  const o = order.data;
  if (PAID_ONCE.has(o.status)) return <Navigate replace to={href('paymentResult', { orderId: o.id, status: 'success' })} />;
  if (o.status !== orderStatus.values.unpaid || expired) return <OrderEnded order={o} />;

  return (
    <div className={ui.stack}>
      <OrderFacts order={o} schedule created />
      <PayPanel
        target={{ kind: 'order', orderId: o.id }}
        amount={o.amount}
        openedAt={o.created_at}
        deadline={o.pay_deadline}
        deadlineNote="超时订单将自动关闭"
        onPaid={() => void navigate(href('paymentResult', { orderId: o.id, status: 'success' }), { replace: true })}
        onExpired={() => {
          setExpired(true);
          // The backend has the last word: a payment at the last second still shows as paid.
          reloadOrder();
        }}
        onStale={reloadOrder}
      />
    </div>
  );
}

/** A cancelled or closed order (or one whose window just ran out): nothing left to pay. */
function OrderEnded({ order }: { order: OrderDetail }) {
  const cancelled = order.status === orderStatus.values.cancelled;
  return (
    <div className={ui.stack}>
      <Outcome
        kind="failed"
        title={cancelled ? '订单已取消' : '订单已超时关闭'}
        onward={[
          { to: href('orders'), label: '查看我的订单' },
          { to: href('classDetails', { id: order.class_id }), label: '重新报名' },
        ]}
      >
        <p>
          {cancelled
            ? `该订单已于${formatDateTime(order.cancelled_at)}取消，无需支付，名额已释放。`
            : `该订单未在支付时限（${formatDateTime(order.pay_deadline)}）内完成支付，已自动关闭，名额已释放。`}
          如仍想参加，请重新报名。
        </p>
      </Outcome>
      <OrderFacts order={order} schedule created status />
    </div>
  );
}
