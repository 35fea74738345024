import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timeOfDay } from '#contract/index';
import { describe, expect, it } from 'vitest';
import { recordCalls } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

/*
 * The catalogue the search runs over: 艺术中心 (id 1) with thirty 国画 classes 班级1…班级30
 * (ids 1–30, open now, 6-10岁, ¥1,800, 5 seats, Saturday mornings) and one cheap 舞蹈 class
 * (id 31, ¥800, Saturday afternoon), and a second center 科技中心 (id 2) with 机器人 (id 3).
 * Open classes come in id order, twelve a page.
 */
const world = familyWorld((b) => {
  for (let i = 1; i <= 30; i++) b.klass({ id: i, name: `班级${i}`, fee: 1800, capacity: 5 });
  b.klass({ id: 31, name: '少儿舞蹈体验班', specialty_id: b.specialties[1].id, fee: 800, time_of_day: timeOfDay.values.afternoon, start_time: '14:00', end_time: '15:30' });
  const tech = b.add('centers', b.f.center({ id: 2, name: '科技中心' }))[0]!;
  b.add('specialties', b.f.specialty(tech.id, { id: 3, name: '机器人' }));
});

/** Every query the page searched with (recorded in front of the mock, which answers). */
function recordSearches(): Record<string, string>[] {
  return recordCalls('get', '*/search_by_screening_conditions', ({ url }) => Object.fromEntries(url.searchParams));
}

const group = (name: string) => screen.getByRole('group', { name });

