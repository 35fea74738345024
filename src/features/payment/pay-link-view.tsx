/**
 * /payLink?orderId={id}: a pay link sent by SMS or WeChat. Not a guarded page, so a signed-out
 * parent is asked to sign in first (and comes back here); then the order, whether it is still to
 * be paid (query_order_pay_status), and 去支付.
 */
import { orderStatus } from '#contract/coded-values';
import { buttonLook } from '../../components/ui/button.tsx';
import { LoadingState } from '../../components/ui/states.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { Notice } from '../../components/journey/notice.tsx';
import { LinkButton, Outcome } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { SignInLink } from '#src/components/ui/sign-in-link.tsx';
import { useSignedIn } from '../../lib/session/use-session.ts';
import { OrderFacts } from '#src/components/orders/order-facts.tsx';
import ui from '#src/components/ui/ui.module.css';
import styles from './payment.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { orderDetailQuery } from '../../lib/api/shared-queries.ts';
import { payStatusQuery } from './payment-queries.ts';

export function PayLinkView({ orderId }: { orderId: number }) {
  const signedIn = useSignedIn();
  if (!signedIn) {
    return (
      <Outcome kind="signin" title="请先登录" actions={<SignInLink className={buttonLook('primary', 'lg')}>登录后查看订单</SignInLink>}>
        <p>这是一个订单支付链接。请先登录下单时使用的家长账号，登录后将回到本页继续支付。</p>
      </Outcome>
    );
  }
  return <SignedInPayLink orderId={orderId} />;
}

function SignedInPayLink({ orderId }: { orderId: number }) {
  const pay = useQuery(payStatusQuery(orderId));
  const order = useQuery(orderDetailQuery(orderId, 'manual'));

  if (pay.isError) return <QueryFailed error={pay.error} title="订单加载失败" onRetry={() => void pay.refetch()} />;
  if (order.isError) return <QueryFailed error={order.error} title="订单加载失败" onRetry={() => void order.refetch()} />;
  if (pay.isPending || order.isPending) return <LoadingState />;
  const state = pay.data;
  const o = order.data;

  if (state.paid) {
    return (
      <div className={ui.stack}>
        <Outcome
          kind="success"
          title="该订单已支付"
          onward={[
            { to: href('orderDetails', { id: o.id }), label: '查看订单' },
            { to: href('home'), label: '返回首页' },
          ]}
        >
          <p>
            已于 {formatDateTime(state.pay_time)} 支付 {formatYuan(state.amount)}，无需再次支付。
          </p>
        </Outcome>
        <OrderFacts order={o} schedule created status />
      </div>
    );
  }
  if (state.status !== orderStatus.values.unpaid) {
    return (
      <div className={ui.stack}>
        <Outcome
          kind="failed"
          title={`订单${orderStatus.label(state.status)}`}
          onward={[
            { to: href('orders'), label: '查看我的订单' },
            { to: href('classDetails', { id: o.class_id }), label: '重新报名' },
          ]}
        >
          <p>该订单已{orderStatus.label(state.status)}，不能再支付；如仍想参加，请重新报名。</p>
        </Outcome>
        <OrderFacts order={o} schedule created status />
      </div>
    );
  }
  return (
    <div className={ui.stack}>
      <OrderFacts order={o} schedule created status />
      <Notice tone="warning" title={`请在 ${formatDateTime(state.pay_deadline)} 前完成支付`}>
        逾期未支付，订单将自动关闭，名额释放。
      </Notice>
      <div className={styles.payBar}>
        <span>
          待支付 <strong className={styles.amount}>{formatYuan(state.amount)}</strong>
        </span>
        <LinkButton to={href('orderPayment', { orderId: o.id })}>去支付</LinkButton>
      </div>
    </div>
  );
}
