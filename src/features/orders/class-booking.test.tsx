import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admissionKind, classType, orderStatus, refundStatus, signUpStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, MINUTE, at, toIso } from '#fixtures/time';
import { addRefund, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { http, server, recordCalls } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

const { lotteryPending, admitted, cancelled } = signUpStatus.values;

/** A winter lottery class: sign-up closed yesterday at 17:00, the draw is on 6 December at 10:00. */
const basketballCamp = (b: FamilyBuilder) =>
  b.klass({
    id: 8,
    name: '少儿篮球训练营（寒假）',
    fee: 1500,
    admission_kind: admissionKind.values.lottery,
    class_type: classType.values.holiday,
    sign_up_start_at: toIso(at('2026-11-23', '10:00')),
    sign_up_end_at: toIso(at('2026-12-04', '17:00')),
    lottery_at: toIso(at('2026-12-06', '10:00')),
    first_session_date: '2027-01-25',
  });

/** A lottery class drawn on 3 December. */
const drawnLottery = (b: FamilyBuilder, o: { id: number; name: string }) =>
  b.klass({
    ...o,
    admission_kind: admissionKind.values.lottery,
    sign_up_start_at: toIso(at('2026-11-20', '10:00')),
    sign_up_end_at: toIso(at('2026-12-01', '17:00')),
    lottery_at: toIso(at('2026-12-03', '10:00')),
  });

/*
 * 张小明 waits for the basketball camp's draw; 张小红 signed up for 少儿国画启蒙班 (first come, not
 * ordered yet) and waits for the draw of 钢琴精品小班（春季）.
 */
const world = familyWorld((b) => {
  const camp = basketballCamp(b);
  const guohua = b.klass({ id: 3, name: '少儿国画启蒙班', fee: 1800 });
  const piano = b.klass({
    id: 12,
    name: '钢琴精品小班（春季）',
    fee: 4800,
    admission_kind: admissionKind.values.lottery,
    sign_up_end_at: toIso(at('2026-12-20', '17:00')),
    lottery_at: toIso(at('2026-12-22', '10:00')),
  });
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: camp, signedUpAt: at('2026-11-28', '10:00'), outcome: 'pending' });
  enrol(b, { parent: b.parent, child: b.xiaohong, klass: guohua, signedUpAt: TEST_NOW - 20 * MINUTE, outcome: 'pending' });
  enrol(b, { parent: b.parent, child: b.xiaohong, klass: piano, signedUpAt: TEST_NOW - DAY, outcome: 'pending' });
});

/*
 * One sign-up in each state, each its own class: 少儿国画启蒙班 待下单, 少儿篮球训练营（寒假） 待摇号,
 * 小主持人寒假集训营 待面试, 钢琴精品小班（春季） 已录取, 寒假古筝集训营 未录取, 中国舞寒假集训营 已下单
 * (ordered five minutes ago), 少儿书法班 报名成功, 少儿陶艺班 已取消.
 */
const oneOfEach = familyWorld((b) => {
  const kid = { parent: b.parent, child: b.xiaoming };
  const guohua = b.klass({ id: 3, name: '少儿国画启蒙班', fee: 1800 });
  const camp = basketballCamp(b);
  const host = b.klass({
    id: 9,
    name: '小主持人寒假集训营',
    fee: 1600,
    admission_kind: admissionKind.values.interview,
    sign_up_end_at: toIso(at('2026-12-06', '17:00')),
    interview_at: toIso(at('2026-12-09', '09:00')),
  });
  const piano = drawnLottery(b, { id: 12, name: '钢琴精品小班（春季）' });
  const guzheng = drawnLottery(b, { id: 16, name: '寒假古筝集训营' });
  const dance = b.klass({ id: 4, name: '中国舞寒假集训营', fee: 1300, class_type: classType.values.holiday });
  const ink = b.klass({ id: 6, name: '少儿书法班', fee: 1200 });
  const clay = b.klass({ id: 5, name: '少儿陶艺班', fee: 900 });
  const signUps = {
    awaiting: enrol(b, { ...kid, klass: guohua, signedUpAt: TEST_NOW - 30 * MINUTE, outcome: 'pending' }).signUp,
    lottery: enrol(b, { ...kid, klass: camp, signedUpAt: at('2026-11-28', '10:00'), outcome: 'pending' }).signUp,
    interview: enrol(b, { ...kid, klass: host, signedUpAt: at('2026-11-29', '10:00'), outcome: 'pending' }).signUp,
    admitted: enrol(b, { ...kid, klass: piano, signedUpAt: at('2026-11-25', '10:00'), outcome: 'admitted' }).signUp,
    notAdmitted: enrol(b, { ...kid, klass: guzheng, signedUpAt: at('2026-11-25', '11:00'), outcome: 'notAdmitted' }).signUp,
    ordered: enrol(b, { ...kid, klass: dance, signedUpAt: TEST_NOW - 5 * MINUTE - 40_000, outcome: 'unpaid' }),
    enrolled: enrol(b, { ...kid, klass: ink, signedUpAt: at('2026-11-10', '10:00'), outcome: 'paid' }),
    cancelled: enrol(b, { ...kid, klass: clay, signedUpAt: at('2026-11-12', '10:00'), outcome: 'cancelled' }).signUp,
  };
  each = {
    awaiting: signUps.awaiting.id,
    admitted: signUps.admitted.id,
    ordered: { signUp: signUps.ordered.signUp.id, order: signUps.ordered.order!.id },
    enrolledOrder: signUps.enrolled.order!.id,
  };
});
let each!: { awaiting: number; admitted: number; ordered: { signUp: number; order: number }; enrolledOrder: number };

