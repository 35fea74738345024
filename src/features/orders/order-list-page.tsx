/**
 * /personal/myOrder — 我的订单: status tabs (?status=), a table of orders with what can be done
 * with each, and pagination (?page=). The list keeps between 695 and 915 px of height (the spec
 * section 9), so switching tabs does not make the page jump.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderStatus } from '#contract/coded-values';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { StatusText } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { useRefetchWhenDue } from '../../lib/clock.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { PAGE_SIZE, useListAddress } from './list-address.ts';
import { FilterTabs, LinkButton, ListPagination, PayTimeLeft, type Tab } from './list-parts.tsx';
import { OrderActions, useCancelOrder, type ActionFlags, type OrderSummary } from './order-actions.tsx';
import styles from './orders.module.css';
import { TableHead } from '#src/components/ui/table-head.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { TAB_GROUPS, ordersQuery } from './order-list-page.data.ts';
import { pageBeforeTheEnd } from '#src/lib/use-page-param.ts';

/** The orders on screen as the list opens: their covers load at once, the others as they are scrolled to. */
const COVERS_IN_VIEW = 3;

type TabGroup = (typeof TAB_GROUPS)[number];
export const ORDER_TABS: Tab[] = [{ key: null, label: '全部' }, ...TAB_GROUPS.map(({ key, label }) => ({ key, label }))];

export function OrderListPage() {
  const { page, change } = useListAddress();
  const { status } = useRouteSearch('orders');
  const tab = TAB_GROUPS.find((g) => g.key === status);
  const orders = useQuery({ ...ordersQuery({ status, page }), placeholderData: keepPreviousData });
  const { ask, dialog, cancellingId } = useCancelOrder();
  const data = orders.data;

  // A payment window that ends while the page is open: the backend closes the order.
  const dueTimes = (data?.list ?? []).filter((o) => o.can_pay).map((o) => o.pay_deadline);
  useRefetchWhenDue(dueTimes, orders.refetch);

  // A page past the end (the last order of it was cancelled elsewhere): show the last page.
  const back = data ? pageBeforeTheEnd(page, PAGE_SIZE, data) : null;
  useEffect(() => {
    if (back !== null) change({ page: String(back) }, { replace: true });
  }, [back, change]);

  return (
    <PageFrame plain title="我的订单">
      <FilterTabs label="订单状态" tabs={ORDER_TABS} current={tab?.key ?? null} />
      <div className={styles.orderList} aria-busy={orders.isFetching || undefined}>
        {orders.isPending ? (
          <LoadingState label="正在加载订单…" />
        ) : orders.isError ? (
          <QueryFailed error={orders.error} title="订单加载失败" onRetry={() => void orders.refetch()} />
        ) : orders.data.list.length === 0 ? (
          <EmptyOrders tab={tab} />
        ) : (
          <OrderTable orders={orders.data.list} onCancel={ask} cancellingId={cancellingId} />
        )}
      </div>
      {data && data.list.length > 0 && <ListPagination total={data.total} rows={data.list.length} />}
      {dialog}
    </PageFrame>
  );
}

function EmptyOrders({ tab }: { tab: TabGroup | undefined }) {
  const title = tab === undefined ? '还没有订单' : `暂无${tab.label}的订单`;
  const hint = tab === undefined ? '报名课程并下单后，订单会显示在这里。' : '可以切换到其他状态看看，或去选一门喜欢的课程。';
  return <EmptyState title={title} hint={hint} action={<LinkButton to={href('search')}>去选课程</LinkButton>} />;
}

function OrderTable({ orders, onCancel, cancellingId }: { orders: OrderSummary[]; onCancel: (o: ActionFlags) => void; cancellingId: number | null }) {
  const ossUrl = useOssUrl();
  return (
    <table className={`${styles.table} card-table`}>
      <caption className="visually-hidden">订单列表</caption>
      <colgroup>
        <col />
        <col className={styles.colAmount} />
        <col className={styles.colStatus} />
        <col className={styles.colActions} />
      </colgroup>
      <TableHead columns={['订单信息', '金额', '状态', '操作']} />
      <tbody>
        {orders.map((order, index) => (
          <tr key={order.id} aria-label={`订单 ${order.order_no}`}>
            <td>
              <div className={styles.orderInfo}>
                <img className={styles.cover} src={ossUrl(order.cover_url) ?? undefined} alt="" width={96} height={54} loading={index < COVERS_IN_VIEW ? 'eager' : 'lazy'} />
                <div className={styles.orderText}>
                  <Link to={href('classDetails', { id: order.class_id })} className={styles.courseTitle} title={order.class_name}>
                    {order.class_name}
                  </Link>
                  <p className={styles.meta}>
                    <span>订单号：{order.order_no}</span>
                    <span>{order.pay_time ? `支付时间：${formatDateTime(order.pay_time)}` : `下单时间：${formatDateTime(order.created_at)}`}</span>
                  </p>
                  <p className={styles.meta}>
                    <span>报名孩子：{order.contact_name}</span>
                    <span>报名人数：{order.subscriber_count}人</span>
                  </p>
                </div>
              </div>
            </td>
            <td className={styles.amount} data-label="金额">
              {formatYuan(order.amount)}
            </td>
            <td data-label="状态">
              <StatusText value={order.status} of={orderStatus} />
              {order.status === orderStatus.values.unpaid && (
                <div className={styles.statusNote}>{order.can_pay ? <PayTimeLeft deadline={order.pay_deadline} /> : <span className={styles.expired}>支付已超时</span>}</div>
              )}
            </td>
            <td data-actions>
              <OrderActions order={order} onCancel={onCancel} cancelling={cancellingId === order.id} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
