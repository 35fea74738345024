import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageType } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

// The first test loads the route's modules: slow on a busy machine (several test runs at once).
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

interface Message {
  id: number;
  type: 1 | 2 | 3;
  title: string;
  summary: string;
  is_see: boolean;
  created_at: string;
  content: string;
}

const message = (id: number, patch: Partial<Message> = {}): Message => ({
  id,
  type: messageType.values.system,
  title: `通知${id}`,
  summary: `摘要${id}`,
  is_see: true,
  created_at: '2026-12-01T09:30:00+08:00',
  content: `<p>正文${id}</p>`,
  ...patch,
});

let messages: Message[] = [];
let sent: { op: string; body?: unknown; page?: string | null }[] = [];
const summaryOf = ({ id, type, title, summary, is_see, created_at }: Message) => ({ id, type, title, summary, is_see, created_at });

beforeEach(() => {
  messages = [
    message(3, { type: messageType.values.admission, title: '摇号结果：已录取', summary: '已录取，请尽快下单。', is_see: false, created_at: '2026-12-03T10:00:00+08:00', content: '<p>请在<strong>24小时内</strong>下单。</p><script>alert(1)</script>' }),
    message(2, { type: messageType.values.order, title: '订单已关闭', summary: '订单超时未支付，已关闭。', is_see: false, created_at: '2026-12-02T19:31:00+08:00' }),
    message(1, { title: '秋季学期报名通知', created_at: '2026-08-10T09:00:00+08:00' }),
  ];
  sent = [];
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
  server.use(...chromeHandlers());
  // Later handlers win: the unread count follows the messages here.
  server.use(
    http.get(chromeUrl('system_message_is_see_num'), () => ok({ num: messages.filter((m) => !m.is_see).length })),
    http.get(chromeUrl('system_message_list'), ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 10);
      sent.push({ op: 'list', page: url.searchParams.get('page') });
      return ok({ list: messages.slice((page - 1) * size, page * size).map(summaryOf), total: messages.length, page, page_size: size });
    }),
    http.get(chromeUrl('system_message_detail/:id'), ({ params }) => {
      const found = messages.find((m) => String(m.id) === params.id)!;
      sent.push({ op: 'detail', body: params.id });
      found.is_see = true;
      return ok(found);
    }),
    http.put(chromeUrl('system_message_all_read'), async ({ request }) => {
      sent.push({ op: 'all_read', body: await request.json() });
      for (const m of messages) m.is_see = true;
      return ok(null, '操作成功');
    }),
  );
});
afterEach(() => {
  clearSession();
  resetToastStore();
});

const list = () => screen.findByRole('list', { name: '消息列表' });
const row = (title: RegExp) => within(screen.getByRole('list', { name: '消息列表' })).getByRole('button', { name: title });
const menuLink = () => within(screen.getByRole('navigation', { name: '个人中心' })).getByRole('link', { name: /消息通知/ });

describe('消息通知', () => {
  it('lists the messages with kind, time, and unread ones marked', async () => {
    renderApp('/personal/systemMessages');
    const rows = within(await list()).getAllByRole('button');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAccessibleName(/^未读：\s*录取通知\s*摇号结果：已录取/);
    expect(rows[0]).toHaveTextContent('2026-12-03 10:00');
    expect(rows[1]).toHaveAccessibleName(/^未读：\s*订单消息/);
    expect(rows[2]).not.toHaveAccessibleName(/未读/);
    expect(rows[2]).toHaveTextContent('系统通知');
    expect(screen.getByText('共 3 条消息，2 条未读')).toBeInTheDocument();
  });

  it('opening a message shows its content, reads it, and the unread counts follow', async () => {
    renderApp('/personal/systemMessages');
    await list();
    await waitFor(() => expect(menuLink()).toHaveTextContent(/^消息通知2$/));
    expect(screen.getByLabelText('2条未读消息')).toBeInTheDocument();
    const first = row(/摇号结果/);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: /摇号结果/ });
    expect(await within(panel).findByText('24小时内')).toHaveProperty('tagName', 'STRONG');
    expect(panel.querySelector('script')).toBeNull();
    expect(sent).toContainEqual({ op: 'detail', body: '3' });
    await waitFor(() => expect(row(/摇号结果/)).not.toHaveAccessibleName(/未读/));
    // The side menu's badge and the top bar's count are asked again.
    await waitFor(() => expect(menuLink()).toHaveTextContent(/^消息通知1$/));
    expect(screen.getByLabelText('1条未读消息')).toBeInTheDocument();
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /摇号结果/ })).toBeNull();
  });

  it('全部已读 marks everything read, waits while it is sent, then goes away', async () => {
    renderApp('/personal/systemMessages');
    await list();
    const button = await screen.findByRole('button', { name: '全部已读' });
    await userEvent.click(button);
    expect(sent).toContainEqual({ op: 'all_read', body: {} });
    await waitFor(() => expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('button').filter((b) => /未读/.test(b.textContent ?? ''))).toHaveLength(0));
    expect(row(/摇号结果/)).not.toHaveAccessibleName(/未读/);
    await waitFor(() => expect(menuLink()).toHaveTextContent(/^消息通知$/));
    expect(screen.getByText('共 3 条消息，全部已读')).toBeInTheDocument();
    expect(toastStore.toasts.map((t) => [t.kind, t.message])).toContainEqual(['succeed', '已全部标记为已读']);
  });

  it('全部已读 is disabled while it is being sent', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put(chromeUrl('system_message_all_read'), async () => {
        await held;
        for (const m of messages) m.is_see = true;
        return ok(null);
      }),
    );
    renderApp('/personal/systemMessages');
    await list();
    const button = await screen.findByRole('button', { name: '全部已读' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull());
  });

  it('with everything read there is no 全部已读', async () => {
    for (const m of messages) m.is_see = true;
    renderApp('/personal/systemMessages');
    await list();
    expect(screen.getByText('共 3 条消息，全部已读')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
  });

  it('with no messages, says so', async () => {
    messages = [];
    renderApp('/personal/systemMessages');
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
  });

  it('pages through a long list, ten at a time', async () => {
    messages = Array.from({ length: 13 }, (_, i) => message(13 - i));
    const app = renderApp('/personal/systemMessages');
    expect(within(await list()).getAllByRole('button')).toHaveLength(10);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('button')).toHaveLength(3));
    expect(app.location()).toBe('/personal/systemMessages?page=2');
    expect(sent.filter((s) => s.op === 'list').at(-1)).toEqual({ op: 'list', page: '2' });
  });

  it('a message that fails to open offers to try again, in its place', async () => {
    server.use(http.get(chromeUrl('system_message_detail/:id'), () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    renderApp('/personal/systemMessages');
    await list();
    await userEvent.click(row(/订单已关闭/));
    const panel = await screen.findByRole('region', { name: /订单已关闭/ });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('消息打开失败');
    expect(within(panel).getByRole('button', { name: '重新加载' })).toBeEnabled();
  });

  it('a list that fails to load offers to try again', async () => {
    server.use(http.get(chromeUrl('system_message_list'), () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    renderApp('/personal/systemMessages');
    expect(await screen.findByRole('alert')).toHaveTextContent('消息加载失败');
  });
});
