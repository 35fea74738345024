import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="课程报名" intro="选择报名的孩子，确认上课时间与费用后提交报名。" />;
}
