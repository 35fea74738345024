import { PageFrame } from '../../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame plain title="个人资料" />;
}
