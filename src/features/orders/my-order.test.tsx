import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classType, errorCodes, orderStatus } from '#contract/index';
import { DAY, MINUTE } from '#fixtures/time';
import { enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { recordCalls, recordHeldCalls } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld, TEST_NOW } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * 张伟's orders: a paid autumn class (paid in November, refundable and invoiceable), an unpaid
 * winter camp placed ten minutes ago (20 minutes left to pay), a cancelled one and a closed one.
 */
const world = familyWorld((b) => {
  const guohua = b.klass({ id: 3, name: '少儿国画启蒙班', fee: 1800, first_session_date: '2026-12-19' });
  const dance = b.klass({ id: 4, name: '中国舞寒假集训营', fee: 2400, class_type: classType.values.activity, first_session_date: '2027-01-25' });
  const clay = b.klass({ id: 5, name: '少儿陶艺班', fee: 900 });
  const ink = b.klass({ id: 6, name: '少儿书法班', fee: 1200 });
  const paid = enrol(b, { parent: b.parent, child: b.xiaoming, klass: guohua, signedUpAt: TEST_NOW - 20 * DAY, outcome: 'paid', paidAfterMs: 3 * MINUTE });
  const unpaid = enrol(b, { parent: b.parent, child: b.xiaoming, klass: dance, signedUpAt: TEST_NOW - 10 * MINUTE - 40_000, outcome: 'unpaid' });
  const cancelled = enrol(b, { parent: b.parent, child: b.xiaohong, klass: clay, signedUpAt: TEST_NOW - 5 * DAY, outcome: 'cancelled' });
  const closed = enrol(b, { parent: b.parent, child: b.xiaohong, klass: ink, signedUpAt: TEST_NOW - 3 * DAY, outcome: 'closed' });
  orders = { paid: paid.order!, unpaid: unpaid.order!, cancelled: cancelled.order!, closed: closed.order! };
});
let orders!: Record<'paid' | 'unpaid' | 'cancelled' | 'closed', { id: number; order_no: string }>;

/** Fifteen paid orders: two pages of ten. */
const many = familyWorld((b) => {
  for (let i = 1; i <= 15; i++) {
    const klass = b.klass({ name: `少儿美术${i}班`, fee: 1000 + i });
    enrol(b, { parent: b.parent, child: b.xiaoming, klass, signedUpAt: TEST_NOW - (20 + i) * DAY, outcome: 'paid' });
  }
});

const noOrders = familyWorld();

const row = (orderNo: string) => screen.getByRole('row', { name: `订单 ${orderNo}` });
const findRow = (orderNo: string) => screen.findByRole('row', { name: `订单 ${orderNo}` });

/** The order_list calls the page made, by the query they carried (in front of the mock, which answers). */
function recordOrderLists(): URLSearchParams[] {
  return recordCalls('get', '*/order_list', ({ url }) => url.searchParams);
}

