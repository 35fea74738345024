/** /personal/refund 退费记录: the parent's orders that have refunds, each with its refunds. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { orderStatus, refundStatus } from '#contract/index';
import { StatusText } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { useRefundRecords, type OrderDetail } from './use-refund-records.ts';
import styles from './refunds.module.css';

export const ORDERS_PER_PAGE = 5;

export function RefundRecords() {
  const records = useRefundRecords();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(records.orders.length / ORDERS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = records.orders.slice((current - 1) * ORDERS_PER_PAGE, current * ORDERS_PER_PAGE);

  return (
    <PageFrame plain title="退费记录" intro="已申请退费的订单及每笔退费的处理进度。需要退费时，请在「我的订单」中找到订单后申请。">
      {records.status === 'pending' && <LoadingState label="正在加载退费记录" />}
      {records.status === 'error' && <ErrorState title="退费记录加载失败" onRetry={records.retry} />}
      {records.status === 'success' && records.orders.length === 0 && (
        <EmptyState
          title="暂无退费记录"
          hint="已支付的订单可以在「我的订单」中申请退费。"
          action={
            <Link className={styles.buttonLink} to="/personal/myOrder">
              去我的订单
            </Link>
          }
        />
      )}
      {records.status === 'success' && records.orders.length > 0 && (
        <>
          <ul className={styles.orderList}>
            {shown.map((order) => (
              <OrderRefunds key={order.id} order={order} />
            ))}
          </ul>
          <Pagination page={current} pageSize={ORDERS_PER_PAGE} total={records.orders.length} onChange={setPage} />
        </>
      )}
    </PageFrame>
  );
}

function OrderRefunds({ order }: { order: OrderDetail }) {
  const refunds = [...order.refunds].sort((a, b) => b.applied_at.localeCompare(a.applied_at));
  const headingId = `refund-order-${order.id}`;
  return (
    <li className={styles.orderCard} aria-labelledby={headingId}>
      <div className={styles.orderHead}>
        <div className={styles.orderInfo}>
          <h2 id={headingId} className={styles.orderTitle}>
            {order.class_name}
          </h2>
          <p className={styles.orderMeta}>
            <span>孩子：{order.contact_name}</span>
            <span>
              订单号：<Link to={`/personal/orderDetails?id=${order.id}`} aria-label={`订单详情 ${order.order_no}`}>{order.order_no}</Link>
            </span>
            <span>实付：{formatYuan(order.paid_amount)}</span>
          </p>
        </div>
        <div className={styles.orderSide}>
          <span>
            订单状态：
            <StatusText value={order.status} of={orderStatus} />
          </span>
        </div>
      </div>
      <table className={styles.table}>
        <caption className="visually-hidden">{order.class_name}的退费</caption>
        <thead>
          <tr>
            <th scope="col">退费单号</th>
            <th scope="col">退费金额</th>
            <th scope="col">退费状态</th>
            <th scope="col">申请时间</th>
            <th scope="col">完成时间</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <td className={styles.mono}>{refund.refund_no}</td>
              <td className={styles.money}>{formatYuan(refund.amount)}</td>
              <td>
                <StatusText value={refund.status} of={refundStatus} />
              </td>
              <td>{formatDateTime(refund.applied_at)}</td>
              <td>{refund.finished_at ? formatDateTime(refund.finished_at) : '—'}</td>
              <td>
                <Link to={`/personal/refundDetails?id=${refund.id}`} aria-label={`查看详情：退费单 ${refund.refund_no}`}>
                  查看详情
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}
