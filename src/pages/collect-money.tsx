import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="订单支付" intro="请使用微信或支付宝扫码，在支付时限内完成支付。" />;
}
