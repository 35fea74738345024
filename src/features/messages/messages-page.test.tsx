import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageRecordKind, messageType, type ValueOf } from '#contract/index';
import type { Row } from '#fixtures/records';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { fail, http, server, holdCalls } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { MINUTE } from '#fixtures/time';
import { enrol } from '#fixtures/world';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * 张伟's messages, newest first: an unread 录取通知 (rich text, with a script the page must not
 * run), an unread 订单消息, and a read 系统通知 from August. 李娜 has an unread one of her own.
 */
function inbox(b: FamilyBuilder, read = false): void {
  const { f, parent, other } = b;
  b.add(
    'messages',
    f.message(parent.id, {
      id: 3,
      type: messageType.values.admission,
      title: '摇号结果：已录取',
      summary: '已录取，请尽快下单。',
      is_see: read,
      created_at: '2026-12-03T10:00:00+08:00',
      content: '<p>请在<strong>24小时内</strong>下单。</p><script>alert(1)</script>',
    }),
    f.message(parent.id, { id: 2, type: messageType.values.order, title: '订单已关闭', summary: '订单超时未支付，已关闭。', is_see: read, created_at: '2026-12-02T19:31:00+08:00' }),
    f.message(parent.id, { id: 1, type: messageType.values.system, title: '秋季学期报名通知', is_see: true, created_at: '2026-08-10T09:00:00+08:00' }),
    f.message(other.id, { id: 4, title: '李娜的通知', is_see: false, created_at: '2026-12-04T09:00:00+08:00' }),
  );
}
const world = familyWorld((b) => inbox(b));
const allRead = familyWorld((b) => inbox(b, true));
const none = familyWorld();
/** Thirteen read notices sent at the same time: ids 13 down to 1. */
const thirteen = familyWorld((b) => {
  b.add(
    'messages',
    ...Array.from({ length: 13 }, (_, i) => b.f.message(b.parent.id, { id: 13 - i, title: `通知${13 - i}`, summary: `摘要${13 - i}`, is_see: true, created_at: '2026-12-01T09:30:00+08:00' })),
  );
});

/** What the page sent (in front of the mock, which answers). */
function recordCalls(): { op: string; body?: unknown; page?: string | null }[] {
  const sent: { op: string; body?: unknown; page?: string | null }[] = [];
  server.use(
    http.get('*/system_message_list', ({ request }) => {
      sent.push({ op: 'list', page: new URL(request.url).searchParams.get('page') });
    }),
    http.get('*/system_message_detail/:id', ({ params }) => {
      sent.push({ op: 'detail', body: params.id });
    }),
    http.put('*/system_message_all_read', async ({ request }) => {
      sent.push({ op: 'all_read', body: await request.clone().json() });
    }),
  );
  return sent;
}

const unreadOf = (rows: Row<'messages'>[], parentId: number) => rows.filter((m) => m.parent_id === parentId && !m.is_see).map((m) => m.id);

const list = () => screen.findByRole('list', { name: '消息列表' });
const row = (title: RegExp) => within(screen.getByRole('list', { name: '消息列表' })).getByRole('button', { name: title });
const menuLink = () => within(screen.getByRole('navigation', { name: '个人中心' })).getByRole('link', { name: /消息通知/ });

