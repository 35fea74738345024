import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { supplyFeeStatus } from '#contract/index';
import { DAY, HOUR, at } from '#fixtures/time';
import { addSupplyFee, enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { recordCalls } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld, TEST_NOW } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * 张伟 paid 少儿国画启蒙班 for 张小明 in August; the class then charged three fees: 教材费
 * (paid on 2 November), 演出服装费 (its deadline passed on 1 December unpaid, so the mock has
 * closed it) and 画材费（宣纸、墨汁） (¥180, due 10 December 23:59, not paid yet).
 */
const world = familyWorld((b) => {
  const guohua = b.klass({ id: 3, name: '少儿国画启蒙班', fee: 1800, first_session_date: '2026-09-13' });
  const order = enrol(b, { parent: b.parent, child: b.xiaoming, klass: guohua, signedUpAt: at('2026-08-15', '10:30'), outcome: 'paid' }).order!;
  addSupplyFee(b, order, { title: '教材费', amount: 60, createdAt: at('2026-10-28', '09:00'), deadline: at('2026-11-10', '23:59'), paidAt: at('2026-11-02', '10:00') });
  addSupplyFee(b, order, { title: '演出服装费', amount: 200, createdAt: at('2026-11-20', '09:00'), deadline: at('2026-12-01', '23:59') });
  const unpaid = addSupplyFee(b, order, { title: '画材费（宣纸、墨汁）', amount: 180, createdAt: at('2026-12-03', '15:00'), deadline: at('2026-12-10', '23:59') });
  ids = { order: order.id, unpaidFee: unpaid.id };
});
let ids!: { order: number; unpaidFee: number };

/** Twelve unpaid fees of one order, 费用01 the newest: the list shows ten a page, newest first. */
const many = familyWorld((b) => {
  const klass = b.klass({ name: '少儿国画启蒙班', fee: 1800, first_session_date: '2026-09-13' });
  const order = enrol(b, { parent: b.parent, child: b.xiaoming, klass, signedUpAt: at('2026-08-15', '10:30'), outcome: 'paid' }).order!;
  for (let i = 1; i <= 12; i++) {
    const title = `费用${String(i).padStart(2, '0')}`;
    addSupplyFee(b, order, { title, amount: 10 * i, createdAt: TEST_NOW - i * HOUR, deadline: TEST_NOW + 5 * DAY });
  }
});

const noFees = familyWorld();

/** The my_supply_fee_list calls the page made, by their query (in front of the mock, which answers). */
function recordFeeLists(): URLSearchParams[] {
  return recordCalls('get', '*/my_supply_fee_list', ({ url }) => url.searchParams);
}

describe('/personal/supplyFee 补缴费用', () => {
  it('lists each fee with its class, child, amount, deadline and status; 去补缴 only when unpaid', async () => {
    await renderRoute('/personal/supplyFee', { world, as: 'zhangwei' });
    const unpaid = await screen.findByRole('row', { name: '补缴 画材费（宣纸、墨汁）' });
    expect(within(unpaid).getByText('课程：少儿国画启蒙班')).toBeInTheDocument();
    expect(within(unpaid).getByText('孩子：张小明')).toBeInTheDocument();
    expect(within(unpaid).getByText('¥180.00')).toBeInTheDocument();
    expect(within(unpaid).getByText('2026-12-10 23:59')).toBeInTheDocument();
    expect(within(unpaid).getByText('待补缴').className).toMatch(/text-danger/);
    expect(within(unpaid).getByRole('link', { name: '去补缴' })).toHaveAttribute('href', `/collectMoneySupply?supplyFeeId=${ids.unpaidFee}`);
    expect(within(unpaid).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${ids.order}`);

    const paid = screen.getByRole('row', { name: '补缴 教材费' });
    expect(within(paid).getByText('已补缴').className).toMatch(/text-success/);
    expect(within(paid).getByText('2026-11-02 10:00 补缴')).toBeInTheDocument();
    expect(within(paid).queryByRole('link', { name: '去补缴' })).toBeNull();
    const closed = screen.getByRole('row', { name: '补缴 演出服装费' });
    expect(within(closed).getByText('已关闭')).toBeInTheDocument();
    expect(within(closed).queryByRole('link', { name: '去补缴' })).toBeNull();
  });

  it('a status tab asks for that status and keeps it in the address', async () => {
    const asked = recordFeeLists();
    const app = await renderRoute('/personal/supplyFee', { world, as: 'zhangwei' });
    await screen.findByRole('row', { name: '补缴 画材费（宣纸、墨汁）' });
    const tabs = screen.getByRole('navigation', { name: '补缴状态' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '待补缴', '已补缴', '已关闭']);
    await userEvent.click(within(tabs).getByRole('link', { name: '已补缴' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: '补缴 画材费（宣纸、墨汁）' })).toBeNull());
    expect(screen.getByRole('row', { name: '补缴 教材费' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: '补缴 演出服装费' })).toBeNull();
    expect(app.location()).toBe('/personal/supplyFee?status=paid');
    expect(asked.at(-1)!.get('status')).toBe(String(supplyFeeStatus.values.paid));
  });

  it('pages through the fees', async () => {
    const asked = recordFeeLists();
    const app = await renderRoute('/personal/supplyFee?status=unpaid', { world: many, as: 'zhangwei' });
    await screen.findByRole('row', { name: '补缴 费用01' });
    expect(screen.getAllByRole('row', { name: /^补缴 / })).toHaveLength(10);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '2' }));
    expect(await screen.findByRole('row', { name: '补缴 费用11' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: '补缴 费用12' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: '补缴 费用01' })).toBeNull();
    expect(app.location()).toBe('/personal/supplyFee?status=unpaid&page=2');
    expect(asked.at(-1)!.get('status')).toBe(String(supplyFeeStatus.values.unpaid));
    expect(asked.at(-1)!.get('page')).toBe('2');
  });

  it('says when there is nothing to pay', async () => {
    await renderRoute('/personal/supplyFee', { world: noFees, as: 'zhangwei' });
    expect(await screen.findByText('没有需要补缴的费用')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so on a tab with nothing in it', async () => {
    const asked = recordFeeLists();
    await renderRoute('/personal/supplyFee?status=closed', { world: noFees, as: 'zhangwei' });
    expect(await screen.findByText('暂无已关闭的费用')).toBeInTheDocument();
    expect(asked[0]!.get('status')).toBe(String(supplyFeeStatus.values.closed));
  });

  it('explains a failure and loads again on request', async () => {
    failOnce('*/my_supply_fee_list');
    await renderRoute('/personal/supplyFee', { world, as: 'zhangwei' });
    await reloadAfterFailure('补缴费用加载失败');
    expect(await screen.findByRole('row', { name: '补缴 画材费（宣纸、墨汁）' })).toBeInTheDocument();
  });
});
