/**
 * The addresses of a parent's records, for whatever links to them: an order, its supplementary
 * fee's payment, its invoice, and the record an order message is about (order news, issue 26).
 */
import { messageRecordKind, type ValueOf } from '#contract/coded-values';
import { refundDetailsHref } from './refund-address.ts';
import { href } from '#src/lib/routes.ts';

export const orderHref = (orderId: number) => href('orderDetails', { id: orderId });
export const supplyFeePayHref = (supplyFeeId: number) => href('supplyFeePayment', { supplyFeeId });
/** An order's invoice page (it shows the order's newest invoice). */
export const invoiceHref = (orderId: number) => href('invoices', { id: orderId });

export interface MessageRecord {
  kind: ValueOf<typeof messageRecordKind>;
  id: number;
  order_id: number;
}

/** Where an order message's link goes, and what it says. */
export function messageRecordLink(record: MessageRecord): { to: string; label: string } {
  switch (record.kind) {
    case messageRecordKind.values.order:
      return { to: orderHref(record.id), label: '查看订单' };
    case messageRecordKind.values.refund:
      return { to: refundDetailsHref(record.id), label: '查看退费详情' };
    case messageRecordKind.values.supplyFee:
      return { to: supplyFeePayHref(record.id), label: '查看补缴' };
    case messageRecordKind.values.invoice:
      return { to: invoiceHref(record.order_id), label: '查看发票' };
  }
}
