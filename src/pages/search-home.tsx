import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="课程搜索" />;
}
