/**
 * /paymentResult?orderId={id}&status=…: what the backend says about the order, never what the
 * address says. status=success only makes the page wait a little (the bank's answer may lag)
 * before it calls a payment unsuccessful.
 */
import { orderStatus, payType } from '#contract/coded-values';
import { LoadingState } from '../../components/ui/states.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Data } from '../../lib/api/queries.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { Outcome } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { Fact, OutcomeFacts } from '#src/components/ui/facts.tsx';
import styles from './payment.module.css';
import { href } from '#src/lib/routes.ts';
import { siteInformationQuery, orderDetailQuery } from '../../lib/api/shared-queries.ts';
import { payStatusQuery } from './payment-queries.ts';

/** While confirming a reported success: every 3 s, ten reads in all, then say it is not paid. */
export const CONFIRM_POLL_MS = 3_000;
export const CONFIRM_POLLS = 10;

type PayState = Data<'query_order_pay_status'>;

export function PaymentResultView({ orderId, reportedSuccess }: { orderId: number; reportedSuccess: boolean }) {
  const input = { pathParams: { id: orderId } };
  const queryClient = useQueryClient();
  const key = api.query_order_pay_status.key(input);
  // Reads of an earlier visit (the cache) do not count towards this visit's confirmation.
  const [readsBefore] = useState(() => queryClient.getQueryState(key)?.dataUpdateCount ?? 0);
  const stillConfirming = (data: PayState | undefined, reads: number) =>
    reportedSuccess && data !== undefined && !data.paid && data.status === orderStatus.values.unpaid && reads - readsBefore < CONFIRM_POLLS;
  const pay = useQuery({
    // Never a cached answer: this page exists to say what is true now.
    ...payStatusQuery(orderId),
    refetchInterval: (query) => (stillConfirming(query.state.data, query.state.dataUpdateCount) ? CONFIRM_POLL_MS : false),
  });
  const data = pay.data;
  const confirming = stillConfirming(data, queryClient.getQueryState(key)?.dataUpdateCount ?? 0);
  const order = useQuery(orderDetailQuery(orderId, 'log'));

  if (pay.isPending) return <LoadingState label="正在确认支付结果" />;
  if (pay.isError) return <QueryFailed error={pay.error} title="支付结果查询失败" onRetry={() => void pay.refetch()} />;
  if (data!.paid) return <Paid pay={data!} order={order.data} />;
  if (confirming) {
    return (
      <Outcome kind="waiting" title="正在确认支付结果">
        <p>支付平台的结果可能稍有延迟，页面会自动刷新，请稍候。请勿重复支付。</p>
      </Outcome>
    );
  }
  return <NotPaid pay={data!} orderId={orderId} classId={order.data?.class_id} reportedSuccess={reportedSuccess} />;
}

function Paid({ pay, order }: { pay: PayState; order: Data<'order_detail'> | undefined }) {
  return (
    <Outcome
      kind="success"
      title="支付成功"
      onward={[
        { to: href('orderDetails', { id: pay.order_id }), label: '查看订单' },
        { to: href('search'), label: '继续选课' },
        { to: href('home'), label: '返回首页' },
      ]}
    >
      {order && (
        <p>
          {order.contact_name}已成功报名「{order.class_name}」，请按时上课。
        </p>
      )}
      <OutcomeFacts>
        {order && <Fact term="订单号">{order.order_no}</Fact>}
        <Fact term="支付金额" amount>
          {formatYuan(pay.amount)}
        </Fact>
        <Fact term="支付时间">{formatDateTime(pay.pay_time)}</Fact>
        {order?.pay_type && <Fact term="支付方式">{payType.label(order.pay_type)}</Fact>}
        {order && (
          <Fact term="上课安排">
            {order.class_schedule}，{order.class_address}
          </Fact>
        )}
      </OutcomeFacts>
    </Outcome>
  );
}

function NotPaid({ pay, orderId, classId, reportedSuccess }: { pay: PayState; orderId: number; classId: number | undefined; reportedSuccess: boolean }) {
  const unpaid = pay.status === orderStatus.values.unpaid;
  const reason = pay.last_trade?.fail_reason ?? (reportedSuccess ? '暂未查询到该订单的支付记录。' : '支付未完成。');
  return (
    <Outcome
      kind="failed"
      title={unpaid ? '支付未成功' : `订单${orderStatus.label(pay.status)}`}
      onward={
        unpaid
          ? [
              { to: href('orderPayment', { orderId }), label: '重新支付' },
              { to: href('orders'), label: '查看我的订单' },
            ]
          : [{ to: href('orders'), label: '查看我的订单' }, classId ? { to: href('classDetails', { id: classId }), label: '重新报名' } : null]
      }
    >
      {unpaid ? (
        <>
          <p>{reason}</p>
          <p>订单仍待支付，请在 {formatDateTime(pay.pay_deadline)} 前重新支付，逾期订单将自动关闭。</p>
        </>
      ) : (
        <p>该订单未完成支付，已{orderStatus.label(pay.status)}，名额已释放。</p>
      )}
      <HelpLine />
    </Outcome>
  );
}

/** Money taken but the order not paid is for people to sort out: the center's phone. */
function HelpLine() {
  const site = useQuery(siteInformationQuery());
  if (!site.data) return null;
  return (
    <p className={styles.help}>
      如已扣款但订单仍未显示支付成功，请勿重复支付，可拨打客服电话 <strong>{site.data.phone}</strong> 咨询，工作时间 {site.data.work_hours}。
    </p>
  );
}
