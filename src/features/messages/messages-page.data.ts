/** What 系统消息 renders with (decision 080): the page of messages its address asks for; the unread count is the chrome's. */
import { apiQuery } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';

export const MESSAGE_PAGE_SIZE = 10;

export const messagesQuery = (page: number) => apiQuery('system_message_list', { query: { page, page_size: MESSAGE_PAGE_SIZE } });

export const data: RouteData<'messages'> = ({ ask, search: { page } }) => ask(messagesQuery(page ?? 1));
