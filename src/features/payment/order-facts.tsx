/** An order as the payment pages show it: what is bought, for whom, and how much. */
import { orderStatus } from '#contract/index';
import { StatusText } from '../../components/ui/badge.tsx';
import type { Data } from '../../lib/api/queries.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import styles from './payment.module.css';

export type OrderDetail = Data<'order_detail'>;

export function OrderFacts({ order, showStatus = false }: { order: OrderDetail; showStatus?: boolean }) {
  return (
    <section className={styles.facts} aria-label="订单信息">
      <dl>
        <div>
          <dt>课程</dt>
          <dd>{order.class_name}</dd>
        </div>
        <div>
          <dt>报名孩子</dt>
          <dd>{order.contact_name}</dd>
        </div>
        <div className={styles.wide}>
          <dt>上课安排</dt>
          <dd>
            {order.class_schedule}（{order.class_term}），{order.class_address}
          </dd>
        </div>
        <div>
          <dt>订单号</dt>
          <dd>{order.order_no}</dd>
        </div>
        <div>
          <dt>下单时间</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        {showStatus && (
          <div>
            <dt>订单状态</dt>
            <dd>
              <StatusText value={order.status} of={orderStatus} />
            </dd>
          </div>
        )}
        <div>
          <dt>订单金额</dt>
          <dd className={styles.amount}>{formatYuan(order.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Statuses of an order whose money came in at some point: it is never paid again. */
export const PAID_ONCE: ReadonlySet<OrderDetail['status']> = new Set([orderStatus.values.paid, orderStatus.values.refunding, orderStatus.values.refunded, orderStatus.values.partiallyRefunded]);
