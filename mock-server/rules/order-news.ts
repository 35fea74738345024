/** The mock tells a parent of an order event it made happen (fixtures/order-news.ts words it). */
import { orderNewsMessage, type OrderNews } from '#fixtures/order-news';
import { nextId } from '../core/db.ts';
import type { MockState } from '../core/state.ts';

export async function tellOrderNews(state: MockState, news: OrderNews, at: string): Promise<void> {
  const orderId = news.event === 'orderClosed' ? news.order.id : news.event === 'refundFinished' ? news.refund.order_id : news.event === 'supplyFeeCreated' ? news.fee.order_id : news.invoice.order_id;
  const order = state.db.orders.findFirst((q) => q.where({ id: orderId }));
  if (!order) return;
  const klass = state.db.classes.findFirst((q) => q.where({ id: order.class_id }));
  await state.db.messages.create({ id: nextId(state.db.messages.all()), parent_id: order.parent_id, ...orderNewsMessage(news, klass?.name ?? '课程', at) });
}
