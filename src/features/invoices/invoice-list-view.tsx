/** /personal/invoiceInfo 发票管理: the parent's paid orders, the state of each one's invoice, and 申请发票. */
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { invoiceStatus, orderStatus } from '#contract/coded-values';
import { StatusText } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { PAID_ONCE, useAllOrders, type OrderSummary } from '../../lib/use-all-orders.ts';
import type { Invoice } from './invoice-steps.ts';
import ui from '#src/components/ui/ui.module.css';
import styles from './invoices.module.css';
import { TableHead } from '#src/components/ui/table-head.tsx';
import { href } from '#src/lib/routes.ts';
import { INVOICE_ROWS_PER_PAGE, invoiceQuery } from './invoice-info-page.data.ts';
import { usePageParam } from '#src/lib/use-page-param.ts';

export { INVOICE_ROWS_PER_PAGE };

export function InvoiceListView() {
  const all = useAllOrders(PAID_ONCE);
  // Orders paid at some point: the ones an invoice was or can be asked for.
  const paid = all.orders.filter((o) => o.pay_time !== null);
  const [page] = usePageParam();
  const pages = Math.max(1, Math.ceil(paid.length / INVOICE_ROWS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = paid.slice((current - 1) * INVOICE_ROWS_PER_PAGE, current * INVOICE_ROWS_PER_PAGE);
  // Only the rows on screen ask for their invoice.
  const invoices = useQueries({ queries: shown.map((o) => invoiceQuery(o.id)) });

  return (
    <PageFrame plain title="发票管理" intro="发票须在订单支付后90天内申请，每笔订单可开具一张发票；电子发票开具后可在线下载，纸质发票将邮寄到您的邮寄地址。">
      {all.status === 'pending' && <LoadingState label="正在加载订单" />}
      {all.status === 'error' && <ErrorState title="订单加载失败" onRetry={all.retry} />}
      {all.status === 'success' && paid.length === 0 && <EmptyState title="暂无可开票的订单" hint="订单支付成功后，可以在这里申请发票。" />}
      {all.status === 'success' && paid.length > 0 && (
        <>
          <table className={`${styles.table} card-table`}>
            <caption className="visually-hidden">已支付的订单及发票</caption>
            <TableHead columns={['订单信息', '支付时间', '订单金额', '发票状态', '操作']} />
            <tbody>
              {shown.map((order, i) => (
                <InvoiceRow key={order.id} order={order} invoice={invoices[i]!} />
              ))}
            </tbody>
          </table>
          <Pagination page={current} pageSize={INVOICE_ROWS_PER_PAGE} total={paid.length} rows={shown.length} />
        </>
      )}
    </PageFrame>
  );
}

function InvoiceRow({ order, invoice }: { order: OrderSummary; invoice: { data?: Invoice | null; isPending: boolean; isError: boolean; refetch: () => unknown } }) {
  return (
    <tr>
      <th scope="row" className={styles.orderCell}>
        <span className={styles.orderName}>{order.class_name}</span>
        <span className={styles.orderMeta}>
          {order.contact_name} · 订单号 {order.order_no}
          {order.status !== orderStatus.values.paid && (
            <>
              {' · '}
              <StatusText value={order.status} of={orderStatus} />
            </>
          )}
        </span>
      </th>
      <td data-label="支付时间">{formatDateTime(order.pay_time)}</td>
      <td className={ui.money} data-label="订单金额">
        {formatYuan(order.amount)}
      </td>
      <td data-label="发票状态">
        {invoice.isPending ? (
          <span className={ui.muted}>查询中…</span>
        ) : invoice.isError ? (
          <button type="button" className={styles.retry} onClick={() => void invoice.refetch()}>
            查询失败，重试
          </button>
        ) : invoice.data ? (
          <StatusText value={invoice.data.status} of={invoiceStatus} />
        ) : (
          <span className={ui.muted}>{order.can_invoice ? '未申请' : '不可申请'}</span>
        )}
      </td>
      <td data-actions>
        <span className={styles.rowActions}>
          {invoice.data && <Link to={href('invoices', { id: order.id })}>查看发票</Link>}
          {order.can_invoice && (
            <Link className={styles.smallButton} to={href('invoiceRequest', { id: order.id })}>
              申请发票
            </Link>
          )}
        </span>
      </td>
    </tr>
  );
}
