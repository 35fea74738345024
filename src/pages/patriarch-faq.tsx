import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="家长问答" intro="报名、缴费、退费、发票与接送等常见问题。" />;
}
