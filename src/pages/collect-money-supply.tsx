import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="补缴费用" intro="请扫码支付补缴费用。" />;
}
