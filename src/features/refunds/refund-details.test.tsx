import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refundStatus } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sampleRefund } from './test-samples.ts';


const LOAD = { timeout: 5000 };
const notFound = (msg: string) => fail(404, 404001, msg);

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

const stepTexts = () => within(screen.getByRole('list', { name: '退费进度' })).getAllByRole('listitem').map((li) => li.textContent);

describe('/personal/refundDetails 退费详情', () => {
  it('shows a refund under way: status, amount, number, the progress so far and the facts', async () => {
    server.use(http.get(chromeUrl('refund_detail/:id'), () => ok(sampleRefund({ id: 31 }))));
    renderApp('/personal/refundDetails?id=31');
    const summary = await screen.findByRole('region', { name: '退费概况' }, LOAD);
    expect(within(summary).getByText('退费申请中')).toBeInTheDocument();
    expect(within(summary).getByText('¥400.00')).toBeInTheDocument();
    expect(within(summary).getByText('RF2026120500000031')).toBeInTheDocument();
    expect(stepTexts()).toEqual(['✓提交申请（已完成）2026-12-05 09:40', '2处理中（进行中）等待中心受理', '3已退费（未开始）']);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('处理中');
    const facts = screen.getByRole('region', { name: '退费信息' });
    expect(within(facts).getByText('孩子时间安排冲突')).toBeInTheDocument();
    expect(within(facts).getByText('4次')).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: 'CC202608151005000007' })).toHaveAttribute('href', '/personal/orderDetails?id=7');
    expect(screen.queryByRole('note', { name: '驳回原因' })).toBeNull();
  });

  it('shows a finished refund with the time the money came back', async () => {
    server.use(http.get(chromeUrl('refund_detail/:id'), () => ok(sampleRefund({ status: refundStatus.values.refunded, finished_at: '2026-12-06T10:40:00+08:00' }))));
    renderApp('/personal/refundDetails?id=31');
    expect(await screen.findByText('已退金额', {}, LOAD)).toBeInTheDocument();
    expect(stepTexts()[2]).toBe('✓已退费（已完成）2026-12-06 10:40');
  });

  it('says why a refund was rejected and offers to apply again', async () => {
    server.use(
      http.get(chromeUrl('refund_detail/:id'), () =>
        ok(sampleRefund({ status: refundStatus.values.rejected, finished_at: '2026-12-05T10:40:00+08:00', reject_reason: '请补充医院证明后重新申请' })),
      ),
    );
    renderApp('/personal/refundDetails?id=31');
    const note = await screen.findByRole('note', { name: '驳回原因' }, LOAD);
    expect(note).toHaveTextContent('请补充医院证明后重新申请');
    expect(within(note).getByRole('link', { name: '重新申请退费' })).toHaveAttribute('href', '/personal/refundConfirm?id=7');
    expect(stepTexts()[2]).toBe('!已驳回（未通过）2026-12-05 10:40');
    expect(screen.getByText('驳回时间')).toBeInTheDocument();
  });

  it('reads an activity refund from activity_refund_detail when refund_detail does not know it', async () => {
    server.use(
      http.get(chromeUrl('refund_detail/:id'), () => (calls.push('refund_detail'), notFound('该退费记录属于活动订单，请在活动退费详情中查看'))),
      http.get(chromeUrl('activity_refund_detail/:id'), () => (calls.push('activity_refund_detail'), ok(sampleRefund({ class_name: '新年音乐会亲子专场', sessions_refunded: 1 })))),
    );
    const app = renderApp('/personal/refundDetails?id=31');
    const facts = await screen.findByRole('region', { name: '退费信息' }, LOAD);
    expect(within(facts).getByText('活动')).toBeInTheDocument();
    expect(within(facts).getByText('新年音乐会亲子专场')).toBeInTheDocument();
    expect(within(facts).getByText('1场')).toBeInTheDocument();
    expect(calls).toEqual(['refund_detail', 'activity_refund_detail']);
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('says so when neither call knows the refund', async () => {
    server.use(
      http.get(chromeUrl('refund_detail/:id'), () => notFound('退费记录不存在或已删除')),
      http.get(chromeUrl('activity_refund_detail/:id'), () => notFound('该退费记录属于课程订单，请在课程退费详情中查看')),
    );
    const app = renderApp('/personal/refundDetails?id=99');
    const empty = (await screen.findByText('没有找到这笔退费', {}, LOAD)).closest<HTMLElement>('[role="status"]')!;
    expect(empty).toHaveTextContent('退费记录不存在或已删除');
    expect(within(empty).getByRole('link', { name: '返回退费记录' })).toHaveAttribute('href', '/personal/refund');
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('explains a failure other than not-found, with a retry', async () => {
    let n = 0;
    server.use(http.get(chromeUrl('refund_detail/:id'), () => (++n === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(sampleRefund()))));
    renderApp('/personal/refundDetails?id=31');
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '退费概况' })).toBeInTheDocument();
  });
});
