// @vitest-environment jsdom
/**
 * The standalone panel's 支付 and 设置 tabs (issue 44: the browser panel had them, the server's
 * did not), and its world list naming the snapshot a world was loaded from, rendered against a
 * real in-process server: the tab's calls of /__mock/ reach it, and what the tester does changes
 * the world.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH } from '#contract/index';
import { createMockControl, type BrowserMock } from '../../control/browser-control.ts';
import { startMockServer, type RunningMockServer } from '../../http/server.ts';
import { PaymentsTab } from '../panel/payments-tab.tsx';
import { ServerPaymentsTab } from './payments-tab.tsx';
import { ServerSettingsTab } from './settings-tab.tsx';
import type { Notice } from './tabs.ts';
import { WorldsTab } from './worlds-tab.tsx';

// The panel's own page is built from files, which a module transformed for a DOM cannot find; not needed here.
vi.mock('../../http/panel-page.ts', () => ({ PANEL_PATH: '/__mock/ui', handlePanelPage: () => undefined }));

let mock: RunningMockServer;
let dir: string;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-panel-tabs-'));
  mock = await startMockServer({ port: 0, log: null, snapshotDir: dir });
  // The panel calls /__mock/… on its own origin: here, the server's.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, mock.url), init));
});
afterEach(cleanup);
afterAll(async () => {
  vi.unstubAllGlobals();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
async function call(world: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const response = await realFetch(`${mock.url}${path}`, {
    method,
    headers: { 'X-Mock-World': world, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Json;
}

/** The tab in `world`, its notices collected as the panel shows them. */
function renderTab(Tab: typeof ServerPaymentsTab, world: string) {
  const notices: Notice[] = [];
  const act = async (run: () => Promise<Notice>) => {
    try {
      notices.push(await run());
    } catch (error) {
      notices.push({ text: error instanceof Error ? error.message : String(error), tone: 'error' });
    }
  };
  render(<Tab world={world} act={act} enter={() => undefined} />);
  return notices;
}

/** lina's unpaid order, paid for: a trade waiting for its result in `world`. */
async function waitingTrade(world: string) {
  await call(world, 'POST', '/__mock/reset', { scenario: 'unpaid-order' });
  const { ticket } = await call(world, 'POST', '/__mock/login', { username: 'lina' });
  const session = (await call(world, 'POST', `${API_BASE_PATH}st_validate`, { st: ticket, is_small_app: true })).data as { client_id: string; access_token: string };
  const me = { client_id: session.client_id, Authorization: session.access_token, 'Content-Type': 'application/json' };
  const order = ((await call(world, 'GET', `${API_BASE_PATH}order_list?status=1`, undefined, me)).data as { list: { id: number; order_no: string }[] }).list[0]!;
  const trade = ((await call(world, 'POST', `${API_BASE_PATH}pay_sign_up`, { order_id: order.id, pay_type: 1 }, me)).data as { trade_no: string }).trade_no;
  return { order, trade };
}

