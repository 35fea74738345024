/**
 * /personal/orderDetails?id= — one order in full: where it stands and what to do next, the order
 * and payment, the class and how far it has got, the money (paid, refunded), supplementary fees,
 * refunds and the invoice, with the same actions as the list.
 */
import { invoiceKind, invoiceStatus, invoiceTitleType, orderStatus, payType, refundStatus, supplyFeeStatus, type Tone } from '#contract/coded-values';
import { errorCodes } from '#contract/error-codes';
import { asFen, sumFen } from '#contract/fen';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusText } from '../../components/ui/badge.tsx';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { type Data } from '../../lib/api/queries.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { useRefetchWhenDue } from '../../lib/clock.ts';
import { failureCode } from '../../lib/api/failure-text.ts';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { LinkButton, PayTimeLeft } from './list-parts.tsx';
import { refundDetailsHref } from '../../lib/refund-address.ts';
import { OrderActions, supplyFeePayHref, useCancelOrder } from './order-actions.tsx';
import { SessionProgress } from './session-progress.tsx';
import { Fact, Facts } from '#src/components/ui/facts.tsx';
import { RecordPage } from '#src/components/ui/record-page.tsx';
import ui from '#src/components/ui/ui.module.css';
import styles from './orders.module.css';
import { TableHead } from '#src/components/ui/table-head.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { useQuery } from '@tanstack/react-query';
import { orderDetailQuery } from '../../lib/api/shared-queries.ts';
import { refundRemainQuery } from './order-detail-page.data.ts';

type OrderDetail = Data<'order_detail'>;
const { unpaid, paid, refunding, refunded, partiallyRefunded, cancelled, closed } = orderStatus.values;

export function OrderDetailPage() {
  const search = useRouteSearch('orderDetails');
  return (
    <RecordPage plain title="订单详情" id={search.id} missing={NOT_FOUND}>
      {(id) => <OrderDetailView id={id} />}
    </RecordPage>
  );
}

/** No order by that id: none in the address, or the backend has none. */
const NOT_FOUND = { title: '没有找到该订单', hint: '订单可能不存在或已删除，请在「我的订单」中查看。', action: <LinkButton to={href('orders')}>查看我的订单</LinkButton> };

function OrderDetailView({ id }: { id: number }) {
  const order = useQuery(orderDetailQuery(id, 'manual'));
  const { ask, dialog, cancellingId } = useCancelOrder();
  useRefetchWhenDue(order.data?.can_pay ? [order.data.pay_deadline] : [], order.refetch);

  if (order.isPending) return <LoadingState label="正在加载订单…" />;
  if (order.isError) {
    if (failureCode(order.error) === errorCodes.notFound.code) return <EmptyState {...NOT_FOUND} />;
    return <QueryFailed error={order.error} title="订单加载失败" onRetry={() => void order.refetch()} />;
  }
  const o = order.data;
  return (
    <div className={styles.detail}>
      <StatusBanner order={o} onCancel={ask} cancelling={cancellingId === o.id} />
      <OrderSection order={o} />
      <ClassSection order={o} />
      <MoneySection order={o} />
      {o.supply_fees.length > 0 && <SupplyFeesSection fees={o.supply_fees} />}
      {o.refunds.length > 0 && <RefundsSection refunds={o.refunds} kind={o.class_type} />}
      <InvoiceSection order={o} />
      {dialog}
    </div>
  );
}

/** The refund being processed, if any (the newest one not yet settled). */
function runningRefund(o: OrderDetail) {
  return o.refunds.findLast((r) => r.status === refundStatus.values.applying || r.status === refundStatus.values.processing);
}

/** Where the order stands, in the parent's words, and what to do about it. */
function nextStep(o: OrderDetail): { tone: Tone; text: ReactNode } {
  switch (o.status) {
    case unpaid:
      return o.can_pay
        ? {
            tone: 'danger',
            text: (
              <>
                请于 {formatDateTime(o.pay_deadline)} 前完成支付（
                <PayTimeLeft deadline={o.pay_deadline} />
                ），超时订单将自动关闭，名额释放。
              </>
            ),
          }
        : { tone: 'danger', text: '支付时限已过，订单即将自动关闭，名额将释放。' };
    case paid:
      return { tone: 'success', text: `报名成功，请按时上课。${o.can_refund ? '如需退出，可申请退费（按未上课次数退还）。' : ''}` };
    case refunding: {
      const running = runningRefund(o);
      const what = running ? `退费${formatYuan(running.amount)}（${running.sessions_refunded}次课）的申请` : '退费申请';
      return { tone: 'warning', text: `${what}已提交，正在处理，结果将以站内消息通知。` };
    }
    case refunded:
      return { tone: 'success', text: `已退费${formatYuan(o.refunded_amount)}，款项将原路退回。` };
    case partiallyRefunded:
      return { tone: 'success', text: `已按未上课次数退费${formatYuan(o.refunded_amount)}，款项将原路退回。` };
    case cancelled:
      return { tone: 'muted', text: `订单已于 ${formatDateTime(o.cancelled_at)} 取消，名额已释放。如仍想参加，请重新报名。` };
    case closed:
      return { tone: 'muted', text: `订单未在支付时限内完成支付，已于 ${formatDateTime(o.closed_at ?? o.pay_deadline)} 自动关闭，名额已释放。如仍想参加，请重新报名。` };
  }
}