/** 张小明 has cancelled his sign-up for the basketball camp twice and signed up a third time. */
const twiceCancelled = familyWorld((b) => {
  const camp = basketballCamp(b);
  for (const day of ['2026-11-24', '2026-11-26']) {
    const cancelledAt = toIso(at(day, '12:00'));
    b.add(
      'signUps',
      b.f.signUp({
        parent_id: b.parent.id,
        class_id: camp.id,
        contact_id: b.xiaoming.id,
        status: cancelled,
        created_at: toIso(at(day, '10:00')),
        result_at: camp.lottery_at,
        cancel_reason: '家长取消报名',
        cancelled_at: cancelledAt,
      }),
    );
  }
  third = enrol(b, { parent: b.parent, child: b.xiaoming, klass: camp, signedUpAt: at('2026-11-28', '10:00'), outcome: 'pending' }).signUp;
});
let third!: Row<'signUps'>;

/** Eleven lottery classes drew and admitted 张小明: two pages on the 已录取 tab. */
const manyAdmitted = familyWorld((b) => {
  for (let i = 1; i <= 11; i++) {
    const klass = drawnLottery(b, { id: 20 + i, name: `少儿美术${i}班` });
    enrol(b, { parent: b.parent, child: b.xiaoming, klass, signedUpAt: at('2026-11-21', '10:00') + i * MINUTE, outcome: 'admitted' });
  }
});

/*
 * Two paid orders refunded: 少儿国画启蒙班 (张小明) in full before it started, 少儿素描班 (张小红) for the
 * sessions not yet held (it started on 13 September); a third, 少儿围棋班, is being refunded.
 */
const refunded = familyWorld((b) => {
  const sessionsOf = (klass: Row<'classes'>) => b.snapshot.classSessions.filter((s) => s.class_id === klass.id);
  const sundays = { weekdays: [7 as const], first_session_date: '2026-09-13', start_time: '14:00', end_time: '15:30', time_of_day: timeOfDay.values.afternoon };
  const guohua = b.klass({ id: 3, name: '少儿国画启蒙班', fee: 1800 });
  const whole = enrol(b, { parent: b.parent, child: b.xiaoming, klass: guohua, signedUpAt: at('2026-11-20', '10:00'), outcome: 'paid' });
  addRefund(b, { order: whole.order!, sessions: sessionsOf(guohua), appliedAt: at('2026-11-25', '09:00'), status: refundStatus.values.refunded, reason: '孩子转学' });
  const sketch = b.klass({ id: 7, name: '少儿素描班', fee: 1800, ...sundays });
  const part = enrol(b, { parent: b.parent, child: b.xiaohong, klass: sketch, signedUpAt: at('2026-08-16', '10:00'), outcome: 'paid' });
  addRefund(b, { order: part.order!, sessions: sessionsOf(sketch), appliedAt: at('2026-12-01', '09:00'), status: refundStatus.values.refunded, reason: '孩子转学' });
  const go = b.klass({ id: 8, name: '少儿围棋班', fee: 1600, ...sundays });
  const running = enrol(b, { parent: b.parent, child: b.xiaohong, klass: go, signedUpAt: at('2026-08-16', '11:00'), outcome: 'paid' });
  addRefund(b, { order: running.order!, sessions: sessionsOf(go), appliedAt: TEST_NOW - 10 * MINUTE, status: refundStatus.values.applying, reason: '孩子时间冲突' });
  refundedOrders = { whole: whole.order!.id, part: part.order!.id, running: running.order!.id };
});
let refundedOrders!: { whole: number; part: number; running: number };

