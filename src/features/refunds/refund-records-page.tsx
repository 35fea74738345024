/**
 * /personal/refund 退费记录: the parent's refunds, newest first, one card each with its order (the
 * class, the child, the order's status and what was paid), a page at a time from the server.
 */
import { Link } from 'react-router-dom';
import { orderStatus, refundStatus } from '#contract/coded-values';
import { StatusText } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { refundDetailsHref } from '../../lib/refund-address.ts';
import { REFUNDS_PER_PAGE, useRefundRecords, type RefundRecord } from './use-refund-records.ts';
import { Fact, Facts } from '#src/components/ui/facts.tsx';
import ui from '#src/components/ui/ui.module.css';
import styles from './refunds.module.css';
import { href } from '#src/lib/routes.ts';
import { usePageParam, useStayWithinPages } from '#src/lib/use-page-param.ts';

export function RefundRecordsPage() {
  const [page, setPage] = usePageParam();
  const records = useRefundRecords(page);
  useStayWithinPages(page, REFUNDS_PER_PAGE, records, setPage);
  const empty = records.isSuccess && records.data.list.length === 0 && page === 1;

  return (
    <PageFrame plain title="退费记录" intro="每笔退费申请及其处理进度。需要退费时，请在「我的订单」中找到订单后申请。">
      {records.isPending && <LoadingState label="正在加载退费记录" />}
      {records.isError && <ErrorState title="退费记录加载失败" onRetry={() => void records.refetch()} />}
      {empty && (
        <EmptyState
          title="暂无退费记录"
          hint="已支付的订单可以在「我的订单」中申请退费。"
          action={
            <Link className={styles.buttonLink} to={href('orders')}>
              去我的订单
            </Link>
          }
        />
      )}
      {records.isSuccess && records.data.list.length > 0 && (
        <>
          <ul className={styles.orderList} aria-label="退费记录" aria-busy={records.isPlaceholderData}>
            {records.data.list.map((refund) => (
              <RefundCard key={refund.id} refund={refund} />
            ))}
          </ul>
          <Pagination page={page} pageSize={REFUNDS_PER_PAGE} total={records.data.total} rows={records.data.list.length} />
        </>
      )}
    </PageFrame>
  );
}

function RefundCard({ refund }: { refund: RefundRecord }) {
  const headingId = `refund-${refund.id}-class`;
  const numberId = `refund-${refund.id}-no`;
  return (
    <li className={styles.orderCard} aria-labelledby={`${headingId} ${numberId}`}>
      <div className={styles.orderHead}>
        <div className={styles.orderInfo}>
          <h2 id={headingId} className={styles.orderTitle}>
            {refund.class_name}
          </h2>
          <p className={styles.orderMeta}>
            <span>孩子：{refund.contact_name}</span>
            <span>
              订单号：
              <Link to={href('orderDetails', { id: refund.order_id })} aria-label={`订单详情 ${refund.order_no}`}>
                {refund.order_no}
              </Link>
            </span>
            <span>订单状态：{orderStatus.label(refund.order_status)}</span>
            <span>实付：{formatYuan(refund.order_paid_amount)}</span>
          </p>
        </div>
        <p id={numberId} className={styles.orderSide}>
          <span>
            退费单号 <span className={ui.mono}>{refund.refund_no}</span>
          </span>
        </p>
      </div>
      <div className={styles.refundBody}>
        <Facts className={styles.refundFacts}>
          <Fact term="退费金额" valueClassName={styles.money}>
            {formatYuan(refund.amount)}
          </Fact>
          <Fact term="退费状态">
            <StatusText value={refund.status} of={refundStatus} />
          </Fact>
          <Fact term="申请时间">{formatDateTime(refund.applied_at)}</Fact>
          <Fact term="完成时间">{refund.finished_at ? formatDateTime(refund.finished_at) : '—'}</Fact>
        </Facts>
        <Link to={refundDetailsHref(refund.id, refund.class_type)} aria-label={`查看详情：退费单 ${refund.refund_no}`}>
          查看详情
        </Link>
      </div>
    </li>
  );
}
