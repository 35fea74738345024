import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classType, errorCodes, refundStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { at } from '#fixtures/time';
import { addRefund, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { HttpResponse, fail, http, server } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import type { MockState } from '#mock/core/state';

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
 * rejected at 10:00; 新年音乐会亲子专场, an activity, refunded in full (¥120) on 1 November;
 * 少儿钢琴班 paid, never refunded; 儿童音乐会 cancelled before paying.
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
  const concert = b.klass({ id: 7, name: '新年音乐会亲子专场', fee: 120, class_type: classType.values.activity, first_session_date: '2026-12-31', session_count: 1 });
  const concertOrder = enrol(b, { parent: b.parent, child: b.xiaohong, klass: concert, signedUpAt: at('2026-10-20', '10:05'), outcome: 'paid' }).order!;
  const activity = addRefund(b, { order: concertOrder, sessions: sessionsOf(b, concert), appliedAt: at('2026-11-01', '08:00'), status: refundStatus.values.refunded, reason: '当天有事无法参加' });
  paidSundayClass(b, { id: 5, name: '少儿钢琴班' });
  const concertHall = b.klass({ id: 6, name: '儿童音乐会', fee: 120 });
  enrol(b, { parent: b.parent, child: b.xiaohong, klass: concertHall, signedUpAt: at('2026-12-01', '20:00'), outcome: 'cancelled' });
  records = { guohua: guohua.order, running, science: science.order, rejected, activity };
});
let records!: { guohua: Row<'orders'>; running: Row<'refunds'>; science: Row<'orders'>; rejected: Row<'refunds'>; activity: Row<'refunds'> };

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

/** The refund cards on the page, by their class, top to bottom. */
const cards = () =>
  within(screen.getByRole('list', { name: '退费记录' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('h2')!.textContent);
/** The card of one refund (its accessible name holds the refund number). */
const card = (refund: Row<'refunds'>) => screen.getByRole('listitem', { name: new RegExp(refund.refund_no) });
/** A fact of a card, as its term and value read (申请时间 → 2026-12-05 09:40). */
const fact = (li: HTMLElement, term: string) => within(li).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

/** The six refunds of `six`, newest first: five on the first page, the oldest on the second. */
async function fiveThenOne() {
  expect(await screen.findByRole('heading', { name: '少儿美术6班' })).toBeInTheDocument();
  expect(cards()).toEqual(['少儿美术6班', '少儿美术5班', '少儿美术4班', '少儿美术3班', '少儿美术2班']);
  expect(screen.getByText('共 6 条')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: '下一页' }));
  expect(await screen.findByRole('heading', { name: '少儿美术1班' })).toBeInTheDocument();
  expect(cards()).toEqual(['少儿美术1班']);
}

/** The order_detail calls the page made (none, since my_refund_list says what it shows). */
function recordDetails(): number[] {
  const asked: number[] = [];
  server.use(http.get('*/order_detail/:id', ({ params }) => void asked.push(Number(params.id))));
  return asked;
}

