import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { supplyFeeStatus } from '#contract/index';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pageOf, sampleSupplyFee } from './test-samples.ts';

// See my-order.test.tsx: the first render loads the route's chunk and the chrome.
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('../../pages/personal/supply-fee.tsx'), 20_000);

let asked: URLSearchParams[] = [];
function answerFees(answer: (query: URLSearchParams) => ReturnType<typeof ok>) {
  server.use(
    http.get(chromeUrl('my_supply_fee_list'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return answer(query);
    }),
  );
}

beforeEach(() => {
  asked = [];
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => clearSession());

const paidFee = sampleSupplyFee({ id: 22, title: '教材费', amount: 60, status: supplyFeeStatus.values.paid, pay_time: '2026-11-02T10:00:00+08:00' });
const closedFee = sampleSupplyFee({ id: 23, title: '演出服装费', amount: 200, status: supplyFeeStatus.values.closed });

describe('/personal/supplyFee 补缴费用', () => {
  it('lists each fee with its class, child, amount, deadline and status; 去补缴 only when unpaid', async () => {
    answerFees(() => ok(pageOf([sampleSupplyFee(), paidFee, closedFee])));
    renderApp('/personal/supplyFee');
    const unpaid = await screen.findByRole('row', { name: '补缴 画材费（宣纸、墨汁）' });
    expect(within(unpaid).getByText('课程：少儿国画启蒙班')).toBeInTheDocument();
    expect(within(unpaid).getByText('孩子：张小明')).toBeInTheDocument();
    expect(within(unpaid).getByText('¥180.00')).toBeInTheDocument();
    expect(within(unpaid).getByText('2026-12-10 23:59')).toBeInTheDocument();
    expect(within(unpaid).getByText('待补缴').className).toMatch(/text-danger/);
    expect(within(unpaid).getByRole('link', { name: '去补缴' })).toHaveAttribute('href', '/collectMoneySupply?supplyFeeId=21');
    expect(within(unpaid).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/personal/orderDetails?id=11');

    const paid = screen.getByRole('row', { name: '补缴 教材费' });
    expect(within(paid).getByText('已补缴').className).toMatch(/text-success/);
    expect(within(paid).getByText('2026-11-02 10:00 补缴')).toBeInTheDocument();
    expect(within(paid).queryByRole('link', { name: '去补缴' })).toBeNull();
    expect(within(screen.getByRole('row', { name: '补缴 演出服装费' })).queryByRole('link', { name: '去补缴' })).toBeNull();
  });

  it('a status tab asks for that status and keeps it in the address', async () => {
    answerFees((q) => ok(pageOf(q.get('status') === '2' ? [paidFee] : [sampleSupplyFee(), paidFee])));
    const app = renderApp('/personal/supplyFee');
    await screen.findByRole('row', { name: '补缴 画材费（宣纸、墨汁）' });
    const tabs = screen.getByRole('navigation', { name: '补缴状态' });
    expect(within(tabs).getAllByRole('link').map((a) => a.textContent)).toEqual(['全部', '待补缴', '已补缴', '已关闭']);
    await userEvent.click(within(tabs).getByRole('link', { name: '已补缴' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: '补缴 画材费（宣纸、墨汁）' })).toBeNull());
    expect(app.location()).toBe('/personal/supplyFee?status=paid');
    expect(asked.at(-1)!.get('status')).toBe('2');
  });

  it('pages through the fees', async () => {
    answerFees((q) => ok(pageOf([sampleSupplyFee({ id: 30 + Number(q.get('page')), title: `费用${q.get('page')}` })], { total: 12, page: Number(q.get('page')) })));
    const app = renderApp('/personal/supplyFee?status=unpaid');
    await screen.findByRole('row', { name: '补缴 费用1' });
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' }));
    expect(await screen.findByRole('row', { name: '补缴 费用2' })).toBeInTheDocument();
    expect(app.location()).toBe('/personal/supplyFee?status=unpaid&page=2');
    expect(asked.at(-1)!.get('status')).toBe('1');
  });

  it('says when there is nothing to pay', async () => {
    answerFees(() => ok(pageOf([])));
    renderApp('/personal/supplyFee');
    expect(await screen.findByText('没有需要补缴的费用')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so on a tab with nothing in it', async () => {
    answerFees(() => ok(pageOf([])));
    renderApp('/personal/supplyFee?status=closed');
    expect(await screen.findByText('暂无已关闭的费用')).toBeInTheDocument();
    expect(asked[0]!.get('status')).toBe('3');
  });

  it('explains a failure and loads again on request', async () => {
    let calls = 0;
    answerFees(() => (++calls === 1 ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok(pageOf([sampleSupplyFee()]))));
    renderApp('/personal/supplyFee');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('补缴费用加载失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('row', { name: '补缴 画材费（宣纸、墨汁）' })).toBeInTheDocument();
  });
});
