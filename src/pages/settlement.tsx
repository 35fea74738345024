import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="确认订单" intro="核对订单信息后提交，订单将为您保留名额至支付时限。" />;
}
