import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="订单支付" intro="通过支付链接为订单付款。" />;
}
