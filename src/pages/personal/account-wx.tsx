import { WechatPage } from '../../features/account/wechat-page.tsx';

export function Component() {
  return <WechatPage />;
}
