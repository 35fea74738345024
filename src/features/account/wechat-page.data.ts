/** What the page renders with (decision 080): the WeChat bindings. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const wechatQuery = () => apiQuery('get_register_user_auth_info', {});

export const data: RouteData<'wechat'> = ({ ask }) => ask(wechatQuery());