describe('/personal/myOrder 我的订单', () => {
  it('lists orders under 订单信息 / 金额 / 状态 / 操作 with what each row needs', async () => {
    const asked = recordOrderLists();
    await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    const table = await screen.findByRole('table', { name: '订单列表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['订单信息', '金额', '状态', '操作']);
    const r = row(orders.paid.order_no);
    expect(within(r).getByText(`订单号：${orders.paid.order_no}`)).toBeInTheDocument();
    expect(within(r).getByText(/^支付时间：2026-11-15 \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(r).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', '/details?id=3');
    expect(within(r).getByText('报名人数：1人')).toBeInTheDocument();
    expect(within(r).getByText('报名孩子：张小明')).toBeInTheDocument();
    expect(within(r).getByText('¥1,800.00')).toBeInTheDocument();
    expect(within(r).getByText('已支付')).toBeInTheDocument();
    expect(asked[0]!.get('status')).toBeNull();
    expect(asked[0]!.get('page')).toBe('1');
  });

  it('colours the status: red when it needs the parent, green when done, grey when over', async () => {
    await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    await screen.findByRole('table', { name: '订单列表' });
    expect(within(row(orders.unpaid.order_no)).getByText('待支付').className).toMatch(/text-danger/);
    expect(within(row(orders.paid.order_no)).getByText('已支付').className).toMatch(/text-success/);
    expect(within(row(orders.cancelled.order_no)).getByText('已取消').className).toMatch(/text-muted/);
  });

  it('offers the actions the order allows, each going where it should', async () => {
    await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    await screen.findByRole('table', { name: '订单列表' });

    const unpaid = row(orders.unpaid.order_no);
    expect(within(unpaid).getByRole('link', { name: '去支付' })).toHaveAttribute('href', `/collectMoney?orderId=${orders.unpaid.id}`);
    expect(within(unpaid).getByRole('timer')).toHaveTextContent(/^剩余 00:(19|20):\d\d$/);
    expect(within(unpaid).getByRole('button', { name: '取消订单' })).toBeEnabled();
    expect(within(unpaid).queryByRole('link', { name: '申请退费' })).toBeNull();
    expect(within(unpaid).getByText(/下单时间：/)).toBeInTheDocument();

    const paid = row(orders.paid.order_no);
    expect(within(paid).getByRole('link', { name: '申请退费' })).toHaveAttribute('href', `/personal/refundConfirm?id=${orders.paid.id}`);
    expect(within(paid).getByRole('link', { name: '申请发票' })).toHaveAttribute('href', `/personal/applyInvoice?id=${orders.paid.id}`);
    expect(within(paid).getByRole('link', { name: '查看详情' })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.paid.id}`);
    expect(within(paid).queryByRole('link', { name: '去支付' })).toBeNull();
    expect(within(paid).queryByRole('button', { name: '取消订单' })).toBeNull();

    const closed = row(orders.closed.order_no);
    expect(
      within(closed)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['少儿书法班', '查看详情']);
    expect(within(closed).queryByRole('button')).toBeNull();
  });

  it('an unpaid order whose window passes while the page is open says so instead of counting down', async () => {
    let orderNo = '';
    const lastSeconds = familyWorld((b) => {
      const klass = b.klass({ id: 4, name: '中国舞寒假集训营', fee: 2400 });
      const ordered = TEST_NOW - 30 * MINUTE + 1500;
      orderNo = enrol(b, { parent: b.parent, child: b.xiaoming, klass, signedUpAt: ordered - 40_000, orderedAt: ordered, outcome: 'unpaid' }).order!.order_no;
    });
    await renderRoute('/personal/myOrder', { world: lastSeconds, as: 'zhangwei' });
    const r = await findRow(orderNo);
    expect(within(r).getByRole('timer')).toHaveTextContent(/^剩余 00:00:0[12]$/);
    expect(await within(r).findByText('支付已超时')).toBeInTheDocument();
    expect(within(r).queryByRole('timer')).toBeNull();
  });

  it('a tab asks for its statuses in one call and keeps it in the address', async () => {
    const asked = recordOrderLists();
    const app = await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    await findRow(orders.paid.order_no);
    const tabs = screen.getByRole('navigation', { name: '订单状态' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '待付款', '已付款', '退款售后', '已取消']);
    expect(within(tabs).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'true');
    expect(asked.at(-1)!.getAll('status')).toEqual([]);

    await userEvent.click(within(tabs).getByRole('link', { name: '待付款' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: `订单 ${orders.paid.order_no}` })).toBeNull());
    expect(row(orders.unpaid.order_no)).toBeInTheDocument();
    expect(app.location()).toBe('/personal/myOrder?status=unpaid');
    expect(asked.at(-1)!.getAll('status')).toEqual([String(orderStatus.values.unpaid)]);
    expect(within(tabs).getByRole('link', { name: '待付款' })).toHaveAttribute('aria-current', 'true');
    expect(within(tabs).getByRole('link', { name: '全部' })).not.toHaveAttribute('aria-current');

    // 已取消 holds both the cancelled and the closed orders: one call with both statuses.
    await userEvent.click(within(tabs).getByRole('link', { name: '已取消' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: `订单 ${orders.unpaid.order_no}` })).toBeNull());
    expect(row(orders.cancelled.order_no)).toBeInTheDocument();
    expect(row(orders.closed.order_no)).toBeInTheDocument();
    expect(asked.at(-1)!.getAll('status')).toEqual([orderStatus.values.cancelled, orderStatus.values.closed].map(String));
    expect(app.location()).toBe('/personal/myOrder?status=cancelled');
  });

  it('opens on the tab and page in the address', async () => {
    const asked = recordOrderLists();
    await renderRoute('/personal/myOrder?status=paid&page=2', { world: many, as: 'zhangwei' });
    await screen.findByRole('table', { name: '订单列表' });
    expect(asked[0]!.getAll('status')).toEqual([String(orderStatus.values.paid)]);
    expect(asked[0]!.get('page')).toBe('2');
    expect(screen.getAllByRole('row', { name: /^订单 / })).toHaveLength(5);
    expect(within(screen.getByRole('navigation', { name: '订单状态' })).getByRole('link', { name: '已付款' })).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('pages through a long list, keeping the tab; a new tab starts again at page 1', async () => {
    const asked = recordOrderLists();
    const app = await renderRoute('/personal/myOrder?status=paid', { world: many, as: 'zhangwei' });
    await screen.findByRole('table', { name: '订单列表' });
    expect(screen.getByText('共 15 条')).toBeInTheDocument();
    expect(screen.getAllByRole('row', { name: /^订单 / })).toHaveLength(10);
    await userEvent.click(screen.getByRole('link', { name: '下一页' }));
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^订单 / })).toHaveLength(5));
    expect(app.location()).toBe('/personal/myOrder?status=paid&page=2');
    expect(asked.at(-1)!.getAll('status')).toEqual([String(orderStatus.values.paid)]);

    await userEvent.click(screen.getByRole('link', { name: '退款售后' }));
    await waitFor(() => expect(app.location()).toBe('/personal/myOrder?status=afterSale'));
    await waitFor(() => expect(asked.at(-1)!.get('page')).toBe('1'));
  });

  it('cancelling asks first, sends cancel_order, stays disabled while sending, then refreshes the list', async () => {
    // Held, then let go on to the mock, which cancels the order.
    const { seen: sent, release } = recordHeldCalls('post', '*/cancel_order/:id', ({ params }) => String(params.id));
    const { mock } = await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    const r = await findRow(orders.unpaid.order_no);

    await userEvent.click(within(r).getByRole('button', { name: '取消订单' }));
    let dialog = screen.getByRole('dialog', { name: '取消订单' });
    expect(dialog).toHaveTextContent('确定取消张小明报名「中国舞寒假集训营」的订单吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    await userEvent.click(within(r).getByRole('button', { name: '取消订单' }));
    dialog = screen.getByRole('dialog', { name: '取消订单' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(sent).toEqual([String(orders.unpaid.id)]));
    expect(within(dialog).getByRole('button', { name: '确定取消' })).toBeDisabled();
    expect(within(r).getByRole('button', { name: '取消订单' })).toBeDisabled();

    release();
    expect(await screen.findByText('订单已取消，名额已释放')).toBeInTheDocument();
    await waitFor(() => expect(within(row(orders.unpaid.order_no)).getByText('已取消')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(mock.db.orders.findFirst((q) => q.where({ id: orders.unpaid.id }))!.status).toBe(orderStatus.values.cancelled);
  });

  it('a refused cancel is told by the central policy, and the list is asked again', async () => {
    const asked = recordOrderLists();
    const { mock, ports } = await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    const r = await findRow(orders.unpaid.order_no);
    await userEvent.click(within(r).getByRole('button', { name: '取消订单' }));
    // Meanwhile the window passed and the order closed: the mock refuses the cancel.
    mock.faults.add([{ operation: 'cancel_order', status: 200, error_code: errorCodes.orderNotCancellable.code, msg: '订单已超时关闭，无需取消', times: 1 }]);
    const before = asked.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(ports.toastError).toHaveBeenCalledWith('订单已超时关闭，无需取消'));
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says there is nothing on a tab, with a way to browse classes', async () => {
    await renderRoute('/personal/myOrder?status=afterSale', { world, as: 'zhangwei' });
    expect(await screen.findByText('暂无退款售后的订单')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课程' })).toHaveAttribute('href', '/searchHome');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there are no orders at all', async () => {
    await renderRoute('/personal/myOrder', { world: noOrders, as: 'zhangwei' });
    expect(await screen.findByText('还没有订单')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('explains a failure and loads again on request', async () => {
    failOnce('*/order_list');
    const { ports } = await renderRoute('/personal/myOrder', { world, as: 'zhangwei' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('订单加载失败');
    expect(ports.toastError).toHaveBeenCalledWith('服务器开小差了，请稍后再试');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await findRow(orders.paid.order_no)).toBeInTheDocument();
  });
});
