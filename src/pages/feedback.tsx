import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="意见反馈" intro="您的意见是我们改进的动力，我们会尽快处理并回复。" />;
}
