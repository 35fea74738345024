import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCodes, orderStatus } from '#contract/index';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server, setupTestServer } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pageOf, sampleOrder, unpaidOrder, type SampleOrder } from './test-samples.ts';

setupTestServer();
// The first render of a file loads the route's chunk and the chrome; under a loaded machine that
// takes longer than findBy's default second.
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('../../pages/personal/my-order.tsx'), 20_000);

/** The queries order_list was asked with, in order. */
let asked: URLSearchParams[] = [];
function answerOrders(answer: (query: URLSearchParams) => ReturnType<typeof ok>) {
  server.use(
    http.get(chromeUrl('order_list'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return answer(query);
    }),
  );
}
const listOf = (orders: SampleOrder[], total?: number) => () => ok(pageOf(orders, { total }));

beforeEach(() => {
  asked = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
});

const row = (orderNo: string) => screen.getByRole('row', { name: `订单 ${orderNo}` });

describe('/personal/myOrder 我的订单', () => {
  it('lists orders under 订单信息 / 金额 / 状态 / 操作 with what each row needs', async () => {
    answerOrders(listOf([sampleOrder()]));
    renderApp('/personal/myOrder');
    const table = await screen.findByRole('table', { name: '订单列表' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['订单信息', '金额', '状态', '操作']);
    const r = row('CC202608151030000011');
    expect(within(r).getByText('订单号：CC202608151030000011')).toBeInTheDocument();
    expect(within(r).getByText('支付时间：2026-08-15 10:33')).toBeInTheDocument();
    expect(within(r).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', '/details?id=3');
    expect(within(r).getByText('报名人数：1人')).toBeInTheDocument();
    expect(within(r).getByText('报名孩子：张小明')).toBeInTheDocument();
    expect(within(r).getByText('¥1,800.00')).toBeInTheDocument();
    expect(within(r).getByText('已支付')).toBeInTheDocument();
    expect(asked[0]!.get('status')).toBeNull();
    expect(asked[0]!.get('page')).toBe('1');
  });

  it('colours the status: red when it needs the parent, green when done, grey when over', async () => {
    answerOrders(listOf([unpaidOrder(), sampleOrder(), sampleOrder({ id: 13, order_no: 'CC3', status: orderStatus.values.cancelled, can_refund: false, can_invoice: false })]));
    renderApp('/personal/myOrder');
    await screen.findByRole('table', { name: '订单列表' });
    expect(within(row('CC202612051000000012')).getByText('待支付').className).toMatch(/text-danger/);
    expect(within(row('CC202608151030000011')).getByText('已支付').className).toMatch(/text-success/);
    expect(within(row('CC3')).getByText('已取消').className).toMatch(/text-muted/);
  });

  it('offers the actions the flags allow, each going where it should', async () => {
    answerOrders(
      listOf([
        unpaidOrder(),
        sampleOrder(),
        sampleOrder({ id: 13, order_no: 'CC3', status: orderStatus.values.closed, pay_time: null, can_refund: false, can_invoice: false }),
      ]),
    );
    renderApp('/personal/myOrder');
    await screen.findByRole('table', { name: '订单列表' });

    const unpaid = row('CC202612051000000012');
    expect(within(unpaid).getByRole('link', { name: '去支付' })).toHaveAttribute('href', '/collectMoney?orderId=12');
    expect(within(unpaid).getByRole('timer')).toHaveTextContent(/^剩余 00:(19|20):\d\d$/);
    expect(within(unpaid).getByRole('button', { name: '取消订单' })).toBeEnabled();
    expect(within(unpaid).queryByRole('link', { name: '申请退费' })).toBeNull();
    expect(within(unpaid).getByText(/下单时间：/)).toBeInTheDocument();

    const paid = row('CC202608151030000011');
    expect(within(paid).getByRole('link', { name: '申请退费' })).toHaveAttribute('href', '/personal/refundConfirm?id=11');
    expect(within(paid).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', '/personal/applyInvoice?id=11');
    expect(within(paid).getByRole('link', { name: '查看详情' })).toHaveAttribute('href', '/personal/orderDetails?id=11');
    expect(within(paid).queryByRole('link', { name: '去支付' })).toBeNull();
    expect(within(paid).queryByRole('button', { name: '取消订单' })).toBeNull();

    const closed = row('CC3');
    expect(within(closed).getAllByRole('link').map((a) => a.textContent)).toEqual(['少儿国画启蒙班', '查看详情']);
    expect(within(closed).queryByRole('button')).toBeNull();
  });

  it('an unpaid order whose window has passed says so instead of counting down', async () => {
    answerOrders(listOf([unpaidOrder({ can_pay: false })]));
    renderApp('/personal/myOrder');
    const r = await screen.findByRole('row', { name: '订单 CC202612051000000012' });
    expect(within(r).getByText('支付已超时')).toBeInTheDocument();
    expect(within(r).queryByRole('link', { name: '去支付' })).toBeNull();
  });

  it('a tab asks for that status and keeps it in the address', async () => {
    answerOrders((q) => ok(pageOf(q.get('status') === '1' ? [unpaidOrder()] : [sampleOrder()])));
    const app = renderApp('/personal/myOrder');
    await screen.findByRole('row', { name: '订单 CC202608151030000011' });
    const tabs = screen.getByRole('navigation', { name: '订单状态' });
    expect(within(tabs).getAllByRole('link').map((a) => a.textContent)).toEqual(['全部', '待支付', '已支付', '退费中', '已退费', '部分退费', '已取消', '已关闭']);
    expect(within(tabs).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(within(tabs).getByRole('link', { name: '待支付' }));
    expect(await screen.findByRole('row', { name: '订单 CC202612051000000012' })).toBeInTheDocument();
    expect(app.location()).toBe('/personal/myOrder?status=unpaid');
    expect(asked.at(-1)!.get('status')).toBe(String(orderStatus.values.unpaid));
    expect(within(tabs).getByRole('link', { name: '待支付' })).toHaveAttribute('aria-current', 'true');
    expect(within(tabs).getByRole('link', { name: '全部' })).not.toHaveAttribute('aria-current');
  });

  it('opens on the tab and page in the address', async () => {
    answerOrders(listOf([sampleOrder({ status: orderStatus.values.refunded })], 15));
    renderApp('/personal/myOrder?status=refunded&page=2');
    await screen.findByRole('table', { name: '订单列表' });
    expect(asked[0]!.get('status')).toBe(String(orderStatus.values.refunded));
    expect(asked[0]!.get('page')).toBe('2');
    expect(within(screen.getByRole('navigation', { name: '订单状态' })).getByRole('link', { name: '已退费' })).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('pages through a long list, keeping the tab; a new tab starts again at page 1', async () => {
    answerOrders((q) => ok(pageOf([sampleOrder({ id: Number(q.get('page')) + 100, order_no: `CC-p${q.get('page')}` })], { total: 25, page: Number(q.get('page')) })));
    const app = renderApp('/personal/myOrder?status=paid');
    await screen.findByRole('row', { name: '订单 CC-p1' });
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('row', { name: '订单 CC-p2' })).toBeInTheDocument();
    expect(app.location()).toBe('/personal/myOrder?status=paid&page=2');
    expect(asked.at(-1)!.get('status')).toBe('2');

    await userEvent.click(screen.getByRole('link', { name: '部分退费' }));
    await waitFor(() => expect(app.location()).toBe('/personal/myOrder?status=partiallyRefunded'));
    await waitFor(() => expect(asked.at(-1)!.get('page')).toBe('1'));
  });

  it('cancelling asks first, sends cancel_order, stays disabled while sending, then refreshes the list', async () => {
    let cancelled = false;
    const sent: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerOrders(() => ok(pageOf([cancelled ? unpaidOrder({ status: orderStatus.values.cancelled, can_cancel: false, can_pay: false }) : unpaidOrder()])));
    server.use(
      http.post(chromeUrl('cancel_order/:id'), async ({ params }) => {
        sent.push(String(params.id));
        await held;
        cancelled = true;
        return ok(null, '订单已取消');
      }),
    );
    renderApp('/personal/myOrder');
    const r = await screen.findByRole('row', { name: '订单 CC202612051000000012' });

    await userEvent.click(within(r).getByRole('button', { name: '取消订单' }));
    let dialog = screen.getByRole('dialog', { name: '取消订单' });
    expect(dialog).toHaveTextContent('确定取消张小明报名「中国舞寒假集训营」的订单吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    await userEvent.click(within(r).getByRole('button', { name: '取消订单' }));
    dialog = screen.getByRole('dialog', { name: '取消订单' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(sent).toEqual(['12']));
    expect(within(dialog).getByRole('button', { name: '确定取消' })).toBeDisabled();
    expect(within(r).getByRole('button', { name: '取消订单' })).toBeDisabled();

    const before = asked.length;
    release();
    expect(await screen.findByText('订单已取消，名额已释放')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('row', { name: '订单 CC202612051000000012' })).getByText('已取消')).toBeInTheDocument());
    expect(asked.length).toBeGreaterThan(before);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });

  it('a refused cancel is told by the central policy, and the list is asked again', async () => {
    answerOrders(listOf([unpaidOrder()]));
    server.use(http.post(chromeUrl('cancel_order/:id'), () => fail(200, errorCodes.orderNotCancellable.code, '订单已超时关闭，无需取消')));
    const app = renderApp('/personal/myOrder');
    const r = await screen.findByRole('row', { name: '订单 CC202612051000000012' });
    await userEvent.click(within(r).getByRole('button', { name: '取消订单' }));
    const before = asked.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(app.ports.toastError).toHaveBeenCalledWith('订单已超时关闭，无需取消'));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says there is nothing on a tab, with a way to browse classes', async () => {
    answerOrders(listOf([]));
    renderApp('/personal/myOrder?status=refunding');
    expect(await screen.findByText('暂无退费中的订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课程' })).toHaveAttribute('href', '/searchHome');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there are no orders at all', async () => {
    answerOrders(listOf([]));
    renderApp('/personal/myOrder');
    expect(await screen.findByText('还没有订单')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('explains a failure and loads again on request', async () => {
    let calls = 0;
    answerOrders(() => (++calls === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(pageOf([sampleOrder()]))));
    const app = renderApp('/personal/myOrder');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('订单加载失败');
    expect(app.ports.toastError).toHaveBeenCalledWith('服务器开小差了，请稍后再试');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('row', { name: '订单 CC202608151030000011' })).toBeInTheDocument();
  });
});