describe('/personal/refund 退费记录', () => {
  it('lists each refund newest first with its order, amount, status, times and links, from one list call and no order_detail', async () => {
    const detailCalls = recordDetails();
    await renderRoute('/personal/refund', { world, as: 'zhangwei' });
    const { guohua, running, science, rejected, activity } = records;

    const first = await screen.findByRole('listitem', { name: new RegExp(running.refund_no) });
    expect(within(first).getByRole('heading', { name: '少儿国画启蒙班' })).toBeInTheDocument();
    expect(within(first).getByText('孩子：张小明')).toBeInTheDocument();
    expect(within(first).getByText('实付：¥1,600.00')).toBeInTheDocument();
    expect(within(first).getByText('订单状态：退费中')).toBeInTheDocument();
    expect(fact(first, '退费金额')).toBe('¥400.00');
    expect(fact(first, '退费状态')).toBe('退费申请中');
    expect(fact(first, '申请时间')).toBe('2026-12-05 09:40');
    expect(fact(first, '完成时间')).toBe('—');
    expect(within(first).getByRole('link', { name: `查看详情：退费单 ${running.refund_no}` })).toHaveAttribute('href', `/personal/refundDetails?id=${running.id}`);
    expect(within(first).getByRole('link', { name: `订单详情 ${guohua.order_no}` })).toHaveAttribute('href', `/personal/orderDetails?id=${guohua.id}`);

    // A rejected refund leaves its order 已支付: it is still a refund record.
    const second = card(rejected);
    expect(within(second).getByText('订单状态：已支付')).toBeInTheDocument();
    expect(within(second).getByText('孩子：张小红')).toBeInTheDocument();
    expect(fact(second, '退费金额')).toBe('¥600.00');
    expect(fact(second, '退费状态')).toBe('退费被驳回');
    expect(fact(second, '申请时间')).toBe('2026-11-20 09:00');
    expect(fact(second, '完成时间')).toBe('2026-11-20 10:00');
    expect(within(second).getByRole('link', { name: `订单详情 ${science.order_no}` })).toHaveAttribute('href', `/personal/orderDetails?id=${science.id}`);

    // An activity's refund: its details link says so, so the details page asks the right call once.
    const third = card(activity);
    expect(within(third).getByText('订单状态：已退费')).toBeInTheDocument();
    expect(fact(third, '退费金额')).toBe('¥120.00');
    expect(within(third).getByRole('link', { name: `查看详情：退费单 ${activity.refund_no}` })).toHaveAttribute('href', `/personal/refundDetails?id=${activity.id}&activity=1`);

    // Newest refund first; orders without a refund are not listed.
    expect(cards()).toEqual(['少儿国画启蒙班', '少儿科学实验班', '新年音乐会亲子专场']);
    expect(screen.queryByText('少儿钢琴班')).toBeNull();
    expect(screen.queryByText('儿童音乐会')).toBeNull();
    expect(detailCalls).toEqual([]);
  });

  it('says so when there is no refund, with a way to the orders', async () => {
    await renderRoute('/personal/refund', { world: noRefunds, as: 'zhangwei' });
    expect(await screen.findByText('暂无退费记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });

  it('pages the refunds five at a time, asking the server for each page', async () => {
    const pages: (string | null)[] = [];
    server.use(http.get('*/my_refund_list', ({ request }) => void pages.push(new URL(request.url).searchParams.get('page'))));
    await renderRoute('/personal/refund', { world: six, as: 'zhangwei' });
    await fiveThenOne();
    expect(pages).toEqual(['1', '2']);
  });

  it('offers a retry when the refunds cannot be loaded', async () => {
    failOnce('*/my_refund_list');
    const { ports } = await renderRoute('/personal/refund', { world: noRefunds, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无退费记录')).toBeInTheDocument();
    expect(ports.toastError).toHaveBeenCalledWith('服务器开小差了，请稍后再试');
  });
});

describe('/personal/refund on a backend of spec §7 alone (decision 057)', () => {
  const specOnly = (mock: MockState) => void (mock.settings.specOnly = true);
  /** The my_refund_list calls the page made (they go on to the mock, which answers 404). */
  function recordListCalls(): (string | null)[] {
    const pages: (string | null)[] = [];
    server.use(http.get('*/my_refund_list', ({ request }) => void pages.push(new URL(request.url).searchParams.get('page'))));
    return pages;
  }

  it('shows the same cards from order_list and each paid order’s order_detail, after one my_refund_list answered 404', async () => {
    const listCalls = recordListCalls();
    const detailCalls = recordDetails();
    const { ports } = await renderRoute('/personal/refund', { world, as: 'zhangwei', prepare: specOnly });
    const { guohua, running, rejected, activity } = records;

    const first = await screen.findByRole('listitem', { name: new RegExp(running.refund_no) });
    expect(within(first).getByText('孩子：张小明')).toBeInTheDocument();
    expect(within(first).getByText('实付：¥1,600.00')).toBeInTheDocument();
    expect(within(first).getByText('订单状态：退费中')).toBeInTheDocument();
    expect(fact(first, '退费金额')).toBe('¥400.00');
    expect(fact(first, '退费状态')).toBe('退费申请中');
    expect(within(first).getByRole('link', { name: `订单详情 ${guohua.order_no}` })).toHaveAttribute('href', `/personal/orderDetails?id=${guohua.id}`);
    expect(within(card(rejected)).getByText('订单状态：已支付')).toBeInTheDocument();
    expect(fact(card(rejected), '完成时间')).toBe('2026-11-20 10:00');
    expect(within(card(activity)).getByRole('link', { name: `查看详情：退费单 ${activity.refund_no}` })).toHaveAttribute('href', `/personal/refundDetails?id=${activity.id}&activity=1`);
    expect(cards()).toEqual(['少儿国画启蒙班', '少儿科学实验班', '新年音乐会亲子专场']);
    expect(screen.queryByText('少儿钢琴班')).toBeNull();

    expect(listCalls).toEqual(['1']);
    // Every order paid at some point (the piano class too), not the cancelled one.
    expect(detailCalls).toHaveLength(4);
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('pages them five at a time in the page, asking my_refund_list no more', async () => {
    const listCalls = recordListCalls();
    await renderRoute('/personal/refund', { world: six, as: 'zhangwei', prepare: specOnly });
    await fiveThenOne();
    expect(listCalls).toEqual(['1']);
  });

  it('says so when there is no refund', async () => {
    await renderRoute('/personal/refund', { world: noRefunds, as: 'zhangwei', prepare: specOnly });
    expect(await screen.findByText('暂无退费记录')).toBeInTheDocument();
  });

  // A backend says "no such call" in more ways than a 404 (decision 073).
  it.each([
    ['a 405 page of its web server', () => new HttpResponse('Method Not Allowed', { status: 405 })],
    ['a 501 page of its gateway', () => new HttpResponse('Not Implemented', { status: 501 })],
    ['200 with the unknown-call code', () => fail(200, errorCodes.unknownCall.code, '接口不存在')],
    ['405 with the unknown-call code', () => fail(405, errorCodes.unknownCall.code, '接口不存在')],
  ])('takes %s to my_refund_list as a backend without the proposals, and shows the cards the §7 way', async (_, answer) => {
    server.use(http.get('*/my_refund_list', answer));
    const detailCalls = recordDetails();
    const { ports } = await renderRoute('/personal/refund', { world, as: 'zhangwei' });
    expect(await screen.findByRole('listitem', { name: new RegExp(records.running.refund_no) })).toBeInTheDocument();
    expect(cards()).toEqual(['少儿国画启蒙班', '少儿科学实验班', '新年音乐会亲子专场']);
    expect(detailCalls).toHaveLength(4);
    expect(ports.toastError).not.toHaveBeenCalled();
  });
});
