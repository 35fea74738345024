export { WechatPage as Component } from '../../features/account/wechat-page.tsx';
