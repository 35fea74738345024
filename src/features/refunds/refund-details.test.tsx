import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classType, refundStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { at } from '#fixtures/time';
import { addRefund, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { fail, http, server } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute, type World } from '../../test/render-route.tsx';
import { toastStore } from '../../stores/toast-store.ts';

/** Builds the world now, so its ids are known before the first render (renderRoute still caches it). */
function builtNow(build: () => World): () => World {
  const made = build();
  return () => made;
}

/** The sessions b.klass made for a class. */
const sessionsOf = (b: FamilyBuilder, klass: Row<'classes'>) => b.snapshot.classSessions.filter((s) => s.class_id === klass.id);

/** ¥1,600 for 16 Sunday afternoons from 13 September: 12 held by now, ¥100 a session. */
const sundayClass = (b: FamilyBuilder, o: { id: number; name: string }) =>
  b.klass({ ...o, fee: 1600, weekdays: [7], first_session_date: '2026-09-13', start_time: '14:00', end_time: '15:30', time_of_day: timeOfDay.values.afternoon });

/*
 * 张伟's refunds:
 *  - running: 少儿国画启蒙班 (张小明), the last 4 sessions (¥400) asked today at 09:40 because 孩子时间安排冲突;
 *  - done: 少儿素描班 (张小红), 4 sessions asked on 1 December 09:40, the money back on 2 December 10:40;
 *  - rejected: 少儿书法班 (张小明), asked on 4 December 09:40 and rejected at 10:40;
 *  - activity: 新年音乐会亲子专场 (张小红), the whole ticket, asked today at 08:00.
 */
let refunds!: Refunds;
const world = builtNow(
  familyWorld((b) => {
    const guohua = sundayClass(b, { id: 3, name: '少儿国画启蒙班' });
    const sketch = sundayClass(b, { id: 4, name: '少儿素描班' });
    const ink = sundayClass(b, { id: 5, name: '少儿书法班' });
    const concert = b.klass({ id: 6, name: '新年音乐会亲子专场', fee: 120, class_type: classType.values.activity, first_session_date: '2026-12-31', session_count: 1 });
    const paid = (child: Row<'contacts'>, klass: Row<'classes'>) => enrol(b, { parent: b.parent, child, klass, signedUpAt: at('2026-08-15', '10:05'), outcome: 'paid' }).order!;

    const runningOrder = paid(b.xiaoming, guohua);
    const running = addRefund(b, { order: runningOrder, sessions: sessionsOf(b, guohua), appliedAt: at('2026-12-05', '09:40'), status: refundStatus.values.applying, reason: '孩子时间安排冲突' });
    const done = addRefund(b, { order: paid(b.xiaohong, sketch), sessions: sessionsOf(b, sketch), appliedAt: at('2026-12-01', '09:40'), status: refundStatus.values.refunded, reason: '孩子转学' });
    const rejectedOrder = paid(b.xiaoming, ink);
    const rejected = addRefund(b, {
      order: rejectedOrder,
      sessions: sessionsOf(b, ink),
      appliedAt: at('2026-12-04', '09:40'),
      status: refundStatus.values.rejected,
      reason: '孩子身体原因需暂停上课',
      rejectReason: '请补充医院证明后重新申请',
    });
    const concertOrder = enrol(b, { parent: b.parent, child: b.xiaohong, klass: concert, signedUpAt: at('2026-12-01', '20:00'), outcome: 'paid' }).order!;
    const activity = addRefund(b, { order: concertOrder, sessions: sessionsOf(b, concert), appliedAt: at('2026-12-05', '08:00'), status: refundStatus.values.applying, reason: '当天有事无法参加' });
    refunds = { running, runningOrder, done: done.id, rejected: rejected.id, rejectedOrder: rejectedOrder.id, activity: activity.id };
  }),
);
interface Refunds {
  running: Row<'refunds'>;
  runningOrder: Row<'orders'>;
  done: number;
  rejected: number;
  rejectedOrder: number;
  activity: number;
}

