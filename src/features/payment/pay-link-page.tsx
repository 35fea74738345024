import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { useIdParam } from '../../lib/use-id-param.ts';
import { PayLinkView } from './pay-link-view.tsx';

export function PayLinkPage() {
  const orderId = useIdParam('orderId');
  return (
    <PageFrame title="订单支付" intro="通过支付链接为订单付款。">
      {orderId === null ? (
        <EmptyState title="支付链接不完整" hint="请重新打开短信或微信中的支付链接，或在「我的订单」中支付。" action={<LinkButton to="/personal/myOrder">查看我的订单</LinkButton>} />
      ) : (
        <PayLinkView orderId={orderId} />
      )}
    </PageFrame>
  );
}