describe('支付', () => {
  it('GET /__mock/payments lists the world’s waiting trades', async () => {
    const { order, trade } = await waitingTrade('panel-api');
    expect(await call('panel-api', 'GET', '/__mock/payments')).toEqual({
      trades: [
        expect.objectContaining({ trade_no: trade, order_id: order.id, order_no: order.order_no, supply_fee_id: null, pay_type: 1, amount: expect.any(Number), created_at: expect.any(String) }),
      ],
    });
    expect(await call('panel-empty', 'GET', '/__mock/payments')).toEqual({ trades: [] });
  });

  it('lists the waiting trades, settles one, and sets auto-pay', async () => {
    const { order, trade } = await waitingTrade('panel-pay');
    const notices = renderTab(ServerPaymentsTab, 'panel-pay');
    const row = (await screen.findByText(trade)).closest('li')!;
    expect(row.textContent).toContain(`订单 ${order.order_no}`);
    fireEvent.click(within(row).getByRole('button', { name: `交易 ${trade} 支付成功` }));
    await waitFor(() => expect(notices.at(-1)).toEqual({ text: `交易 ${trade} 已支付成功。`, tone: 'ok' }));
    const orders = ((await call('panel-pay', 'GET', '/__mock/state')).tables as { orders: { id: number; status: number }[] }).orders;
    expect(orders.find((o) => o.id === order.id)!.status).toBe(2);
    await waitFor(() => expect(screen.queryByText(trade)).toBeNull());

    fireEvent.change(screen.getByLabelText('新交易自动结算'), { target: { value: 'fail' } });
    fireEvent.change(screen.getByLabelText('延后秒数'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(notices.at(-1)).toEqual({ text: '新交易将在 5 秒后自动支付失败。', tone: 'ok' }));
    expect(await call('panel-pay', 'GET', '/__mock/settings')).toMatchObject({ settings: { autoPay: { outcome: 'fail', afterMs: 5000 } } });
  });
});

it('the browser panel’s 支付 shows and settles its own trades with the same pieces', async () => {
  const { order, trade } = await waitingTrade('panel-browser');
  // The world's state, as the browser mock holds it in the page.
  const state = (await mock.worlds.get('panel-browser')).state;
  const control = createMockControl(state, { reset: () => Promise.reject(new Error('unused')), loadSnapshot: () => Promise.reject(new Error('unused')), changed: () => undefined });
  const browserMock = { state, control, subscribe: () => () => undefined } as unknown as BrowserMock;
  const notices: Notice[] = [];
  render(<PaymentsTab mock={browserMock} act={async (run) => void notices.push(await run())} />);
  const row = screen.getByText(trade).closest('li')!;
  expect(row.textContent).toContain(`订单 ${order.order_no}`);
  fireEvent.click(within(row).getByRole('button', { name: `交易 ${trade} 支付成功` }));
  await waitFor(() => expect(notices.at(-1)).toMatchObject({ tone: 'ok', reload: true }));
  expect(state.db.orders.findFirst((q) => q.where({ id: order.id }))!.status).toBe(2);
});

describe('设置', () => {
  it('shows the world’s settings and saves latency, spec-only, hostile links and the journal’s size', async () => {
    await call('panel-settings', 'POST', '/__mock/settings', { latency_ms: [5, 10] });
    const notices = renderTab(ServerSettingsTab, 'panel-settings');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('响应延迟 ms（最小,最大）').value).toBe('5,10'));
    fireEvent.change(screen.getByLabelText('响应延迟 ms（最小,最大）'), { target: { value: '100,400' } });
    fireEvent.click(screen.getByLabelText('仅规格接口（§7）：项目自己的接口答 404'));
    fireEvent.change(screen.getByLabelText('恶意链接（每行一个，留空即关闭）'), { target: { value: 'javascript:alert(1)\n\n' } });
    fireEvent.change(screen.getByLabelText('请求记录保留条数'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(notices.at(-1)?.tone).toBe('ok'));
    expect(await call('panel-settings', 'GET', '/__mock/settings')).toMatchObject({
      settings: { latencyMs: [100, 400], specOnly: true, hostileLinks: ['javascript:alert(1)'], journalSize: 1000 },
    });
  });

  it('shows the server’s refusal, naming the field', async () => {
    const notices = renderTab(ServerSettingsTab, 'panel-refused');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('请求记录保留条数').value).toBe('200'));
    fireEvent.change(screen.getByLabelText('请求记录保留条数'), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(notices.at(-1)).toEqual({ text: 'journal_size：不能大于10000', tone: 'error' }));
  });
});

describe('世界', () => {
  it('names the snapshot a world was loaded from', async () => {
    await call('panel-saver', 'POST', '/__mock/snapshots', { name: 'panel-snap' });
    await call('panel-loaded', 'POST', '/__mock/reset', { scenario: 'panel-snap' });
    renderTab(WorldsTab, 'panel-loaded');
    const row = (await screen.findByText('panel-loaded')).closest('tr')!;
    expect(row.textContent).toContain('快照「panel-snap」');
    await call('panel-saver', 'DELETE', '/__mock/snapshots/panel-snap');
  });
});
