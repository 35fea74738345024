import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { JourneySteps } from '../../components/journey/journey-steps.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { useIdParam } from '../../lib/use-id-param.ts';
import { OrderPayView } from './order-pay-view.tsx';

export function OrderPayPage() {
  const orderId = useIdParam('orderId');
  return (
    <PageFrame title="订单支付" intro="请选择支付方式，使用手机扫码在支付时限内完成支付。" actions={<JourneySteps current={3} />}>
      {orderId === null ? (
        <EmptyState title="没有找到要支付的订单" hint="请在「我的订单」中找到待支付的订单后继续支付。" action={<LinkButton to="/personal/myOrder">查看我的订单</LinkButton>} />
      ) : (
        <OrderPayView orderId={orderId} />
      )}
    </PageFrame>
  );
}
