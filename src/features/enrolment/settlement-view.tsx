/**
 * /settlement?signUpId={id}: the order to be placed (class, child, schedule, fee, payment
 * window), then place_order and on to /collectMoney. A sign-up that already has its order goes
 * straight there; one that cannot be ordered (pending, not admitted, cancelled) says why.
 */
import { signUpStatus } from '#contract/coded-values';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { LoadingState } from '../../components/ui/states.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatDate, formatYuan } from '../../lib/format.ts';
import { scheduleText } from '../../components/classes/class-card.tsx';
import { useOssUrl } from '../../lib/session/oss.ts';
import type { ClassDetail } from './class-summary.tsx';
import { failureMessage } from '../../lib/api/failure-text.ts';
import { Notice } from '../../components/journey/notice.tsx';
import { Outcome } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import ui from '#src/components/ui/ui.module.css';
import styles from './journey.module.css';
import { TableHead } from '#src/components/ui/table-head.tsx';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { classDetailQuery } from '../../lib/api/shared-queries.ts';
import { signUpQuery } from './settlement-page.data.ts';

type SignUp = Data<'sign_up_get'>;

export function SettlementView({ signUpId }: { signUpId: number }) {
  const signUp = useQuery(signUpQuery(signUpId));
  const classId = signUp.data?.class_id ?? 0;
  const klass = useQuery({ ...classDetailQuery(classId), enabled: classId > 0 });

  if (signUp.isError) return <QueryFailed error={signUp.error} title="报名信息加载失败" onRetry={() => void signUp.refetch()} />;
  if (signUp.isPending) return <LoadingState />;
  const { status, order_id: orderId } = signUp.data;
  if (orderId !== null && (status === signUpStatus.values.ordered || status === signUpStatus.values.enrolled)) {
    return <Navigate replace to={href('orderPayment', { orderId })} />;
  }
  if (status !== signUpStatus.values.awaitingOrder && status !== signUpStatus.values.admitted) {
    return <NotOrderable signUp={signUp.data} />;
  }
  if (klass.isError) return <QueryFailed error={klass.error} title="课程信息加载失败" onRetry={() => void klass.refetch()} />;
  if (klass.isPending) return <LoadingState />;
  return <OrderConfirm signUp={signUp.data} klass={klass.data} />;
}

function OrderConfirm({ signUp, klass }: { signUp: SignUp; klass: ClassDetail }) {
  const navigate = useNavigate();
  const ossUrl = useOssUrl();
  const placeOrder = useApiMutation('place_order', {
    errorHandling: 'manual',
    onSuccess: (order) => {
      // Replace: going back would only bounce off this sign-up's order again.
      void navigate(href('orderPayment', { orderId: order.order_id }), { replace: true });
    },
  });
  const busy = placeOrder.isPending || placeOrder.isSuccess;
  const refusal = failureMessage(placeOrder.error);

  return (
    <div className={ui.stack}>
      <table className={`${styles.orderTable} card-table`}>
        <caption className={styles.sectionTitle}>订单信息</caption>
        <TableHead columns={['课程', '报名孩子', '上课安排', '金额']} />
        <tbody>
          <tr>
            <td>
              <div className={styles.orderClass}>
                <img src={ossUrl(klass.cover_url) ?? undefined} alt="" width={96} height={54} />
                <div>
                  <p className={styles.orderClassName}>{klass.name}</p>
                  <p className={ui.muted}>
                    {klass.term} · {klass.teacher_name}
                  </p>
                </div>
              </div>
            </td>
            <td data-label="报名孩子">{signUp.contact_name}</td>
            <td data-label="上课安排">
              <p>
                {scheduleText(klass)}，共{klass.session_count}次
              </p>
              <p className={ui.muted}>
                {formatDate(klass.first_session_date)} 至 {formatDate(klass.last_session_date)} · {klass.address} {klass.classroom}
              </p>
            </td>
            <td className={styles.amountCell} data-label="金额">
              {formatYuan(signUp.fee)}
            </td>
          </tr>
        </tbody>
      </table>

      <Notice tone="warning" title={`提交订单后请在${klass.pay_window_minutes}分钟内完成支付`}>
        订单将为您保留名额{klass.pay_window_minutes}分钟，逾期未支付订单自动关闭，名额释放给其他家长。
      </Notice>

      <section className={styles.checkout} aria-label="提交订单">
        {refusal && (
          <Notice tone="danger" title="下单未成功">
            <p>{refusal}</p>
            <Link to={href('signUps')}>查看报名记录</Link>
          </Notice>
        )}
        <div className={styles.checkoutBar}>
          <div className={styles.fee}>
            <span>
              应付金额 <strong className={styles.amount}>{formatYuan(signUp.fee)}</strong>
            </span>
          </div>
          <div className={styles.submit}>
            <Button size="lg" loading={busy} onClick={() => !busy && placeOrder.mutate({ body: { sign_up_id: signUp.id } })}>
              提交订单
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

/** Pending, not admitted or cancelled: nothing to order (yet), and what to do instead. */
function NotOrderable({ signUp }: { signUp: SignUp }) {
  const { lotteryPending, interviewPending, cancelled } = signUpStatus.values;
  const waiting = signUp.status === lotteryPending || signUp.status === interviewPending;
  return (
    <Outcome
      kind={waiting ? 'waiting' : 'failed'}
      title={waiting ? '暂时不能下单' : '该报名不能下单'}
      onward={[
        { to: href('signUps'), label: '查看报名记录' },
        signUp.status === cancelled ? { to: href('signUp', { id: signUp.class_id }), label: '重新报名' } : { to: href('classDetails', { id: signUp.class_id }), label: '返回课程详情' },
      ]}
    >
      <p>
        {signUp.contact_name}报名「{signUp.class_name}」：{signUpStatus.label(signUp.status)}
        {signUp.remark && `，${signUp.remark}`}
      </p>
    </Outcome>
  );
}