describe('the search page', () => {
  it('searches what the address says and shows the classes, their count and the chosen filters', async () => {
    const queries = recordSearches();
    await renderRoute(`/searchHome?name=${encodeURIComponent('国画')}&center=1&specialty=1`, { world });
    expect(await screen.findByRole('heading', { level: 1, name: '“国画”的搜索结果' })).toBeInTheDocument();
    expect(await screen.findByText('共找到', { exact: false })).toHaveTextContent('共找到 30 个班级');
    expect(queries.at(-1)).toEqual({ name: '国画', center: '1', specialty: '1', page: '1', page_size: '12' });
    const results = screen.getByRole('region', { name: '搜索结果' });
    const cards = within(results).getAllByRole('article');
    expect(cards).toHaveLength(12);
    expect(within(cards[0]!).getByRole('link', { name: '班级1' })).toHaveAttribute('href', '/details?id=1');
    expect(cards[0]).toHaveTextContent('剩余5个名额');
    expect(cards[0]).toHaveTextContent('¥1,800.00');
    expect(within(group('中心')).getByRole('button', { name: '艺术中心' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(
        within(group('已选条件'))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['关键词：国画×', '艺术中心×', '国画×', '清空筛选']),
    );
  });

  it('a center lists its specialties; choosing one narrows the search, another center forgets it', async () => {
    const queries = recordSearches();
    const app = await renderRoute('/searchHome?center=1', { world });
    expect(await screen.findByRole('heading', { level: 1, name: '艺术中心' })).toBeInTheDocument();
    const specialties = await screen.findByRole('group', { name: '专业' });
    expect(
      within(specialties)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['全部', '国画', '舞蹈']);
    await userEvent.click(within(specialties).getByRole('button', { name: '国画' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?center=1&specialty=1'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ center: '1', specialty: '1' }));
    expect(await screen.findByRole('heading', { level: 1, name: '艺术中心 · 国画' })).toBeInTheDocument();
    await userEvent.click(within(group('中心')).getByRole('button', { name: '科技中心' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?center=2'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ center: '2', page: '1', page_size: '12' }));
  });

  it('every filter reaches the address and the query, from page 1; Back returns to the previous search', async () => {
    const queries = recordSearches();
    const app = await renderRoute('/searchHome?page=2', { world });
    await screen.findByText('班级13');
    await userEvent.click(within(group('上课日')).getByRole('button', { name: '周六' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?weekday=6'));
    await userEvent.click(within(group('年龄')).getByRole('button', { name: '7岁' }));
    await userEvent.click(within(group('上课时段')).getByRole('button', { name: '下午' }));
    await userEvent.click(within(group('招生方式')).getByRole('button', { name: '摇号' }));
    await userEvent.click(within(group('费用')).getByRole('button', { name: '1000-2000元' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '只看可报名的班级' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7&weekday=6&time_of_day=2&admission_kind=2&fee_min=1000&fee_max=2000&available=true'));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ age: '7', weekday: '6', time_of_day: '2', admission_kind: '2', fee_min: '1000', fee_max: '2000', available: 'true', page: '1', page_size: '12' }),
    );
    expect(within(group('费用')).getByRole('button', { name: '1000-2000元' })).toHaveAttribute('aria-pressed', 'true');

    await app.router.navigate(-1);
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7&weekday=6&time_of_day=2&admission_kind=2&fee_min=1000&fee_max=2000'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '只看可报名的班级' })).not.toBeChecked());
  });

  it('an amount too large to be a fee (an ID number typed in the box) is explained beside it and kept, not searched', async () => {
    const app = await renderRoute('/searchHome', { world });
    await screen.findByText('班级1');
    const low = screen.getByRole('spinbutton', { name: '最低金额（元）' });
    await userEvent.type(low, '110105201903081231');
    await userEvent.click(within(group('费用')).getByRole('button', { name: '确定' }));
    expect(screen.getByRole('alert')).toHaveTextContent('金额过大，请输入正确的金额');
    expect(low).toHaveValue(Number('110105201903081231'));
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(app.location()).toBe('/searchHome');
  });

  it('a fee range typed backwards is explained beside it and kept; a good one is searched', async () => {
    const queries = recordSearches();
    const app = await renderRoute('/searchHome', { world });
    await screen.findByText('班级1');
    const low = screen.getByRole('spinbutton', { name: '最低金额（元）' });
    const high = screen.getByRole('spinbutton', { name: '最高金额（元）' });
    await userEvent.type(low, '3000');
    await userEvent.type(high, '1000');
    await userEvent.click(within(group('费用')).getByRole('button', { name: '确定' }));
    expect(screen.getByRole('alert')).toHaveTextContent('最低金额不能高于最高金额');
    expect(low).toHaveValue(3000);
    expect(low).toHaveAttribute('aria-invalid', 'true');
    expect(app.location()).toBe('/searchHome');
    await userEvent.clear(high);
    await userEvent.type(high, '5000{Enter}');
    await waitFor(() => expect(app.location()).toBe('/searchHome?fee_min=3000&fee_max=5000'));
    expect(await screen.findByRole('button', { name: '去掉条件：3000-5000元' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ fee_min: '3000', fee_max: '5000' }));
  });

  it('pages through the results', async () => {
    const queries = recordSearches();
    const app = await renderRoute('/searchHome?weekday=6', { world });
    await screen.findByText('班级1');
    expect(screen.getByText('共找到', { exact: false })).toHaveTextContent('共找到 31 个班级');
    const pages = screen.getByRole('navigation', { name: '分页' });
    await userEvent.click(within(pages).getByRole('link', { name: '3' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?weekday=6&page=3'));
    expect(await screen.findByText('班级25')).toBeInTheDocument();
    expect(queries.at(-1)).toMatchObject({ weekday: '6', page: '3', page_size: '12' });
    expect(within(pages).getByRole('link', { name: '3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByText('下一页')).toHaveAttribute('aria-disabled', 'true');
  });

  it('a tag removes its filter', async () => {
    const queries = recordSearches();
    const app = await renderRoute('/searchHome?age=7&fee_max=1000&weekday=6', { world });
    await screen.findByText('少儿舞蹈体验班');
    await userEvent.click(within(group('已选条件')).getByRole('button', { name: '去掉条件：1000元以下' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7&weekday=6'));
    await userEvent.click(within(group('已选条件')).getByRole('button', { name: '清空筛选' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', page_size: '12' }));
  });

  it('nothing found: offers to loosen each filter, with buttons that do it', async () => {
    const queries = recordSearches();
    const app = await renderRoute(`/searchHome?name=${encodeURIComponent('钢琴')}&age=4&weekday=3&available=true`, { world });
    expect(await screen.findByText('没有找到符合条件的班级')).toBeInTheDocument();
    const buttons = screen.getByText('试试放宽下面的条件：').parentElement!;
    expect(
      within(buttons)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['不限关键词“钢琴”', '不限年龄', '去掉“周三”', '也看未开始和已满员的班级', '清空全部条件']);
    await userEvent.click(within(buttons).getByRole('button', { name: '不限年龄' }));
    await waitFor(() => expect(app.location()).toBe(`/searchHome?name=${encodeURIComponent('钢琴')}&weekday=3&available=true`));
    await userEvent.click(await screen.findByRole('button', { name: '清空全部条件' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', page_size: '12' }));
  });

  it('a page past the end offers the first one', async () => {
    const app = await renderRoute('/searchHome?page=9', { world });
    expect(await screen.findByText('第9页没有班级了')).toBeInTheDocument();
    expect(screen.getByText('共找到31个班级，可回到第一页查看。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '回到第1页' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome'));
    expect(await screen.findByText('班级1')).toBeInTheDocument();
  });

  it('a failed search says so and searches again on request', async () => {
    failOnce('*/search_by_screening_conditions', 500001, '服务繁忙');
    await renderRoute('/searchHome', { world });
    await reloadAfterFailure('搜索失败');
    expect(await screen.findByRole('link', { name: '班级1' })).toHaveAttribute('href', '/details?id=1');
  });

  it('offers the selected child’s age as a filter', async () => {
    const queries = recordSearches();
    const app = await renderRoute('/searchHome', { world, as: 'zhangwei', child: 1 });
    await userEvent.click(await screen.findByRole('button', { name: '按张小明的年龄（7岁）' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7'));
    await waitFor(() => expect(within(group('年龄')).getByRole('button', { name: '7岁' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ age: '7' }));
  });
});
