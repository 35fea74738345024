import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="缴费须知" intro="缴费方式、支付时限与退费规则，请在报名前仔细阅读。" />;
}
