import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classType, orderStatus, refundStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { MINUTE, at } from '#fixtures/time';
import { addRefund, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { http, server } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute, type World } from '../../test/render-route.tsx';

/** Builds the world now, so its ids are known before the first render (renderRoute still caches it). */
function builtNow(build: () => World): () => World {
  const made = build();
  return () => made;
}

/** The sessions b.klass made for a class. */
const sessionsOf = (b: FamilyBuilder, klass: Row<'classes'>) => b.snapshot.classSessions.filter((s) => s.class_id === klass.id);

/** ¥1,600 for 16 Sunday afternoons from `first` (¥100 a session). */
const sundayClass = (b: FamilyBuilder, o: { id: number; name: string; first: string }) =>
  b.klass({ id: o.id, name: o.name, fee: 1600, weekdays: [7], first_session_date: o.first, start_time: '14:00', end_time: '15:30', time_of_day: timeOfDay.values.afternoon });

/*
 * 张伟's paid orders:
 *  - regular: 少儿国画启蒙班 for 张小明, 12 of 16 sessions held: ¥400 back for the last 4;
 *  - activity: 新年音乐会亲子专场 (¥200, on 31 December) for 张小红: all back before it starts;
 *  - over: 少儿素描班, all 16 sessions held (from 16 August): nothing left;
 *  - refunding: 少儿书法班, a refund asked 20 minutes ago still running.
 */
let orders!: { regular: Row<'orders'>; activity: number; over: number; refunding: number; running: number };
const world = builtNow(
  familyWorld((b) => {
    const paid = (child: Row<'contacts'>, klass: Row<'classes'>) => enrol(b, { parent: b.parent, child, klass, signedUpAt: at('2026-08-10', '10:05'), outcome: 'paid' }).order!;
    const guohua = sundayClass(b, { id: 3, name: '少儿国画启蒙班', first: '2026-09-13' });
    const concert = b.klass({ id: 4, name: '新年音乐会亲子专场', fee: 200, class_type: classType.values.activity, first_session_date: '2026-12-31', session_count: 1 });
    const sketch = sundayClass(b, { id: 5, name: '少儿素描班', first: '2026-08-16' });
    const ink = sundayClass(b, { id: 6, name: '少儿书法班', first: '2026-09-13' });
    const regular = paid(b.xiaoming, guohua);
    const activity = enrol(b, { parent: b.parent, child: b.xiaohong, klass: concert, signedUpAt: at('2026-12-01', '20:00'), outcome: 'paid' }).order!;
    const over = paid(b.xiaohong, sketch);
    const refunding = paid(b.xiaoming, ink);
    const running = addRefund(b, { order: refunding, sessions: sessionsOf(b, ink), appliedAt: TEST_NOW - 20 * MINUTE, status: refundStatus.values.applying, reason: '孩子时间安排冲突' });
    orders = { regular, activity: activity.id, over: over.id, refunding: refunding.id, running: running.id };
  }),
);

const reasonBox = () => screen.getByRole('textbox', { name: /退费原因/ });
const applyButton = () => screen.getByRole('button', { name: '申请退费' });

/** The apply calls sent (regular or activity), with their bodies; they go on to the mock unless `hold` is given. */
function recordApplies(hold?: Promise<void>): { path: string; body: unknown }[] {
  const applied: { path: string; body: unknown }[] = [];
  const record = (op: string) =>
    http.post(`*/${op}/:id`, async ({ params, request }) => {
      applied.push({ path: `${op}/${String(params.id)}`, body: await request.clone().json() });
      await hold;
    });
  server.use(record('apply_refund'), record('activity_apply_refund'));
  return applied;
}

async function open(orderId: number) {
  const app = await renderRoute(`/personal/refundConfirm?id=${orderId}`, { world, as: 'zhangwei' });
  await screen.findByTestId('refundable-amount');
  return app;
}

/** The refund the mock made for an order (the running one). */
const newRefundOf = (mock: Awaited<ReturnType<typeof open>>['mock'], orderId: number) => mock.db.refunds.findFirst((q) => q.where({ order_id: orderId, status: refundStatus.values.applying }));

