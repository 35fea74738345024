import { PageFrame } from '../../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame plain title="微信绑定" />;
}
