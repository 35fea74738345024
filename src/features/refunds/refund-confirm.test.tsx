import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classType, orderStatus } from '#contract/index';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sampleDetail } from '../classes/test-samples.ts';
import { sampleOrderDetail, samplePreview, sampleRefund, type SamplePreview } from './test-samples.ts';


const LOAD = { timeout: 5000 };

let applied: { path: string; body: unknown }[] = [];
function answer({ preview = samplePreview(), activity = false }: { preview?: SamplePreview; activity?: boolean } = {}) {
  server.use(
    http.get(chromeUrl('order_detail/:id'), () => ok(sampleOrderDetail({ id: 7 }))),
    http.get(chromeUrl('class_detail/:id'), () => ok(sampleDetail({ id: 3, class_type: activity ? classType.values.activity : classType.values.regular }))),
    http.get(chromeUrl(activity ? 'activity_preview_refund_fee/:id' : 'preview_refund_fee/:id'), () => ok(preview)),
    http.get(chromeUrl('refund_detail/:id'), ({ params }) => ok(sampleRefund({ id: Number(params.id) }))),
  );
}
function acceptApply(refundId = 55) {
  server.use(
    http.post(chromeUrl(':op/:id'), async ({ request, params }) => {
      applied.push({ path: `${String(params.op)}/${String(params.id)}`, body: await request.json() });
      return ok({ refund_id: refundId, amount: 400 });
    }),
  );
}

beforeEach(() => {
  applied = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  clearSession();
  resetToastStore();
  vi.restoreAllMocks();
});

const reasonBox = () => screen.getByRole('textbox', { name: /退费原因/ });
const applyButton = () => screen.getByRole('button', { name: '申请退费' });

async function open(path = '/personal/refundConfirm?id=7') {
  const app = renderApp(path);
  await screen.findByTestId('refundable-amount', {}, LOAD);
  return app;
}

