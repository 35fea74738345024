import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderStatus, refundStatus } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderPage, sampleOrder, sampleOrderDetail, sampleRefund, type SampleOrder, type SampleOrderDetail } from './test-samples.ts';


/** The first render loads the route's code: slower than the rest on a cold run. */
const LOAD = { timeout: 5000 };

let detailCalls: number[] = [];
function answer(orders: SampleOrder[], details: Record<number, SampleOrderDetail>) {
  server.use(
    http.get(chromeUrl('order_list'), () => ok(orderPage(orders))),
    http.get(chromeUrl('order_detail/:id'), ({ params }) => {
      const id = Number(params.id);
      detailCalls.push(id);
      return ok(details[id]!);
    }),
  );
}

beforeEach(() => {
  detailCalls = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

describe('/personal/refund 退费记录', () => {
  it('lists the orders that have refunds, each refund with its number, amount, status, times and a link to its details', async () => {
    const refunding = sampleOrder({ id: 7, status: orderStatus.values.refunding });
    const rejectedOnPaid = sampleOrder({ id: 8, class_name: '少儿科学实验班', order_no: 'CC0008', status: orderStatus.values.paid });
    const paidNoRefund = sampleOrder({ id: 9, class_name: '少儿钢琴班', status: orderStatus.values.paid });
    const cancelled = sampleOrder({ id: 10, class_name: '儿童音乐会', status: orderStatus.values.cancelled });
    answer([refunding, rejectedOnPaid, paidNoRefund, cancelled], {
      7: sampleOrderDetail({ id: 7, status: orderStatus.values.refunding, refunds: [sampleRefund({ id: 31, amount: 400 })] }),
      8: sampleOrderDetail({
        id: 8,
        class_name: '少儿科学实验班',
        order_no: 'CC0008',
        refunds: [
          sampleRefund({
            id: 29,
            order_id: 8,
            refund_no: 'RF2026112000000029',
            amount: 750,
            status: refundStatus.values.rejected,
            applied_at: '2026-11-20T09:00:00+08:00',
            finished_at: '2026-11-20T10:00:00+08:00',
          }),
        ],
      }),
      9: sampleOrderDetail({ id: 9, class_name: '少儿钢琴班', refunds: [] }),
    });
    renderApp('/personal/refund');

    const first = await screen.findByRole('listitem', { name: '少儿国画启蒙班' }, LOAD);
    expect(within(first).getByText('退费中')).toBeInTheDocument();
    const row = within(first).getByRole('row', { name: /RF2026120500000031/ });
    expect(within(row).getByText('¥400.00')).toBeInTheDocument();
    expect(within(row).getByText('退费申请中')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-05 09:40')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /查看退费详情/ })).toHaveAttribute('href', '/personal/refundDetails?id=31');
    expect(within(first).getByRole('link', { name: '订单详情 CC202608151005000007' })).toHaveAttribute('href', '/personal/orderDetails?id=7');

    // A rejected refund leaves its order 已支付: it is still a refund record.
    const second = screen.getByRole('listitem', { name: '少儿科学实验班' });
    const rejected = within(second).getByRole('row', { name: /RF2026112000000029/ });
    expect(within(rejected).getByText('退费被驳回')).toBeInTheDocument();
    expect(within(rejected).getByText('2026-11-20 10:00')).toBeInTheDocument();

    expect(screen.queryByText('少儿钢琴班')).toBeNull();
    expect(screen.queryByText('儿童音乐会')).toBeNull();
    // Orders that never were paid cannot hold a refund: their details are not fetched.
    expect(detailCalls.sort()).toEqual([7, 8, 9]);
  });

  it('says so when there is no refund, with a way to the orders', async () => {
    answer([sampleOrder({ id: 9 })], { 9: sampleOrderDetail({ id: 9 }) });
    renderApp('/personal/refund');
    expect(await screen.findByText('暂无退费记录', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });

  it('pages the orders five at a time', async () => {
    const orders = Array.from({ length: 6 }, (_, i) => sampleOrder({ id: i + 1, class_name: `课程${i + 1}`, status: orderStatus.values.refunded }));
    const details = Object.fromEntries(
      orders.map((o, i) => [
        o.id,
        sampleOrderDetail({
          ...o,
          refunds: [sampleRefund({ id: 100 + i, order_id: o.id, refund_no: `RF${100 + i}`, applied_at: `2026-11-${String(10 + i).padStart(2, '0')}T09:00:00+08:00` })],
        }),
      ]),
    );
    answer(orders, details);
    renderApp('/personal/refund');
    // Newest refund first.
    expect(await screen.findByRole('listitem', { name: '课程6' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '课程1' })).toBeNull();
    expect(screen.getByText('共 6 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByRole('listitem', { name: '课程1' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '课程6' })).toBeNull();
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(chromeUrl('order_list'), () => (++calls === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(orderPage([])))),
    );
    const app = renderApp('/personal/refund');
    await userEvent.click(await screen.findByRole('button', { name: '重新加载' }, LOAD));
    expect(await screen.findByText('暂无退费记录')).toBeInTheDocument();
    expect(app.ports.toastError).toHaveBeenCalledWith('服务器开小差了，请稍后再试');
  });
});