describe('/personal/refundConfirm 申请退费', () => {
  it('shows the order and the preview: paid, refunded, sessions, per-session fee and the refundable amount', async () => {
    await open(orders.regular.id);
    const order = screen.getByRole('region', { name: '订单信息' });
    expect(within(order).getByText('少儿国画启蒙班')).toBeInTheDocument();
    expect(within(order).getByText('张小明')).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: orders.regular.order_no })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.regular.id}`);

    const preview = screen.getByRole('region', { name: '退费金额' });
    expect(screen.getByTestId('refundable-amount')).toHaveTextContent('¥400.00');
    expect(within(preview).getByText('¥1,600.00（学费及已缴的补缴费用）')).toBeInTheDocument();
    expect(within(preview).getByText('共16次，已开课12次，剩余4次')).toBeInTheDocument();
    expect(within(preview).getByText('¥100.00')).toBeInTheDocument();
    expect(within(preview).getByText('按未上课的课次退还')).toBeInTheDocument();
    expect(within(preview).getByText(/按未上课的4次课退还学费/)).toBeInTheDocument();
  });

  it('explains a missing or short reason beside the box and sends nothing', async () => {
    const applied = recordApplies();
    await open(orders.regular.id);
    await userEvent.click(applyButton());
    // The contract's rules load at the form's first touch (decision 091): the message may come later.
    await waitFor(() => expect(reasonBox()).toHaveAccessibleDescription('请填写退费原因'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(reasonBox(), ' 搬 ');
    await userEvent.click(applyButton());
    // Checked once the box has the focus back.
    await waitFor(() => expect(reasonBox()).toHaveFocus());
    expect(reasonBox()).toHaveAccessibleDescription('请填写退费原因');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(applied).toEqual([]);
  });

  it('asks for confirmation stating the amount, then applies and opens the new refund', async () => {
    let release!: () => void;
    const applied = recordApplies(new Promise<void>((resolve) => (release = resolve)));
    const { mock, location } = await open(orders.regular.id);
    await userEvent.click(screen.getByRole('button', { name: '孩子时间安排冲突' }));
    expect(reasonBox()).toHaveValue('孩子时间安排冲突');
    await userEvent.type(reasonBox(), '，周日无法到校');
    await userEvent.click(applyButton());

    const dialog = await screen.findByRole('dialog', { name: '确认申请退费' });
    expect(within(dialog).getByText('¥400.00')).toBeInTheDocument();
    expect(applied).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确认退费' }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toEqual({ path: `apply_refund/${orders.regular.id}`, body: { reason: '孩子时间安排冲突，周日无法到校' } });
    expect(within(dialog).getByRole('button', { name: '确认退费' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '再想想' })).toBeDisabled();

    release();
    await waitFor(() => expect(newRefundOf(mock, orders.regular.id)).toBeDefined());
    const refund = newRefundOf(mock, orders.regular.id)!;
    expect(refund).toMatchObject({ amount: 400, sessions_refunded: 4, reason: '孩子时间安排冲突，周日无法到校' });
    await waitFor(() => expect(location()).toBe(`/personal/refundDetails?id=${refund.id}`));
    expect(await screen.findByRole('heading', { name: '退费详情' })).toBeInTheDocument();
    expect(mock.db.orders.findFirst((q) => q.where({ id: orders.regular.id }))!.status).toBe(orderStatus.values.refunding);
  });

  it('shows a refusal on the page and keeps the typed reason', async () => {
    const { mock, ports, location, user } = await open(orders.regular.id);
    await userEvent.type(reasonBox(), '孩子要参加学校集训');
    await userEvent.click(applyButton());
    // Meanwhile a refund of the order was asked from another tab: the mock refuses a second one.
    const id = orders.regular.id;
    await mock.db.refunds.create({
      id: 99,
      refund_no: 'RF2026120500000099',
      parent_id: user!.id,
      order_id: id,
      amount: 400,
      status: refundStatus.values.applying,
      reason: '孩子时间安排冲突',
      sessions_refunded: 4,
      applied_at: mock.nowIso(),
      finished_at: null,
      reject_reason: null,
      is_activity: false,
    });
    await mock.db.orders.update((q) => q.where({ id }), { data: (o) => void (o.status = orderStatus.values.refunding) });
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认退费' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('该订单已有退费申请正在处理，请勿重复申请');
    expect(reasonBox()).toHaveValue('孩子要参加学校集训');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(location()).toBe(`/personal/refundConfirm?id=${id}`);
    expect(mock.db.refunds.findMany((q) => q.where({ order_id: id }))).toHaveLength(1);
  });

  it('uses the activity calls for an activity order, known from the order itself', async () => {
    const applied = recordApplies();
    const classCalls: string[] = [];
    server.use(http.get('*/class_detail/:id', ({ params }) => void classCalls.push(String(params.id))));
    const { mock, location } = await open(orders.activity);
    expect(screen.getByTestId('refundable-amount')).toHaveTextContent('¥200.00');
    expect(screen.getByText('共1场，已开始0场，剩余1场')).toBeInTheDocument();
    expect(screen.getByText('全额退还')).toBeInTheDocument();
    await userEvent.type(reasonBox(), '活动当天有事');
    await userEvent.click(applyButton());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认退费' }));
    await waitFor(() => expect(newRefundOf(mock, orders.activity)).toBeDefined());
    const refund = newRefundOf(mock, orders.activity)!;
    expect(refund).toMatchObject({ amount: 200, is_activity: true, reason: '活动当天有事' });
    // The details link says it is an activity's refund: one call there.
    await waitFor(() => expect(location()).toBe(`/personal/refundDetails?id=${refund.id}&activity=1`));
    expect(applied).toEqual([{ path: `activity_apply_refund/${orders.activity}`, body: { reason: '活动当天有事' } }]);
    // order_detail carries class_type: no class_detail to learn the kind.
    expect(classCalls).toEqual([]);
  });

  it('offers no form when nothing is left to refund', async () => {
    await open(orders.over);
    expect(screen.getByTestId('refundable-amount')).toHaveTextContent('¥0.00');
    expect(screen.getByText('课程16次已全部开课，没有可退的金额')).toBeInTheDocument();
    expect(screen.getByText(/当前没有可退的金额/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '申请退费' })).toBeNull();
  });

  it('says why when the preview is refused (a refund already running)', async () => {
    const { ports } = await renderRoute(`/personal/refundConfirm?id=${orders.refunding}`, { world, as: 'zhangwei' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('不能申请退费');
    expect(alert).toHaveTextContent('该订单已有退费申请正在处理，请勿重复申请');
    expect(within(alert).getByRole('link', { name: '查看退费进度' })).toHaveAttribute('href', `/personal/refundDetails?id=${orders.running}`);
    expect(screen.queryByRole('button', { name: '申请退费' })).toBeNull();
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('asks for an order when the address has none', async () => {
    await renderRoute('/personal/refundConfirm', { world, as: 'zhangwei' });
    expect(await screen.findByText('没有找到要退费的订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });
});