describe('消息通知', () => {
  it('lists the messages with kind, time, and unread ones marked', async () => {
    await renderRoute('/personal/systemMessages', { world, as: 'zhangwei' });
    const rows = within(await list()).getAllByRole('button');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAccessibleName(/^未读：\s*录取通知\s*摇号结果：已录取/);
    expect(rows[0]).toHaveTextContent('2026-12-03 10:00');
    expect(rows[1]).toHaveAccessibleName(/^未读：\s*订单消息/);
    expect(rows[2]).not.toHaveAccessibleName(/未读/);
    expect(rows[2]).toHaveTextContent('系统通知');
    expect(screen.queryByRole('button', { name: /李娜的通知/ })).toBeNull();
    expect(await screen.findByText('共 3 条消息，2 条未读')).toBeInTheDocument();
  });

  it('opening a message shows its content, reads it, and the unread counts follow', async () => {
    const sent = recordCalls();
    const { mock } = await renderRoute('/personal/systemMessages', { world, as: 'zhangwei' });
    await list();
    await waitFor(() => expect(menuLink()).toHaveTextContent(/^消息通知2条未读$/));
    expect(screen.getByLabelText('2条未读消息')).toBeInTheDocument();
    const first = row(/摇号结果/);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('region', { name: /摇号结果/ });
    expect(await within(panel).findByText('24小时内')).toHaveProperty('tagName', 'STRONG');
    expect(panel.querySelector('script')).toBeNull();
    expect(sent).toContainEqual({ op: 'detail', body: '3' });
    expect(unreadOf(mock.db.messages.all(), 1)).toEqual([2]);
    await waitFor(() => expect(row(/摇号结果/)).not.toHaveAccessibleName(/未读/));
    // The side menu's badge and the top bar's count are asked again.
    await waitFor(() => expect(menuLink()).toHaveTextContent(/^消息通知1条未读$/));
    expect(screen.getByLabelText('1条未读消息')).toBeInTheDocument();
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /摇号结果/ })).toBeNull();
  });

  it('全部已读 marks everything read, waits while it is sent, then goes away', async () => {
    const sent = recordCalls();
    const { mock } = await renderRoute('/personal/systemMessages', { world, as: 'zhangwei' });
    await list();
    const button = await screen.findByRole('button', { name: '全部已读' });
    await userEvent.click(button);
    await waitFor(() => expect(sent).toContainEqual({ op: 'all_read', body: {} }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '消息列表' }))
          .getAllByRole('button')
          .filter((b) => /未读/.test(b.textContent ?? '')),
      ).toHaveLength(0),
    );
    expect(row(/摇号结果/)).not.toHaveAccessibleName(/未读/);
    await waitFor(() => expect(menuLink()).toHaveTextContent(/^消息通知$/));
    expect(screen.getByText('共 3 条消息，全部已读')).toBeInTheDocument();
    expect(toastStore().toasts.map((t) => [t.kind, t.message])).toContainEqual(['succeed', '已全部标记为已读']);
    // His messages only: 李娜's stays unread.
    expect(unreadOf(mock.db.messages.all(), 1)).toEqual([]);
    expect(unreadOf(mock.db.messages.all(), 2)).toEqual([4]);
  });

  it('全部已读 is disabled while it is being sent', async () => {
    const release = holdCalls('put', '*/system_message_all_read');
    await renderRoute('/personal/systemMessages', { world, as: 'zhangwei' });
    await list();
    const button = await screen.findByRole('button', { name: '全部已读' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull());
  });

  it('with everything read there is no 全部已读', async () => {
    await renderRoute('/personal/systemMessages', { world: allRead, as: 'zhangwei' });
    await list();
    expect(await screen.findByText('共 3 条消息，全部已读')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
  });

  it('with no messages, says so', async () => {
    await renderRoute('/personal/systemMessages', { world: none, as: 'zhangwei' });
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
  });

  it('pages through a long list, ten at a time', async () => {
    const sent = recordCalls();
    const app = await renderRoute('/personal/systemMessages', { world: thirteen, as: 'zhangwei' });
    expect(within(await list()).getAllByRole('button')).toHaveLength(10);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '下一页' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('button')).toHaveLength(3));
    const rows = within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('button');
    rows.forEach((r, i) => expect(r).toHaveAccessibleName(new RegExp(`^系统通知\\s*通知${3 - i}\\s*摘要${3 - i}`)));
    expect(app.location()).toBe('/personal/systemMessages?page=2');
    expect(sent.filter((s) => s.op === 'list').at(-1)).toEqual({ op: 'list', page: '2' });
  });

  it('a message that fails to open offers to try again, in its place', async () => {
    server.use(http.get('*/system_message_detail/:id', () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    await renderRoute('/personal/systemMessages', { world, as: 'zhangwei' });
    await list();
    await userEvent.click(row(/订单已关闭/));
    const panel = await screen.findByRole('region', { name: /订单已关闭/ });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('消息打开失败');
    expect(within(panel).getByRole('button', { name: '重新加载' })).toBeEnabled();
  });

  it('a list that fails to load offers to try again', async () => {
    server.use(http.get('*/system_message_list', () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    await renderRoute('/personal/systemMessages', { world, as: 'zhangwei' });
    expect(await screen.findByRole('alert')).toHaveTextContent('消息加载失败');
  });
});

describe('order news (issue 26)', () => {
  const record = (kind: ValueOf<typeof messageRecordKind>, id: number, order_id: number) => ({ kind, id, order_id });
  /** One message of each order event, each about its record; and an unpaid order whose window ends at 10:05. */
  let unpaid!: Row<'orders'>;
  const news = familyWorld((b) => {
    const m = (id: number, title: string, r: ReturnType<typeof record>) =>
      b.f.message(b.parent.id, { id, type: messageType.values.order, title, summary: title, record: r, created_at: `2026-12-0${id}T09:00:00+08:00` });
    b.add('messages', m(1, '订单已关闭', record(messageRecordKind.values.order, 31, 31)), m(2, '退费已完成', record(messageRecordKind.values.refund, 7, 32)));
    b.add('messages', m(3, '补缴费用通知', record(messageRecordKind.values.supplyFee, 8, 33)), m(4, '发票已开具', record(messageRecordKind.values.invoice, 9, 34)));
    unpaid = enrol(b, {
      parent: b.parent,
      child: b.xiaoming,
      klass: b.klass({ id: 21, name: '少儿书法寒假班', fee: 900 }),
      signedUpAt: TEST_NOW - 25 * MINUTE - 40_000,
      orderedAt: TEST_NOW - 25 * MINUTE,
      outcome: 'unpaid',
    }).order!;
  });

  it('each links to its record: the order, the refund, the fee, the invoice', async () => {
    await renderRoute('/personal/systemMessages', { world: news, as: 'zhangwei' });
    await list();
    const linkIn = async (title: RegExp, name: string) => {
      await userEvent.click(row(title));
      return within(await screen.findByRole('region', { name: title })).findByRole('link', { name });
    };
    expect(await linkIn(/订单已关闭/, '查看订单')).toHaveAttribute('href', '/personal/orderDetails?id=31');
    expect(await linkIn(/退费已完成/, '查看退费详情')).toHaveAttribute('href', '/personal/refundDetails?id=7');
    expect(await linkIn(/补缴费用通知/, '查看补缴')).toHaveAttribute('href', '/collectMoneySupply?supplyFeeId=8');
    expect(await linkIn(/发票已开具/, '查看发票')).toHaveAttribute('href', '/personal/invoiceInfo?id=34');
  });

  it('news written while the parent is on another page reaches the top bar’s count as they move on', async () => {
    const { mock } = await renderRoute('/personal/myOrder', { world: news, as: 'zhangwei' });
    await waitFor(() => expect(screen.getByLabelText('4条未读消息')).toBeInTheDocument());
    // The payment window lapses: the mock closes the order and tells the parent.
    mock.clock.set(Date.parse(unpaid.pay_deadline) + MINUTE);
    await userEvent.click(within(screen.getByRole('navigation', { name: '个人中心' })).getByRole('link', { name: /^补缴费用/ }));
    await waitFor(() => expect(screen.getByLabelText('5条未读消息')).toBeInTheDocument());
    expect(mock.db.messages.all().filter((m) => m.title === '订单已关闭' && m.record?.id === unpaid.id)).toHaveLength(1);
  });
});
