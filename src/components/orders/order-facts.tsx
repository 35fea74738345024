/**
 * An order as the payment, invoice and refund pages show it: what is bought, for whom, its number
 * and its money. Each page picks the rows it needs; the terms and their order are the same
 * everywhere.
 */
import { Link } from 'react-router-dom';
import { orderStatus } from '#contract/coded-values';
import type { Fen } from '#contract/fen';
import { StatusText } from '#src/components/ui/badge.tsx';
import { Fact, FactBox } from '#src/components/ui/facts.tsx';
import type { Data } from '#src/lib/api/queries.ts';
import { formatDateTime, formatYuan } from '#src/lib/format.ts';
import { href } from '#src/lib/routes.ts';

export type OrderDetail = Data<'order_detail'>;

export function OrderFacts({
  order,
  schedule = false,
  linked = false,
  created = false,
  paid = false,
  status = false,
  amount = { term: '订单金额', value: order.amount },
}: {
  order: OrderDetail;
  /** The class's schedule, term and address. */
  schedule?: boolean;
  /** The order number links to the order's details. */
  linked?: boolean;
  /** When it was placed. */
  created?: boolean;
  /** When it was paid. */
  paid?: boolean;
  status?: boolean;
  /** The amount that matters to the page (what an invoice is for, …); the order's amount by default. */
  amount?: { term: string; value: Fen };
}) {
  return (
    <FactBox label="订单信息">
      <Fact term="课程">{order.class_name}</Fact>
      <Fact term="报名孩子">{order.contact_name}</Fact>
      {schedule && (
        <Fact term="上课安排" wide>
          {order.class_schedule}（{order.class_term}），{order.class_address}
        </Fact>
      )}
      <Fact term="订单号">{linked ? <Link to={href('orderDetails', { id: order.id })}>{order.order_no}</Link> : order.order_no}</Fact>
      {created && <Fact term="下单时间">{formatDateTime(order.created_at)}</Fact>}
      {status && (
        <Fact term="订单状态">
          <StatusText value={order.status} of={orderStatus} />
        </Fact>
      )}
      {paid && <Fact term="支付时间">{formatDateTime(order.pay_time)}</Fact>}
      <Fact term={amount.term} amount>
        {formatYuan(amount.value)}
      </Fact>
    </FactBox>
  );
}
