import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="登录已关闭" />;
}