const stepTexts = () =>
  within(screen.getByRole('list', { name: '退费进度' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** The refund_detail / activity_refund_detail calls the page made, in order (they go on to the mock). */
function recordDetailCalls(): string[] {
  const calls: string[] = [];
  server.use(
    http.get('*/refund_detail/:id', () => void calls.push('refund_detail')),
    http.get('*/activity_refund_detail/:id', () => void calls.push('activity_refund_detail')),
  );
  return calls;
}

describe('/personal/refundDetails 退费详情', () => {
  it('shows a refund under way: status, amount, number, the progress so far and the facts', async () => {
    await renderRoute(`/personal/refundDetails?id=${refunds.running.id}`, { world, as: 'zhangwei' });
    const { running, runningOrder } = refunds;
    const summary = await screen.findByRole('region', { name: '退费概况' });
    expect(within(summary).getByText('退费申请中')).toBeInTheDocument();
    expect(within(summary).getByText('申请退费金额')).toBeInTheDocument();
    expect(within(summary).getByText('¥400.00')).toBeInTheDocument();
    expect(within(summary).getByText(running.refund_no)).toBeInTheDocument();
    expect(stepTexts()).toEqual(['✓提交申请（已完成）2026-12-05 09:40', '2处理中（进行中）等待中心受理', '3已退费（未开始）']);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('处理中');
    const facts = screen.getByRole('region', { name: '退费信息' });
    expect(within(facts).getByText('课程')).toBeInTheDocument();
    expect(within(facts).getByText('少儿国画启蒙班')).toBeInTheDocument();
    expect(within(facts).getByText('张小明')).toBeInTheDocument();
    expect(within(facts).getByText('孩子时间安排冲突')).toBeInTheDocument();
    expect(within(facts).getByText('4次')).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: runningOrder.order_no })).toHaveAttribute('href', `/personal/orderDetails?id=${runningOrder.id}`);
    expect(screen.queryByRole('note', { name: '驳回原因' })).toBeNull();
  });

  it('withdraws (撤回) an application still 申请中 after asking, and shows it withdrawn', async () => {
    const { mock } = await renderRoute(`/personal/refundDetails?id=${refunds.running.id}`, { world, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '撤回申请' }));
    const dialog = screen.getByRole('dialog', { name: '撤回退费申请' });
    expect(dialog).toHaveTextContent('撤回后订单恢复为已支付');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定撤回' }));
    expect(await screen.findByText('退费申请已撤回')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: '退费概况' })).getByText('已撤回')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
    expect(mock.db.refunds.findFirst((q) => q.where({ id: refunds.running.id }))?.status).toBe(refundStatus.values.withdrawn);
  });

  it('on a backend of spec §7 alone offers no 撤回, learnt from one my_refund_list, and says whom to ask (decision 057)', async () => {
    const lists: string[] = [];
    server.use(http.get('*/my_refund_list', () => void lists.push('my_refund_list')));
    const { ports } = await renderRoute(`/personal/refundDetails?id=${refunds.running.id}`, { world, as: 'zhangwei', prepare: (mock) => void (mock.settings.specOnly = true) });
    await screen.findByRole('region', { name: '退费概况' });
    expect(await screen.findByText('如需撤回申请，请在中心受理前联系授课中心。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
    expect(lists).toEqual(['my_refund_list']);
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('a backend that lists refunds but cannot withdraw: the 404 of withdraw_refund takes 撤回 away and says whom to ask', async () => {
    server.use(http.post('*/withdraw_refund/:id', () => fail(404, 404000, '接口不存在')));
    const { mock, ports } = await renderRoute(`/personal/refundDetails?id=${refunds.running.id}`, { world, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '撤回申请' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '撤回退费申请' })).getByRole('button', { name: '确定撤回' }));
    expect(await screen.findByText('如需撤回申请，请在中心受理前联系授课中心。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastStore().toasts.map((t) => t.message)).toEqual(['暂不能在线撤回退费申请，请联系授课中心']);
    expect(ports.toastError).not.toHaveBeenCalled();
    expect(mock.db.refunds.findFirst((q) => q.where({ id: refunds.running.id }))?.status).toBe(refundStatus.values.applying);
  });

  it('a withdrawal the centre refuses (it accepted the application meanwhile) is said as the backend says it, and the page shows where it stands', async () => {
    const { mock } = await renderRoute(`/personal/refundDetails?id=${refunds.running.id}`, { world, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '撤回申请' }));
    await mock.db.refunds.update((q) => q.where({ id: refunds.running.id }), { data: (r) => void (r.status = refundStatus.values.processing) });
    await userEvent.click(within(screen.getByRole('dialog', { name: '撤回退费申请' })).getByRole('button', { name: '确定撤回' }));
    await waitFor(() => expect(toastStore().toasts.map((t) => t.message)).toEqual(['退费申请已受理，不能撤回']));
    await waitFor(() => expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull());
    expect(within(screen.getByRole('region', { name: '退费概况' })).getByText('退费处理中')).toBeInTheDocument();
  });

  it('offers no withdrawal once the refund is done', async () => {
    await renderRoute(`/personal/refundDetails?id=${refunds.done}`, { world, as: 'zhangwei' });
    await screen.findByRole('region', { name: '退费概况' });
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
  });

  it('shows a finished refund with the time the money came back', async () => {
    await renderRoute(`/personal/refundDetails?id=${refunds.done}`, { world, as: 'zhangwei' });
    expect(await screen.findByText('已退金额')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '退费概况' })).getByText('已退费')).toBeInTheDocument();
    expect(stepTexts()).toEqual(['✓提交申请（已完成）2026-12-01 09:40', '✓处理中（已完成）', '✓已退费（已完成）2026-12-02 10:40']);
  });

  it('says why a refund was rejected and offers to apply again', async () => {
    await renderRoute(`/personal/refundDetails?id=${refunds.rejected}`, { world, as: 'zhangwei' });
    const note = await screen.findByRole('note', { name: '驳回原因' });
    expect(note).toHaveTextContent('请补充医院证明后重新申请');
    expect(within(note).getByRole('link', { name: '重新申请退费' })).toHaveAttribute('href', `/personal/refundConfirm?id=${refunds.rejectedOrder}`);
    expect(stepTexts()[2]).toBe('!已驳回（未通过）2026-12-04 10:40');
    expect(screen.getByText('驳回时间')).toBeInTheDocument();
  });

  it('reads an activity refund from activity_refund_detail when refund_detail does not know it', async () => {
    const calls = recordDetailCalls();
    const { ports } = await renderRoute(`/personal/refundDetails?id=${refunds.activity}`, { world, as: 'zhangwei' });
    const facts = await screen.findByRole('region', { name: '退费信息' });
    expect(within(facts).getByText('活动')).toBeInTheDocument();
    expect(within(facts).getByText('新年音乐会亲子专场')).toBeInTheDocument();
    expect(within(facts).getByText('1场')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '退费概况' })).getByText('¥120.00')).toBeInTheDocument();
    expect(calls).toEqual(['refund_detail', 'activity_refund_detail']);
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('asks activity_refund_detail at once when the link says the refund is an activity’s', async () => {
    const calls = recordDetailCalls();
    await renderRoute(`/personal/refundDetails?id=${refunds.activity}&activity=1`, { world, as: 'zhangwei' });
    const facts = await screen.findByRole('region', { name: '退费信息' });
    expect(within(facts).getByText('活动')).toBeInTheDocument();
    expect(within(facts).getByText('1场')).toBeInTheDocument();
    expect(calls).toEqual(['activity_refund_detail']);
  });

  it('still finds a class refund behind a link that wrongly says activity', async () => {
    const calls = recordDetailCalls();
    await renderRoute(`/personal/refundDetails?id=${refunds.running.id}&activity=1`, { world, as: 'zhangwei' });
    const facts = await screen.findByRole('region', { name: '退费信息' });
    expect(within(facts).getByText('课程')).toBeInTheDocument();
    expect(within(facts).getByText('4次')).toBeInTheDocument();
    expect(calls).toEqual(['activity_refund_detail', 'refund_detail']);
  });

  it('says so when neither call knows the refund', async () => {
    const calls = recordDetailCalls();
    const { ports } = await renderRoute('/personal/refundDetails?id=99', { world, as: 'zhangwei' });
    const empty = (await screen.findByText('没有找到这笔退费')).closest<HTMLElement>('[role="status"]')!;
    expect(empty).toHaveTextContent('退费记录不存在或已删除');
    expect(within(empty).getByRole('link', { name: '返回退费记录' })).toHaveAttribute('href', '/personal/refund');
    expect(calls).toEqual(['refund_detail', 'activity_refund_detail']);
    expect(ports.toastError).not.toHaveBeenCalled();
  });

  it('explains a failure other than not-found, with a retry', async () => {
    failOnce('*/refund_detail/:id');
    await renderRoute(`/personal/refundDetails?id=${refunds.running.id}`, { world, as: 'zhangwei' });
    await reloadAfterFailure('服务器开小差了，请稍后再试');
    expect(await screen.findByRole('region', { name: '退费概况' })).toBeInTheDocument();
  });
});
