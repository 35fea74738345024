import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="招生简章" intro="本学期招生对象、课程设置、报名方式与时间安排。" />;
}