describe('/personal/refundConfirm 申请退费', { timeout: 20_000 }, () => {
  it('shows the order and the preview: paid, refunded, sessions, per-session fee and the refundable amount', async () => {
    answer();
    await open();
    const order = screen.getByRole('region', { name: '订单信息' });
    expect(within(order).getByText('少儿国画启蒙班')).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: 'CC202608151005000007' })).toHaveAttribute('href', '/personal/orderDetails?id=7');

    const preview = screen.getByRole('region', { name: '退费金额' });
    expect(screen.getByTestId('refundable-amount')).toHaveTextContent('¥400.00');
    expect(within(preview).getByText('¥1,600.00（学费及已缴的补缴费用）')).toBeInTheDocument();
    expect(within(preview).getByText('共16次，已开课12次，剩余4次')).toBeInTheDocument();
    expect(within(preview).getByText('¥100.00')).toBeInTheDocument();
    expect(within(preview).getByText('按未上课的课次退还')).toBeInTheDocument();
    expect(within(preview).getByText(/按未上课的4次课退还学费/)).toBeInTheDocument();
  });

  it('explains a missing or short reason beside the box and sends nothing', async () => {
    answer();
    acceptApply();
    await open();
    await userEvent.click(applyButton());
    expect(reasonBox()).toHaveAccessibleDescription('请填写退费原因');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(reasonBox(), ' 搬 ');
    await userEvent.click(applyButton());
    expect(reasonBox()).toHaveAccessibleDescription('请填写退费原因');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(applied).toEqual([]);
  });

  it('asks for confirmation stating the amount, then applies and opens the new refund', async () => {
    answer();
    let release!: () => void;
    server.use(
      http.post(chromeUrl('apply_refund/:id'), async ({ request }) => {
        applied.push({ path: 'apply_refund/7', body: await request.json() });
        await new Promise<void>((resolve) => (release = resolve));
        return ok({ refund_id: 55, amount: 400 });
      }),
    );
    const app = await open();
    await userEvent.click(screen.getByRole('button', { name: '孩子时间安排冲突' }));
    expect(reasonBox()).toHaveValue('孩子时间安排冲突');
    await userEvent.type(reasonBox(), '，周日无法到校');
    await userEvent.click(applyButton());

    const dialog = screen.getByRole('dialog', { name: '确认申请退费' });
    expect(within(dialog).getByText('¥400.00')).toBeInTheDocument();
    expect(applied).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '确认退费' }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]!.body).toEqual({ reason: '孩子时间安排冲突，周日无法到校' });
    expect(within(dialog).getByRole('button', { name: '确认退费' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '再想想' })).toBeDisabled();

    release();
    await waitFor(() => expect(app.location()).toBe('/personal/refundDetails?id=55'));
    expect(await screen.findByRole('heading', { name: '退费详情' })).toBeInTheDocument();
  });

  it('shows a refusal on the page and keeps the typed reason', async () => {
    answer();
    server.use(http.post(chromeUrl('apply_refund/:id'), () => fail(200, 300301, '该订单已有退费申请正在处理，请勿重复申请')));
    const app = await open();
    await userEvent.type(reasonBox(), '孩子要参加学校集训');
    await userEvent.click(applyButton());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认退费' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('该订单已有退费申请正在处理，请勿重复申请');
    expect(reasonBox()).toHaveValue('孩子要参加学校集训');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(app.location()).toBe('/personal/refundConfirm?id=7');
  });

  it('uses the activity calls for an activity order', async () => {
    answer({ activity: true, preview: samplePreview({ session_count: 1, held_sessions: 0, remaining_sessions: 1, per_session_fee: 200, refundable_amount: 200, paid_amount: 200, is_full: true, rule: '活动开始前退费：已缴费用全额退还' }) });
    acceptApply(56);
    const app = await open();
    expect(screen.getByText('共1场，已开始0场，剩余1场')).toBeInTheDocument();
    expect(screen.getByText('全额退还')).toBeInTheDocument();
    await userEvent.type(reasonBox(), '活动当天有事');
    await userEvent.click(applyButton());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认退费' }));
    await waitFor(() => expect(app.location()).toBe('/personal/refundDetails?id=56'));
    expect(applied).toEqual([{ path: 'activity_apply_refund/7', body: { reason: '活动当天有事' } }]);
  });

  it('offers no form when nothing is left to refund', async () => {
    answer({ preview: samplePreview({ refundable_amount: 0, held_sessions: 16, remaining_sessions: 0, rule: '课程16次已全部开课，没有可退的金额' }) });
    await open();
    expect(screen.getByText('课程16次已全部开课，没有可退的金额')).toBeInTheDocument();
    expect(screen.getByText(/当前没有可退的金额/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '申请退费' })).toBeNull();
  });

  it('says why when the preview is refused (a refund already running)', async () => {
    server.use(
      http.get(chromeUrl('order_detail/:id'), () => ok(sampleOrderDetail({ id: 7, status: orderStatus.values.refunding, refunds: [sampleRefund({ id: 31 })] }))),
      http.get(chromeUrl('class_detail/:id'), () => ok(sampleDetail({ id: 3 }))),
      http.get(chromeUrl('preview_refund_fee/:id'), () => fail(200, 300301, '该订单已有退费申请正在处理，请勿重复申请')),
    );
    const app = renderApp('/personal/refundConfirm?id=7');
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('不能申请退费');
    expect(alert).toHaveTextContent('该订单已有退费申请正在处理，请勿重复申请');
    expect(within(alert).getByRole('link', { name: '查看退费进度' })).toHaveAttribute('href', '/personal/refundDetails?id=31');
    expect(screen.queryByRole('button', { name: '申请退费' })).toBeNull();
    expect(app.ports.toastError).not.toHaveBeenCalled();
  });

  it('asks for an order when the address has none', async () => {
    renderApp('/personal/refundConfirm');
    expect(await screen.findByText('没有找到要退费的订单', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去我的订单' })).toHaveAttribute('href', '/personal/myOrder');
  });
});
