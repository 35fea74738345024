/**
 * Spec §8's codes as a parent meets them, each on a page that gets it (docs/faults.md has every
 * page × code): 200216 and 104010 go home with a toast, 89994 goes home silently, 99993 renews the
 * token and the page works, 99995 and 99994 sign out to the account login, 500000 fails in the page.
 */
import type { Meta } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { pageStory, refusing } from '../support/page-story.tsx';
import { sessionStore } from '#src/stores/session-store.ts';

const meta: Meta = { title: 'Pages/Spec 8 codes', parameters: { layout: 'fullscreen' } };
export default meta;

const orders = { path: '/personal/myOrder', as: 'gaoyan' } as const;

export const AccountUnavailableGoesHome = pageStory({ ...orders, faults: [refusing('order_list', 'accountUnavailable')], shows: '账号状态异常，请联系客服' });
export const ForbiddenGoesHome = pageStory({ path: '/details?id=5', faults: [refusing('class_detail', 'forbidden')], shows: '无权访问该内容' });
export const SilentHome = pageStory({
  sameAs: 'Pages/Browsing / Home signed in',
  ...orders,
  faults: [refusing('order_list', 'silentHome')],
  shows: '限时秒杀',
  then: async ({ canvas }) => void (await expect(canvas.queryByText('页面已失效')).toBeNull()),
});
/** The token renewed in the error's data, the call tried again: the page as usual. */
export const TokenExpiredRenewed = pageStory({
  sameAs: 'Pages/Personal / Orders',
  ...orders,
  faults: [refusing('order_list', 'tokenExpired', 1)],
  shows: { heading: '我的订单' },
  then: async () => void (await waitFor(() => expect(sessionStore().accessToken).not.toMatch(/^story-token-/))),
});
export const NotSignedInGoesToLogin = pageStory({ ...orders, faults: [refusing('order_list', 'notSignedIn')], shows: '已退出登录' });
export const SessionReplacedGoesToLogin = pageStory({
  sameAs: 'Pages/Spec 8 codes / Not signed in goes to login',
  path: '/personal/personalData',
  as: 'gaoyan',
  faults: [refusing('personal_data', 'sessionReplaced')],
  shows: '已退出登录',
});
export const ServerErrorInThePage = pageStory({
  sameAs: 'Pages/Personal / Orders failed',
  ...orders,
  faults: [refusing('order_list', 'serverError')],
  shows: '服务器开小差了，请稍后再试',
});
/** A refusal on 200 (a business error): its msg in a toast and in the page. */
export const RefusalOn200 = pageStory({ ...orders, faults: [{ operation: 'order_list', status: 200, error_code: 300999, msg: '操作过于频繁，请稍后再试' }], shows: '操作过于频繁，请稍后再试' });
