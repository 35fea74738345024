import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timeOfDay } from '#contract/index';
import { at } from '#fixtures/time';
import { enrol } from '#fixtures/world';
import { describe, expect, it } from 'vitest';
import { recordCalls } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * 张小明 attends 少儿国画启蒙班: 16 Sundays 14:00-15:30 in 美术楼201 from 13 September, so by
 * Saturday 5 December 12 have been held and the next is 6 December. 张小红 went to 暑期书法营,
 * ten weekday mornings in July, all held.
 */
const world = familyWorld((b) => {
  const guohua = b.klass({
    id: 3,
    name: '少儿国画启蒙班',
    fee: 1800,
    weekdays: [7],
    first_session_date: '2026-09-13',
    start_time: '14:00',
    end_time: '15:30',
    time_of_day: timeOfDay.values.afternoon,
    classroom: '美术楼201',
  });
  const calligraphy = b.klass({ id: 9, name: '暑期书法营', fee: 1000, weekdays: [1, 2, 3, 4, 5], first_session_date: '2026-07-13', session_count: 10 });
  const running = enrol(b, { parent: b.parent, child: b.xiaoming, klass: guohua, signedUpAt: at('2026-08-15', '10:30'), outcome: 'paid' }).order!;
  const finished = enrol(b, { parent: b.parent, child: b.xiaohong, klass: calligraphy, signedUpAt: at('2026-06-20', '10:30'), outcome: 'paid' }).order!;
  orders = { running: running.id, finished: finished.id };
});
let orders!: { running: number; finished: number };

const noClasses = familyWorld();

/** The my_class calls the page made, by their query (in front of the mock, which answers). */
function recordClassLists(): URLSearchParams[] {
  return recordCalls('get', '*/my_class', ({ url }) => url.searchParams);
}

describe('/personal/classGrade 我的课程', () => {
  it('shows each class with the child, progress, next session and links to the order and the class', async () => {
    const asked = recordClassLists();
    await renderRoute('/personal/classGrade', { world, as: 'zhangwei' });
    const c = await screen.findByRole('article', { name: '少儿国画启蒙班' });
    expect(within(c).getByText('张小明')).toBeInTheDocument();
    const progress = within(c).getByRole('progressbar', { name: '上课进度' });
    expect(progress).toHaveAttribute('aria-valuenow', '12');
    expect(progress).toHaveAttribute('aria-valuemax', '16');
    expect(c).toHaveTextContent('已上 12 / 16 次');
    expect(c).toHaveTextContent('周日 14:00-15:30');
    expect(c).toHaveTextContent('下次上课12月6日 14:00 · 美术楼201');
    expect(within(c).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.running}`);
    expect(within(c).getByRole('link', { name: '课程详情' })).toHaveAttribute('href', '/details?id=3');
    expect(within(c).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', '/details?id=3');
    expect(screen.queryByRole('article', { name: '暑期书法营' })).toBeNull();
    expect(asked[0]!.get('finished')).toBe('false');
    expect(asked[0]!.get('contact_id')).toBeNull();
  });

  it('已结课 asks for finished classes and keeps it in the address', async () => {
    const asked = recordClassLists();
    const app = await renderRoute('/personal/classGrade', { world, as: 'zhangwei' });
    await screen.findByRole('article', { name: '少儿国画启蒙班' });
    const tabs = screen.getByRole('navigation', { name: '课程状态' });
    expect(within(tabs).getByRole('link', { name: '进行中' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(tabs).getByRole('link', { name: '已结课' }));
    const c = await screen.findByRole('article', { name: '暑期书法营' });
    expect(app.location()).toBe('/personal/classGrade?status=finished');
    expect(asked.at(-1)!.get('finished')).toBe('true');
    expect(within(c).getByText('张小红')).toBeInTheDocument();
    expect(c).toHaveTextContent('已上 10 / 10 次');
    expect(c).toHaveTextContent('下次上课已结课');
    expect(within(c).getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/personal/orderDetails?id=${orders.finished}`);
    expect(screen.queryByRole('article', { name: '少儿国画启蒙班' })).toBeNull();
  });

  it('the child filter reaches the query and the address', async () => {
    const asked = recordClassLists();
    const app = await renderRoute('/personal/classGrade?status=finished', { world, as: 'zhangwei' });
    await screen.findByRole('article', { name: '暑期书法营' });
    const child = screen.getByRole('combobox', { name: '孩子' });
    await waitFor(() => expect(within(child).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(child, '张小明');
    await waitFor(() => expect(app.location()).toBe('/personal/classGrade?status=finished&child=1'));
    await waitFor(() => expect(asked.at(-1)!.get('contact_id')).toBe('1'));
    expect(asked.at(-1)!.get('finished')).toBe('true');
    // 张小明's only class is still running.
    expect(await screen.findByText('还没有已结课的课程')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '孩子' }), '全部孩子');
    await waitFor(() => expect(app.location()).toBe('/personal/classGrade?status=finished'));
    expect(await screen.findByRole('article', { name: '暑期书法营' })).toBeInTheDocument();
  });

  it('says when a child has no classes yet, with a way to browse classes', async () => {
    await renderRoute('/personal/classGrade', { world: noClasses, as: 'zhangwei' });
    expect(await screen.findByText('还没有进行中的课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课程' })).toHaveAttribute('href', '/searchHome');
  });

  it('explains a failure and loads again on request', async () => {
    failOnce('*/my_class');
    await renderRoute('/personal/classGrade', { world, as: 'zhangwei' });
    await reloadAfterFailure('课程加载失败');
    expect(await screen.findByRole('article', { name: '少儿国画启蒙班' })).toBeInTheDocument();
  });
});