function StatusBanner({ order, onCancel, cancelling }: { order: OrderDetail; onCancel: (o: OrderDetail) => void; cancelling: boolean }) {
  const { tone, text } = nextStep(order);
  const ended = order.status === cancelled || order.status === closed;
  const unpaidFee = order.supply_fees.find((f) => f.status === supplyFeeStatus.values.unpaid);
  const refund = order.status === refunding ? runningRefund(order) : undefined;
  const canAct = ended || unpaidFee !== undefined || refund !== undefined || order.can_pay || order.can_cancel || order.can_refund || order.can_invoice;
  return (
    <section className={`${styles.banner} ${styles[`banner-${tone}`] ?? ''}`} aria-label="订单状态">
      <p className={styles.bannerStatus}>
        <StatusText value={order.status} of={orderStatus} />
      </p>
      <p className={styles.bannerText}>{text}</p>
      {unpaidFee && (
        <p className={styles.bannerText}>
          另有{unpaidFee.title}
          <strong>{formatYuan(unpaidFee.amount)}</strong>待补缴，请于 {formatDateTime(unpaidFee.deadline)} 前完成补缴。
        </p>
      )}
      {canAct && (
        <div className={`${styles.actions} ${styles.bannerActions}`}>
          {unpaidFee && <LinkButton to={supplyFeePayHref(unpaidFee.id)}>去补缴</LinkButton>}
          <OrderActions order={order} onCancel={() => onCancel(order)} cancelling={cancelling} withDetails={false} />
          {refund && (
            <LinkButton to={refundDetailsHref(refund.id, order.class_type)} variant="secondary">
              查看退费进度
            </LinkButton>
          )}
          {ended && (
            <LinkButton to={href('classDetails', { id: order.class_id })} variant="secondary">
              重新报名
            </LinkButton>
          )}
        </div>
      )}
    </section>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function OrderSection({ order: o }: { order: OrderDetail }) {
  return (
    <Section title="订单信息">
      <Facts className={styles.facts}>
        <Fact term="订单号">{o.order_no}</Fact>
        <Fact term="下单时间">{formatDateTime(o.created_at)}</Fact>
        <Fact term="支付时间">{o.pay_time ? formatDateTime(o.pay_time) : '未支付'}</Fact>
        <Fact term="支付方式">{o.pay_type === null ? '—' : payType.label(o.pay_type)}</Fact>
        <Fact term="交易单号">{o.trade_no ?? '—'}</Fact>
        {o.status === unpaid && <Fact term="支付时限">{formatDateTime(o.pay_deadline)}</Fact>}
        {o.cancelled_at && <Fact term="取消时间">{formatDateTime(o.cancelled_at)}</Fact>}
        {o.closed_at && <Fact term="关闭时间">{formatDateTime(o.closed_at)}</Fact>}
      </Facts>
    </Section>
  );
}

function ClassSection({ order: o }: { order: OrderDetail }) {
  return (
    <Section
      title="课程信息"
      aside={
        <Link to={href('classDetails', { id: o.class_id })} className={styles.textLink}>
          查看课程
        </Link>
      }
    >
      <Facts className={styles.facts}>
        <Fact term="课程">
          <Link to={href('classDetails', { id: o.class_id })}>{o.class_name}</Link>
        </Fact>
        <Fact term="报名孩子">
          {o.contact_name}（报名人数 {o.subscriber_count} 人）
        </Fact>
        <Fact term="学期">{o.class_term}</Fact>
        <Fact term="上课时间">{o.class_schedule}</Fact>
        <Fact term="上课地点" wide>
          {o.class_address}
        </Fact>
        {/* A cancelled or closed order never joined the class: its progress is not the child's. */}
        {o.status !== cancelled && o.status !== closed && (
          <Fact term="上课进度" wide>
            <SessionProgress held={o.held_sessions} total={o.session_count} />
          </Fact>
        )}
      </Facts>
    </Section>
  );
}

function MoneySection({ order: o }: { order: OrderDetail }) {
  const paidFees = o.supply_fees.filter((f) => f.status === supplyFeeStatus.values.paid).reduce((sum, f) => sumFen(sum, f.amount), asFen(0));
  const remain = useQuery({ ...refundRemainQuery(o.id), enabled: o.can_refund });
  return (
    <Section title="费用信息">
      <Facts className={styles.facts}>
        <Fact term="订单金额">
          <span className={ui.money}>{formatYuan(o.amount)}</span>
        </Fact>
        <Fact term="实付金额">{o.paid_amount > 0 ? <span className={styles.moneyBig}>{formatYuan(o.paid_amount)}</span> : <span className={styles.muted}>{formatYuan(asFen(0))}（未支付）</span>}</Fact>
        {paidFees > 0 && (
          <Fact term="已补缴">
            <span className={ui.money}>{formatYuan(paidFees)}</span>
          </Fact>
        )}
        {(o.refunded_amount > 0 || o.refunds.length > 0) && (
          <Fact term="已退金额">
            <span className={ui.money}>{formatYuan(o.refunded_amount)}</span>
          </Fact>
        )}
        {o.can_refund && remain.data && (
          <Fact term="可退金额">
            <span className={ui.money}>{formatYuan(remain.data.remain_amount)}</span>
            <span className={styles.muted}>（现在申请退费可退）</span>
          </Fact>
        )}
      </Facts>
    </Section>
  );
}

function SupplyFeesSection({ fees }: { fees: OrderDetail['supply_fees'] }) {
  return (
    <Section title="补缴费用">
      <table className={`${styles.subTable} card-table`}>
        <TableHead columns={['项目', '金额', '截止时间', '状态', '操作']} />
        <tbody>
          {fees.map((fee) => (
            <tr key={fee.id}>
              <td>{fee.title}</td>
              <td className={ui.money} data-label="金额">
                {formatYuan(fee.amount)}
              </td>
              <td data-label="截止时间">{formatDateTime(fee.deadline)}</td>
              <td data-label="状态">
                <StatusText value={fee.status} of={supplyFeeStatus} />
                {fee.pay_time && <div className={styles.statusNote}>{formatDateTime(fee.pay_time)} 已支付</div>}
              </td>
              <td data-actions>{fee.status === supplyFeeStatus.values.unpaid ? <LinkButton to={supplyFeePayHref(fee.id)}>去补缴</LinkButton> : <span className={styles.muted}>—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function RefundsSection({ refunds, kind }: { refunds: OrderDetail['refunds']; kind: OrderDetail['class_type'] }) {
  return (
    <Section title="退费记录">
      <table className={`${styles.subTable} card-table`}>
        <TableHead columns={['退费单号', '退费金额', '退课次数', '申请时间', '状态', '操作']} />
        <tbody>
          {refunds.map((r) => (
            <tr key={r.id}>
              <td>{r.refund_no}</td>
              <td className={ui.money} data-label="退费金额">
                {formatYuan(r.amount)}
              </td>
              <td data-label="退课次数">{r.sessions_refunded} 次</td>
              <td data-label="申请时间">{formatDateTime(r.applied_at)}</td>
              <td data-label="状态">
                <StatusText value={r.status} of={refundStatus} />
                {r.status === refundStatus.values.rejected && r.reject_reason && <p className={styles.rejectNote}>驳回原因：{r.reject_reason}</p>}
              </td>
              <td data-actions>
                <Link to={refundDetailsHref(r.id, kind)} className={styles.textLink}>
                  退费详情
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function InvoiceSection({ order: o }: { order: OrderDetail }) {
  const invoice = o.invoice;
  if (!invoice) {
    if (!o.can_invoice) return null;
    return (
      <Section
        title="发票信息"
        aside={
          <LinkButton to={href('invoiceRequest', { id: o.id })} variant="secondary">
            申请发票
          </LinkButton>
        }
      >
        <p className={styles.muted}>尚未申请发票。每笔已支付订单可在支付后90天内申请一次发票。</p>
      </Section>
    );
  }
  return (
    <Section
      title="发票信息"
      aside={
        <Link to={href('invoices', { id: o.id })} className={styles.textLink}>
          查看发票
        </Link>
      }
    >
      <Facts className={styles.facts}>
        <Fact term="发票状态">
          <StatusText value={invoice.status} of={invoiceStatus} />
        </Fact>
        <Fact term="发票形式">{invoiceKind.label(invoice.invoice_kind)}</Fact>
        <Fact term="发票抬头">
          {invoice.title}（{invoiceTitleType.label(invoice.title_type)}）
        </Fact>
        <Fact term="发票金额">
          <span className={ui.money}>{formatYuan(invoice.amount)}</span>
        </Fact>
        {invoice.invoice_no && <Fact term="发票号码">{invoice.invoice_no}</Fact>}
        <Fact term="申请时间">{formatDateTime(invoice.applied_at)}</Fact>
      </Facts>
    </Section>
  );
}
