import { RecordPage } from '#src/components/ui/record-page.tsx';
import { JourneySteps } from '../../components/journey/journey-steps.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { OrderPayView } from './order-pay-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = { title: '没有找到要支付的订单', hint: '请在「我的订单」中找到待支付的订单后继续支付。', action: <LinkButton to={href('orders')}>查看我的订单</LinkButton> };

export function OrderPayPage() {
  const search = useRouteSearch('orderPayment');
  return (
    <RecordPage title="订单支付" intro="请选择支付方式，使用手机扫码在支付时限内完成支付。" actions={<JourneySteps current={3} />} id={search.orderId} missing={MISSING}>
      {(orderId) => <OrderPayView orderId={orderId} />}
    </RecordPage>
  );
}
