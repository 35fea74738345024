import { RecordPage } from '#src/components/ui/record-page.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { PayLinkView } from './pay-link-view.tsx';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';

/** What the page says when its address names no record. */
const MISSING = { title: '支付链接不完整', hint: '请重新打开短信或微信中的支付链接，或在「我的订单」中支付。', action: <LinkButton to={href('orders')}>查看我的订单</LinkButton> };

export function PayLinkPage() {
  const search = useRouteSearch('payLink');
  return (
    <RecordPage title="订单支付" intro="通过支付链接为订单付款。" id={search.orderId} missing={MISSING}>
      {(orderId) => <PayLinkView orderId={orderId} />}
    </RecordPage>
  );
}