const noSignUps = familyWorld();

const card = (className: string) => screen.getByRole('article', { name: className });

/** The buttons and links of a card besides the class name. */
const actionsOf = (name: string) => [...card(name).querySelectorAll('a, button')].map((el) => el.textContent).filter((text) => text !== name);

/** The sign_up_list calls the page made, by their query (in front of the mock, which answers). */
function recordSignUpLists(): URLSearchParams[] {
  return recordCalls('get', '*/sign_up_list', ({ url }) => url.searchParams);
}

/** The cancel_sign_up calls sent, by id (they go on to the mock). */
function recordCancels(): string[] {
  return recordCalls('post', '*/cancel_sign_up/:id', ({ params }) => String(params.id));
}

describe('/personal/classBooking 报名记录', () => {
  it('shows each sign-up with class, child, admission kind, status and what happens next', async () => {
    await renderRoute('/personal/classBooking', { world, as: 'zhangwei' });
    const c = await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    expect(within(c).getByRole('link', { name: '少儿篮球训练营（寒假）' })).toHaveAttribute('href', '/details?id=8');
    expect(within(c).getByText('报名孩子：张小明')).toBeInTheDocument();
    expect(within(c).getByText('报名时间：2026-11-28 10:00')).toBeInTheDocument();
    expect(within(c).getByText('费用：¥1,500.00')).toBeInTheDocument();
    expect(within(c).getByText('摇号')).toBeInTheDocument();
    expect(within(c).getByText('待摇号')).toBeInTheDocument();
    expect(within(c).getByText('将于12月6日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: '查看课程' })).toHaveAttribute('href', '/details?id=8');
  });

  it('offers the next step each status allows', async () => {
    await renderRoute('/personal/classBooking', { world: oneOfEach, as: 'zhangwei' });
    await screen.findByRole('article', { name: '少儿国画启蒙班' });
    expect(within(card('少儿国画启蒙班')).getByText('待下单').className).toMatch(/text-danger/);
    expect(actionsOf('少儿国画启蒙班')).toEqual(['去下单', '取消报名', '查看课程']);
    expect(within(card('少儿国画启蒙班')).getByRole('link', { name: '去下单' })).toHaveAttribute('href', `/settlement?signUpId=${each.awaiting}`);
    expect(within(card('少儿篮球训练营（寒假）')).getByText('待摇号')).toBeInTheDocument();
    expect(actionsOf('少儿篮球训练营（寒假）')).toEqual(['取消报名', '查看课程']);
    expect(within(card('小主持人寒假集训营')).getByText('待面试')).toBeInTheDocument();
    expect(actionsOf('小主持人寒假集训营')).toEqual(['取消报名', '查看课程']);
    expect(within(card('钢琴精品小班（春季）')).getByText(signUpStatus.label(admitted))).toBeInTheDocument();
    expect(actionsOf('钢琴精品小班（春季）')).toEqual(['去下单', '取消报名', '查看课程']);
    expect(within(card('钢琴精品小班（春季）')).getByRole('link', { name: '去下单' })).toHaveAttribute('href', `/settlement?signUpId=${each.admitted}`);
    expect(within(card('寒假古筝集训营')).getByText('未录取')).toBeInTheDocument();
    expect(actionsOf('寒假古筝集训营')).toEqual(['查看课程']);
    expect(within(card('中国舞寒假集训营')).getByText('已下单')).toBeInTheDocument();
    expect(actionsOf('中国舞寒假集训营')).toEqual(['去支付', '取消报名', '查看课程']);
    expect(within(card('中国舞寒假集训营')).getByRole('link', { name: '去支付' })).toHaveAttribute('href', `/collectMoney?orderId=${each.ordered.order}`);
    expect(within(card('少儿书法班')).getByText('报名成功').className).toMatch(/text-success/);
    expect(actionsOf('少儿书法班')).toEqual(['查看订单', '查看课程']);
    expect(within(card('少儿书法班')).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${each.enrolledOrder}`);
    expect(within(card('少儿陶艺班')).getByText('已取消')).toBeInTheDocument();
    expect(actionsOf('少儿陶艺班')).toEqual(['查看课程']);
  });

  it('a refunded order ends its sign-up: 已退费 or 已退出, the seat released, the order still there to read', async () => {
    await renderRoute('/personal/classBooking', { world: refunded, as: 'zhangwei' });
    await screen.findByRole('article', { name: '少儿国画启蒙班' });
    expect(within(card('少儿国画启蒙班')).getByText('已退费')).toBeInTheDocument();
    expect(within(card('少儿国画启蒙班')).getByText('已全额退费，名额已释放')).toBeInTheDocument();
    expect(within(card('少儿国画启蒙班')).queryByText(/请按时上课/)).toBeNull();
    expect(actionsOf('少儿国画启蒙班')).toEqual(['查看订单', '查看课程']);
    expect(within(card('少儿国画启蒙班')).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${refundedOrders.whole}`);
    expect(within(card('少儿素描班')).getByText('已退出')).toBeInTheDocument();
    expect(within(card('少儿素描班')).getByText('已按未上课次数退费，已退出该班，名额已释放')).toBeInTheDocument();
    expect(actionsOf('少儿素描班')).toEqual(['查看订单', '查看课程']);
    // Still enrolled until the refund is done, and told so.
    expect(within(card('少儿围棋班')).getByText('报名成功')).toBeInTheDocument();
    expect(within(card('少儿围棋班')).getByText('退费申请处理中，退费完成后将退出该班')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: '报名状态' }));
    await userEvent.click(tabs.getByRole('link', { name: '已退费' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '少儿素描班' })).toBeNull());
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['少儿国画启蒙班']);
    await userEvent.click(tabs.getByRole('link', { name: '已退出' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '少儿国画启蒙班' })).toBeNull());
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['少儿素描班']);
  });

  it('the child filter and the status tabs reach the query and the address', async () => {
    const asked = recordSignUpLists();
    const app = await renderRoute('/personal/classBooking', { world, as: 'zhangwei' });
    await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' });
    expect(asked[0]!.get('contact_id')).toBeNull();
    expect(asked[0]!.get('status')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    const child = screen.getByRole('combobox', { name: '孩子' });
    await waitFor(() =>
      expect(
        within(child)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['全部孩子', '张小明', '张小红']),
    );
    await userEvent.selectOptions(child, '张小红');
    await waitFor(() => expect(app.location()).toBe('/personal/classBooking?child=2'));
    await waitFor(() => expect(asked.at(-1)!.get('contact_id')).toBe('2'));
    await waitFor(() => expect(screen.queryByRole('article', { name: '少儿篮球训练营（寒假）' })).toBeNull());
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['少儿国画启蒙班', '钢琴精品小班（春季）']);

    await userEvent.click(within(screen.getByRole('navigation', { name: '报名状态' })).getByRole('link', { name: '待摇号' }));
    await waitFor(() => expect(app.location()).toBe('/personal/classBooking?child=2&status=lotteryPending'));
    await waitFor(() => expect(asked.at(-1)!.get('status')).toBe(String(lotteryPending)));
    expect(asked.at(-1)!.get('contact_id')).toBe('2');
    await waitFor(() => expect(screen.queryByRole('article', { name: '少儿国画启蒙班' })).toBeNull());
    expect(screen.getByRole('article', { name: '钢琴精品小班（春季）' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '孩子' })).toHaveValue('2');
  });

  it('opens with the filters in the address', async () => {
    const asked = recordSignUpLists();
    await renderRoute('/personal/classBooking?status=admitted&child=1&page=2', { world: manyAdmitted, as: 'zhangwei' });
    await screen.findByRole('article', { name: '少儿美术1班' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(asked[0]!.get('status')).toBe(String(admitted));
    expect(asked[0]!.get('contact_id')).toBe('1');
    expect(asked[0]!.get('page')).toBe('2');
    expect(within(screen.getByRole('navigation', { name: '报名状态' })).getByRole('link', { name: '已录取' })).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: '孩子' })).toHaveValue('1');
  });

  it('cancelling asks first with the cancel count, sends cancel_sign_up, and refreshes', async () => {
    const counted: URLSearchParams[] = [];
    const sent: { id: string; body: unknown }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Both record and go on to the mock; the cancel is held until released.
    server.use(
      http.get('*/cancel_sign_up_count', ({ request }) => {
        counted.push(new URL(request.url).searchParams);
      }),
      http.post('*/cancel_sign_up/:id', async ({ params, request }) => {
        sent.push({ id: String(params.id), body: await request.clone().json() });
        await held;
      }),
    );
    const { mock } = await renderRoute('/personal/classBooking', { world: twiceCancelled, as: 'zhangwei' });
    await screen.findAllByRole('article', { name: '少儿篮球训练营（寒假）' });
    const cards = () => screen.getAllByRole('article', { name: '少儿篮球训练营（寒假）' });
    expect(cards()).toHaveLength(3);
    // Newest first: the sign-up still waiting for the draw, then the two cancelled ones.
    const c = cards()[0]!;
    expect(within(c).getByText('待摇号')).toBeInTheDocument();
    await userEvent.click(within(c).getByRole('button', { name: '取消报名' }));
    const dialog = screen.getByRole('dialog', { name: '取消报名' });
    expect(dialog).toHaveTextContent('确定取消张小明报名的「少儿篮球训练营（寒假）」吗？');
    expect(dialog).toHaveTextContent('取消后将不再参加本次摇号。');
    expect(await within(dialog).findByText('同一班级每个孩子最多可取消报名 3 次，张小明已取消 2 次。')).toBeInTheDocument();
    expect(within(dialog).getByText('本次取消后将达到上限，张小明将不能再报名该班。')).toBeInTheDocument();
    expect(counted.at(-1)!.get('class_id')).toBe('8');
    expect(counted.at(-1)!.get('contact_id')).toBe('1');
    expect(sent).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(sent).toEqual([{ id: String(third.id), body: {} }]));
    expect(within(dialog).getByRole('button', { name: '确定取消' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '再想想' })).toBeDisabled();
    release();
    expect(await screen.findByText('报名已取消')).toBeInTheDocument();
    await waitFor(() => expect(within(cards()[0]!).getByText('已取消')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '取消报名' })).toBeNull();
    const row = mock.db.signUps.findFirst((q) => q.where({ id: third.id }))!;
    expect(row.status).toBe(cancelled);
    expect(row.cancel_reason).toBe('家长取消报名');
  });

  it('far from the limit, the dialog warns of nothing; 再想想 sends nothing', async () => {
    const sent = recordCancels();
    await renderRoute('/personal/classBooking', { world: oneOfEach, as: 'zhangwei' });
    const c = await screen.findByRole('article', { name: '中国舞寒假集训营' });
    await userEvent.click(within(c).getByRole('button', { name: '取消报名' }));
    const dialog = screen.getByRole('dialog', { name: '取消报名' });
    expect(dialog).toHaveTextContent('该报名的待支付订单将一并取消');
    expect(await within(dialog).findByText(/已取消 0 次/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/将达到上限/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a refused cancel is told by the central policy and the list is asked again', async () => {
    const asked = recordSignUpLists();
    const { mock, ports } = await renderRoute('/personal/classBooking', { world: oneOfEach, as: 'zhangwei' });
    const c = await screen.findByRole('article', { name: '中国舞寒假集训营' });
    await userEvent.click(within(c).getByRole('button', { name: '取消报名' }));
    await within(screen.getByRole('dialog')).findByText(/已取消 0 次/);
    // Meanwhile the order was paid (in another tab): the mock refuses to cancel a paid sign-up.
    const { order, signUp } = each.ordered;
    await mock.db.orders.update((q) => q.where({ id: order }), {
      data(o) {
        Object.assign(o, { status: orderStatus.values.paid, pay_time: mock.nowIso(), paid_amount: o.amount });
      },
    });
    await mock.db.signUps.update((q) => q.where({ id: signUp }), { data: (s) => void (s.status = signUpStatus.values.enrolled) });
    const before = asked.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(ports.toastError).toHaveBeenCalledWith('该报名已缴费，不能取消；如需退出请申请退费'));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    await waitFor(() => expect(within(card('中国舞寒假集训营')).getByText('报名成功')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there are no sign-ups, with a way to browse classes', async () => {
    await renderRoute('/personal/classBooking', { world: noSignUps, as: 'zhangwei' });
    expect(await screen.findByText('还没有报名记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课程' })).toHaveAttribute('href', '/searchHome');
  });

  it('says when nothing matches the filters', async () => {
    await renderRoute('/personal/classBooking?status=interviewPending', { world, as: 'zhangwei' });
    expect(await screen.findByText('没有符合条件的报名记录')).toBeInTheDocument();
  });

  it('explains a failure and loads again on request', async () => {
    failOnce('*/sign_up_list');
    await renderRoute('/personal/classBooking', { world, as: 'zhangwei' });
    await reloadAfterFailure('报名记录加载失败');
    expect(await screen.findByRole('article', { name: '少儿篮球训练营（寒假）' })).toBeInTheDocument();
  });
});
