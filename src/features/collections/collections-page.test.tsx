import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sampleCard } from '../classes/test-samples.ts';

// The first test loads the route's modules: slow on a busy machine (several test runs at once).
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const kinds = [
  { value: 1, label: '课程' },
  { value: 2, label: '活动' },
];

interface Row {
  id: number;
  type: 1 | 2;
  created_at: string;
  class: ReturnType<typeof sampleCard>;
}

const row = (id: number, type: 1 | 2, name: string): Row => ({
  id,
  type,
  created_at: '2026-12-01T21:10:00+08:00',
  class: sampleCard({ id: 100 + id, name }),
});

let rows: Row[] = [];
let requests: { type: string; page: string | null; page_size: string | null }[] = [];
let deleted: string[] = [];

beforeEach(() => {
  rows = [row(1, 1, '少儿国画启蒙班'), row(2, 1, '钢琴精品小班'), row(3, 2, '新年音乐会')];
  requests = [];
  deleted = [];
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
  server.use(
    ...chromeHandlers(),
    http.get(chromeUrl('get_collection_type'), () => ok({ list: kinds })),
    http.get(chromeUrl('get_my_collection/:type'), ({ params, request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 10);
      requests.push({ type: String(params.type), page: url.searchParams.get('page'), page_size: url.searchParams.get('page_size') });
      const mine = rows.filter((r) => String(r.type) === params.type);
      return ok({ list: mine.slice((page - 1) * size, page * size), total: mine.length, page, page_size: size });
    }),
    http.delete(chromeUrl('delete_my_collection/:id'), ({ params }) => {
      deleted.push(String(params.id));
      rows = rows.filter((r) => String(r.id) !== params.id);
      return ok(null, '已取消收藏');
    }),
  );
});
afterEach(() => {
  clearSession();
  resetToastStore();
});

const list = () => screen.findByRole('list', { name: '收藏的课程' });

describe('我的收藏', () => {
  it('shows one tab per kind, the first chosen, and its classes as cards linking to the class', async () => {
    renderApp('/personal/collect');
    const tabs = await screen.findByRole('tablist', { name: '收藏分类' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['课程', '活动']);
    expect(within(tabs).getByRole('tab', { name: '课程' })).toHaveAttribute('aria-selected', 'true');
    const cards = within(await list()).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', '/details?id=101');
    expect(within(cards[0]!.closest('li')!).getByText('2026-12-01 21:10')).toBeInTheDocument();
    expect(requests[0]).toEqual({ type: '1', page: '1', page_size: '9' });
  });

  it('another tab asks for that kind and keeps the choice in the address', async () => {
    const app = renderApp('/personal/collect');
    await list();
    await userEvent.click(screen.getByRole('tab', { name: '活动' }));
    const activities = await screen.findByRole('list', { name: '收藏的活动' });
    expect(within(activities).getByRole('link', { name: '新年音乐会' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '活动' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', screen.getByRole('tab', { name: '活动' }).id);
    expect(app.location()).toBe('/personal/collect?type=2');
  });

  it('the arrow keys move between the tabs', async () => {
    renderApp('/personal/collect');
    await list();
    const first = screen.getByRole('tab', { name: '课程' });
    expect(screen.getByRole('tab', { name: '活动' })).toHaveAttribute('tabindex', '-1');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '活动' })).toHaveFocus();
    expect(await screen.findByRole('list', { name: '收藏的活动' })).toBeInTheDocument();
  });

  it('取消收藏 removes the collection, waits while it is sent, refreshes the list and says so', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.delete(chromeUrl('delete_my_collection/:id'), async ({ params }) => {
        await held;
        deleted.push(String(params.id));
        rows = rows.filter((r) => String(r.id) !== params.id);
        return ok(null, '已取消收藏');
      }),
    );
    renderApp('/personal/collect');
    const button = within(await list()).getByRole('button', { name: '取消收藏 钢琴精品小班' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(within(screen.getByRole('list', { name: '收藏的课程' })).queryByRole('link', { name: '钢琴精品小班' })).toBeNull());
    expect(deleted).toEqual(['2']);
    expect(within(screen.getByRole('list', { name: '收藏的课程' })).getByRole('link', { name: '少儿国画启蒙班' })).toBeInTheDocument();
    expect(toastStore.toasts.map((t) => [t.kind, t.message])).toContainEqual(['succeed', '已取消收藏“钢琴精品小班”']);
  });

  it('with nothing collected, says so and links to the class search', async () => {
    rows = [];
    renderApp('/personal/collect');
    expect(await screen.findByText('还没有收藏课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去发现课程' })).toHaveAttribute('href', '/searchHome');
  });

  it('pages through a long list, nine at a time', async () => {
    rows = Array.from({ length: 12 }, (_, i) => row(i + 1, 1, `课程${i + 1}`));
    const app = renderApp('/personal/collect');
    expect(within(await list()).getAllByRole('article')).toHaveLength(9);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '收藏的课程' })).getAllByRole('article')).toHaveLength(3));
    expect(app.location()).toBe('/personal/collect?page=2');
    expect(requests.at(-1)).toEqual({ type: '1', page: '2', page_size: '9' });
  });

  it('removing the only card of the last page goes back a page', async () => {
    rows = Array.from({ length: 10 }, (_, i) => row(i + 1, 1, `课程${i + 1}`));
    const app = renderApp('/personal/collect?page=2');
    await userEvent.click(within(await list()).getByRole('button', { name: '取消收藏 课程10' }));
    await waitFor(() => expect(app.location()).toBe('/personal/collect'));
    expect(within(await list()).getAllByRole('article')).toHaveLength(9);
  });

  it('a list that fails to load offers to try again', async () => {
    let failing = true;
    server.use(
      http.get(chromeUrl('get_my_collection/:type'), () =>
        failing ? fail(500, 500000, '服务器开小差了，请稍后再试') : ok({ list: [rows[0]], total: 1, page: 1, page_size: 9 }),
      ),
    );
    renderApp('/personal/collect');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('收藏的课程加载失败');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(within(await list()).getByRole('link', { name: '少儿国画启蒙班' })).toBeInTheDocument();
  });

  it('the kinds failing to load is said too', async () => {
    server.use(http.get(chromeUrl('get_collection_type'), () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    renderApp('/personal/collect');
    expect(await screen.findByRole('alert')).toHaveTextContent('收藏分类加载失败');
  });
});
