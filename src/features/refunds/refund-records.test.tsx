import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refundStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { at } from '#fixtures/time';
import { addRefund, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { fail, http, server } from '../../test/api-server.ts';
import { familyWorld, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/** The sessions b.klass made for a class. */
const sessionsOf = (b: FamilyBuilder, klass: Row<'classes'>) => b.snapshot.classSessions.filter((s) => s.class_id === klass.id);

/** ¥1,600 for 16 Sunday afternoons from 13 September (¥100 a session), paid in August. */
function paidSundayClass(b: FamilyBuilder, o: { id: number; name: string; child?: Row<'contacts'> }): { klass: Row<'classes'>; order: Row<'orders'> } {
  const klass = b.klass({ id: o.id, name: o.name, fee: 1600, weekdays: [7], first_session_date: '2026-09-13', start_time: '14:00', end_time: '15:30', time_of_day: timeOfDay.values.afternoon });
  const order = enrol(b, { parent: b.parent, child: o.child ?? b.xiaoming, klass, signedUpAt: at('2026-08-15', '10:05'), outcome: 'paid' }).order!;
  return { klass, order };
}

/*
 * 张伟's orders: 少儿国画启蒙班 refunding (the last 4 sessions, ¥400, asked today at 09:40);
 * 少儿科学实验班 still paid after a refund of 6 sessions (¥600) asked on 20 November at 09:00 was
 * rejected at 10:00; 少儿钢琴班 paid, never refunded; 儿童音乐会 cancelled before paying.
 */
const world = familyWorld((b) => {
  const guohua = paidSundayClass(b, { id: 3, name: '少儿国画启蒙班' });
  const running = addRefund(b, { order: guohua.order, sessions: sessionsOf(b, guohua.klass), appliedAt: at('2026-12-05', '09:40'), status: refundStatus.values.applying, reason: '孩子时间安排冲突' });
  const science = paidSundayClass(b, { id: 4, name: '少儿科学实验班', child: b.xiaohong });
  const rejected = addRefund(b, {
    order: science.order,
    sessions: sessionsOf(b, science.klass),
    appliedAt: at('2026-11-20', '09:00'),
    status: refundStatus.values.rejected,
    reason: '孩子身体原因需暂停上课',
  });
  const piano = paidSundayClass(b, { id: 5, name: '少儿钢琴班' });
  const concert = b.klass({ id: 6, name: '儿童音乐会', fee: 120 });
  const cancelled = enrol(b, { parent: b.parent, child: b.xiaohong, klass: concert, signedUpAt: at('2026-12-01', '20:00'), outcome: 'cancelled' }).order!;
  records = { guohua: guohua.order, running, science: science.order, rejected, piano: piano.order.id, cancelled: cancelled.id };
});
let records!: { guohua: Row<'orders'>; running: Row<'refunds'>; science: Row<'orders'>; rejected: Row<'refunds'>; piano: number; cancelled: number };

/** Six refunded orders, 少儿美术1班 refunded first (10 November) and 少儿美术6班 last (15 November). */
const six = familyWorld((b) => {
  for (let i = 1; i <= 6; i++) {
    const { klass, order } = paidSundayClass(b, { id: 10 + i, name: `少儿美术${i}班` });
    addRefund(b, { order, sessions: sessionsOf(b, klass), appliedAt: at(`2026-11-${String(9 + i).padStart(2, '0')}`, '09:00'), status: refundStatus.values.refunded, reason: '孩子转学' });
  }
});

/** One paid order, never refunded. */
const noRefunds = familyWorld((b) => {
  paidSundayClass(b, { id: 3, name: '少儿国画启蒙班' });
});

/** The order cards on the page, by their class (every class here is a 少儿… class; the menu's items are not). */
const cards = () => screen.getAllByRole('listitem', { name: /^少儿/ }).map((li) => li.querySelector('h2')!.textContent);

/** The order_detail calls the page made, by id (they go on to the mock). */
function recordDetails(): number[] {
  const asked: number[] = [];
  server.use(http.get('*/order_detail/:id', ({ params }) => void asked.push(Number(params.id))));
  return asked;
}

describe('/personal/refund 退费记录', () => {
  it('lists the orders that have refunds, each refund with its number, amount, status, times and a link to its details', async () => {
    const detailCalls = recordDetails();
    await renderRoute('/personal/refund', { world, as: 'zhangwei' });
    const { guohua, running, science, rejected } = records;

    const first = await screen.findByRole('listitem', { name: '少儿国画启蒙班' });
    expect(within(first).getByText('退费中')).toBeInTheDocument();
    expect(within(first).getByText('孩子：张小明')).toBeInTheDocument();
    expect(within(first).getByText('实付：¥1,600.00')).toBeInTheDocument();
    const row = within(first).getByRole('row', { name: new RegExp(running.refund_no) });
    expect(within(row).getByText('¥400.00')).toBeInTheDocument();
    expect(within(row).getByText('退费申请中')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-05 09:40')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `查看详情：退费单 ${running.refund_no}` })).toHaveAttribute('href', `/personal/refundDetails?id=${running.id}`);
    expect(within(first).getByRole('link', { name: `订单详情 ${guohua.order_no}` })).toHaveAttribute('href', `/personal/orderDetails?id=${guohua.id}`);

    // A rejected refund leaves its order 已支付: it is still a refund record.
    const second = screen.getByRole('listitem', { name: '少儿科学实验班' });
    expect(within(second).getByText('已支付')).toBeInTheDocument();
    const rejectedRow = within(second).getByRole('row', { name: new RegExp(rejected.refund_no) });
    expect(within(rejectedRow).getByText('¥600.00')).toBeInTheDocument();
    expect(within(rejectedRow).getByText('退费被驳回')).toBeInTheDocument();
    expect(within(rejectedRow).getByText('2026-11-20 09:00')).toBeInTheDocument();
    expect(within(rejectedRow).getByText('2026-11-20 10:00')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: `订单详情 ${science.order_no}` })).toHaveAttribute('href', `/personal/orderDetails?id=${science.id}`);

    // Newest refund first.
    expect(cards()).toEqual(['少儿国画启蒙班', '少儿科学实验班']);
    expect(screen.queryByText('少儿钢琴班')).toBeNull();
    expect(screen.queryByText('儿童音乐会')).toBeNull();
    // Orders that never were paid cannot hold a refund: their details are not fetched.
    expect(detailCalls.sort((a, b) => a - b)).toEqual([guohua.id, science.id, records.piano].sort((a, b) => a - b));
    expect(detailCalls).not.toContain(records.cancelled);
  });

  it('says so when there is no refund, with a way to the orders', async () => {
    await renderRoute('/personal/refund', { world: noRefunds, as: 'zhangwei' });
    expect(await screen.findByText('暂无退费记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });

  it('pages the orders five at a time', async () => {
    await renderRoute('/personal/refund', { world: six, as: 'zhangwei' });
    // Newest refund first.
    expect(await screen.findByRole('listitem', { name: '少儿美术6班' })).toBeInTheDocument();
    expect(cards()).toEqual(['少儿美术6班', '少儿美术5班', '少儿美术4班', '少儿美术3班', '少儿美术2班']);
    expect(screen.queryByRole('listitem', { name: '少儿美术1班' })).toBeNull();
    expect(screen.getByText('共 6 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByRole('listitem', { name: '少儿美术1班' })).toBeInTheDocument();
    expect(cards()).toEqual(['少儿美术1班']);
    expect(screen.queryByRole('listitem', { name: '少儿美术6班' })).toBeNull();
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    server.use(http.get('*/order_list', () => fail(500, 500000, '服务器开小差了，请稍后再试'), { once: true }));
    const { ports } = await renderRoute('/personal/refund', { world: noRefunds, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无退费记录')).toBeInTheDocument();
    expect(ports.toastError).toHaveBeenCalledWith('服务器开小差了，请稍后再试');
  });
});
