import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearChild, selectChild } from '../../stores/child-store.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp as render } from '../../test/render-app.tsx';
import { browsingAnswers, sampleCard } from '../classes/test-samples.ts';

// These render the whole app: the first render loads the lazy route modules, and a busy machine
// (several test runs at once) makes every step slower than Testing Library's and Vitest's defaults.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** The app of the running test: afterEach lets its calls finish while their handlers still answer. */
let app: ReturnType<typeof render> | null = null;
const renderApp = (path: string) => (app = render(path));

const browsing = () => Object.entries(browsingAnswers).map(([path, answer]) => http.get(chromeUrl(path), ({ params }) => ok(answer(params))));

/** The search backend: 30 classes in all, answered a page at a time; every query it got. */
let queries: Record<string, string>[] = [];
function searchBackend(total = 30) {
  queries = [];
  server.use(
    http.get(chromeUrl('search_by_screening_conditions'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page ?? 1);
      const size = Number(query.page_size ?? 10);
      const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
      return ok({ list: ids.map((id) => sampleCard({ id, name: `班级${id}` })), total, page, page_size: size });
    }),
  );
}
const lastQuery = () => queries[queries.length - 1]!;
const group = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  server.use(...chromeHandlers(), ...browsing());
  searchBackend();
});
afterEach(async () => {
  const running = app;
  app = null;
  if (running) await waitFor(() => expect(running.queryClient.isFetching()).toBe(0));
  clearSession();
  clearChild();
  resetToastStore();
  vi.restoreAllMocks();
});

describe('the search page', () => {
  it('searches what the address says and shows the classes, their count and the chosen filters', async () => {
    renderApp(`/searchHome?name=${encodeURIComponent('国画')}&center=1&specialty=12`);
    expect(await screen.findByRole('heading', { level: 1, name: '“国画”的搜索结果' })).toBeInTheDocument();
    expect(await screen.findByText('共找到', { exact: false })).toHaveTextContent('共找到 30 个班级');
    expect(lastQuery()).toEqual({ name: '国画', center: '1', specialty: '12', page: '1', page_size: '12' });
    const results = screen.getByRole('region', { name: '搜索结果' });
    const cards = within(results).getAllByRole('article');
    expect(cards).toHaveLength(12);
    expect(within(cards[0]!).getByRole('link', { name: '班级1' })).toHaveAttribute('href', '/details?id=1');
    expect(cards[0]).toHaveTextContent('剩余5个名额');
    expect(cards[0]).toHaveTextContent('¥1,800.00');
    expect(within(group('中心')).getByRole('button', { name: '美术' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group('已选条件')).getAllByRole('button').map((b) => b.textContent)).toEqual(['关键词：国画×', '美术×', '所选专业×', '清空筛选']);
  });

  it('a center lists its specialties; choosing one narrows the search, another center forgets it', async () => {
    server.use(http.get(chromeUrl('search_page_specialty/:id'), ({ params }) => ok({ center: { id: Number(params.id), name: '美术' }, list: [{ id: 11, name: '儿童画' }, { id: 12, name: '国画' }] })));
    const app = renderApp('/searchHome?center=1');
    expect(await screen.findByRole('heading', { level: 1, name: '美术' })).toBeInTheDocument();
    await userEvent.click(await within(await screen.findByRole('group', { name: '专业' })).findByRole('button', { name: '国画' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?center=1&specialty=12'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ center: '1', specialty: '12' }));
    expect(await screen.findByRole('heading', { level: 1, name: '美术 · 国画' })).toBeInTheDocument();
    await userEvent.click(within(group('中心')).getByRole('button', { name: '音乐' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?center=2'));
    await waitFor(() => expect(lastQuery()).toEqual({ center: '2', page: '1', page_size: '12' }));
  });

  it('every filter reaches the address and the query, from page 1; Back returns to the previous search', async () => {
    const app = renderApp('/searchHome?page=2');
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
      expect(lastQuery()).toEqual({ age: '7', weekday: '6', time_of_day: '2', admission_kind: '2', fee_min: '1000', fee_max: '2000', available: 'true', page: '1', page_size: '12' }),
    );
    expect(within(group('费用')).getByRole('button', { name: '1000-2000元' })).toHaveAttribute('aria-pressed', 'true');

    await app.router.navigate(-1);
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7&weekday=6&time_of_day=2&admission_kind=2&fee_min=1000&fee_max=2000'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '只看可报名的班级' })).not.toBeChecked());
  });

  it('a fee range typed backwards is explained beside it and kept; a good one is searched', async () => {
    const app = renderApp('/searchHome');
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
    await waitFor(() => expect(lastQuery()).toMatchObject({ fee_min: '3000', fee_max: '5000' }));
  });

  it('pages through the results', async () => {
    const app = renderApp('/searchHome?weekday=6');
    await screen.findByText('班级1');
    const pages = screen.getByRole('navigation', { name: '分页' });
    await userEvent.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?weekday=6&page=3'));
    expect(await screen.findByText('班级25')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ weekday: '6', page: '3', page_size: '12' });
    expect(within(pages).getByRole('button', { name: '3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('a tag removes its filter', async () => {
    const app = renderApp('/searchHome?age=7&fee_max=1000&weekday=6');
    await screen.findByText('班级1');
    await userEvent.click(within(group('已选条件')).getByRole('button', { name: '去掉条件：1000元以下' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7&weekday=6'));
    await userEvent.click(within(group('已选条件')).getByRole('button', { name: '清空筛选' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', page_size: '12' }));
  });

  it('nothing found: offers to loosen each filter, with buttons that do it', async () => {
    searchBackend(0);
    const app = renderApp(`/searchHome?name=${encodeURIComponent('钢琴')}&age=4&weekday=3&available=true`);
    expect(await screen.findByText('没有找到符合条件的班级')).toBeInTheDocument();
    const buttons = screen.getByText('试试放宽下面的条件：').parentElement!;
    expect(within(buttons).getAllByRole('button').map((b) => b.textContent)).toEqual(['不限关键词“钢琴”', '不限年龄', '去掉“周三”', '也看未开始和已满员的班级', '清空全部条件']);
    await userEvent.click(within(buttons).getByRole('button', { name: '不限年龄' }));
    await waitFor(() => expect(app.location()).toBe(`/searchHome?name=${encodeURIComponent('钢琴')}&weekday=3&available=true`));
    await userEvent.click(await screen.findByRole('button', { name: '清空全部条件' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', page_size: '12' }));
  });

  it('a page past the end offers the first one', async () => {
    const app = renderApp('/searchHome?page=9');
    expect(await screen.findByText('第9页没有班级了')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '回到第1页' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome'));
    expect(await screen.findByText('班级1')).toBeInTheDocument();
  });

  it('a failed search says so and searches again on request', async () => {
    let calls = 0;
    server.use(http.get(chromeUrl('search_by_screening_conditions'), () => (++calls === 1 ? fail(500, 500001, '服务繁忙') : ok({ list: [sampleCard()], total: 1, page: 1, page_size: 12 }))));
    renderApp('/searchHome');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('搜索失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('link', { name: '少儿国画启蒙班' })).toBeInTheDocument();
  });

  it('offers the selected child’s age as a filter', async () => {
    signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
    selectChild(5);
    const app = renderApp('/searchHome');
    await userEvent.click(await screen.findByRole('button', { name: '按张小明的年龄（7岁）' }));
    await waitFor(() => expect(app.location()).toBe('/searchHome?age=7'));
    await waitFor(() => expect(within(group('年龄')).getByRole('button', { name: '7岁' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ age: '7' }));
  });
});
