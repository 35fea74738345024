import { PageFrame } from '../components/ui/page-frame.tsx';

export function Component() {
  return <PageFrame title="招生咨询" intro="各校区地址与咨询电话，工作时间内欢迎来电咨询。" />;
}
