import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classType, collectionType } from '#contract/index';
import { HOUR, toIso } from '#fixtures/time';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../stores/toast-store.ts';
import { fail, http, server, recordHeldCalls } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';

const COLLECTED_AT = '2026-12-01T21:10:00+08:00';

/** 张伟 collects `names` (classes), newest first: the first collected at COLLECTED_AT, each next an hour before. */
function collect(b: FamilyBuilder, names: string[], type: number = collectionType.values.classes, firstId = 1): number[] {
  return names.map((name, i) => {
    const klass = b.klass({ name, ...(type === collectionType.values.activities ? { class_type: classType.values.activity, session_count: 1 } : {}) });
    b.add('collections', { id: firstId + i, parent_id: b.parent.id, class_id: klass.id, type, created_at: toIso(Date.parse(COLLECTED_AT) - i * HOUR) });
    return klass.id;
  });
}

/** Two classes (国画 the newer) and an activity; 李娜 has collected a class too, which is not his. */
const world = familyWorld((b) => {
  [guohuaId] = collect(b, ['少儿国画启蒙班', '钢琴精品小班']);
  collect(b, ['新年音乐会'], collectionType.values.activities, 3);
  const hers = b.klass({ name: '少儿芭蕾启蒙班' });
  b.add('collections', { id: 4, parent_id: b.other.id, class_id: hers.id, type: collectionType.values.classes, created_at: toIso(TEST_NOW - HOUR) });
});
let guohuaId: number | undefined;
const none = familyWorld();
const twelve = familyWorld((b) =>
  collect(
    b,
    Array.from({ length: 12 }, (_, i) => `课程${i + 1}`),
  ),
);
const ten = familyWorld((b) =>
  collect(
    b,
    Array.from({ length: 10 }, (_, i) => `课程${i + 1}`),
  ),
);

/** The get_my_collection calls the page made (in front of the mock, which answers). */
function recordLists(): { type: string; page: string | null; page_size: string | null }[] {
  const asked: { type: string; page: string | null; page_size: string | null }[] = [];
  server.use(
    http.get('*/get_my_collection/:type', ({ params, request }) => {
      const url = new URL(request.url);
      asked.push({ type: String(params.type), page: url.searchParams.get('page'), page_size: url.searchParams.get('page_size') });
    }),
  );
  return asked;
}

const list = () => screen.findByRole('list', { name: '收藏的课程' });

describe('我的收藏', () => {
  it('shows one tab per kind, the first chosen, and its classes as cards linking to the class', async () => {
    const asked = recordLists();
    await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    const tabs = await screen.findByRole('tablist', { name: '收藏分类' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['课程', '活动']);
    expect(within(tabs).getByRole('tab', { name: '课程' })).toHaveAttribute('aria-selected', 'true');
    const cards = within(await list()).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: '少儿国画启蒙班' })).toHaveAttribute('href', `/details?id=${guohuaId}`);
    expect(within(cards[0]!.closest('li')!).getByText('2026-12-01 21:10')).toBeInTheDocument();
    expect(asked[0]).toEqual({ type: '1', page: '1', page_size: '9' });
  });

  it('lists only his own collections of the kind, newest first', async () => {
    await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    const cards = within(await list()).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['少儿国画启蒙班', '钢琴精品小班']);
    expect(screen.queryByRole('link', { name: '少儿芭蕾启蒙班' })).toBeNull();
    expect(screen.queryByRole('link', { name: '新年音乐会' })).toBeNull();
  });

  it('another tab asks for that kind and keeps the choice in the address', async () => {
    const app = await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    await list();
    await userEvent.click(screen.getByRole('tab', { name: '活动' }));
    const activities = await screen.findByRole('list', { name: '收藏的活动' });
    expect(within(activities).getByRole('link', { name: '新年音乐会' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '活动' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', screen.getByRole('tab', { name: '活动' }).id);
    expect(app.location()).toBe('/personal/collect?type=2');
  });

  it('the arrow keys move between the tabs', async () => {
    await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    await list();
    const first = screen.getByRole('tab', { name: '课程' });
    expect(screen.getByRole('tab', { name: '活动' })).toHaveAttribute('tabindex', '-1');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '活动' })).toHaveFocus();
    expect(await screen.findByRole('list', { name: '收藏的活动' })).toBeInTheDocument();
  });

  it('取消收藏 removes the collection, waits while it is sent, refreshes the list and says so', async () => {
    // Held, then let go on to the mock, which removes the collection.
    const { seen: deleted, release } = recordHeldCalls('delete', '*/delete_my_collection/:id', ({ params }) => String(params.id));
    const { mock } = await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    const button = within(await list()).getByRole('button', { name: '取消收藏 钢琴精品小班' });
    await userEvent.click(button);
    await waitFor(() => expect(deleted).toEqual(['2']));
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(within(screen.getByRole('list', { name: '收藏的课程' })).queryByRole('link', { name: '钢琴精品小班' })).toBeNull());
    expect(within(screen.getByRole('list', { name: '收藏的课程' })).getByRole('link', { name: '少儿国画启蒙班' })).toBeInTheDocument();
    expect(toastStore().toasts.map((t) => [t.kind, t.message])).toContainEqual(['succeed', '已取消收藏“钢琴精品小班”']);
    expect(mock.db.collections.findFirst((q) => q.where({ id: 2 }))).toBeUndefined();
    expect(mock.db.collections.all().map((c) => c.id)).toEqual([1, 3, 4]);
  });

  it('with nothing collected, says so and links to the class search', async () => {
    await renderRoute('/personal/collect', { world: none, as: 'zhangwei' });
    expect(await screen.findByText('还没有收藏课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去发现课程' })).toHaveAttribute('href', '/searchHome');
  });

  it('pages through a long list, nine at a time', async () => {
    const asked = recordLists();
    const app = await renderRoute('/personal/collect', { world: twelve, as: 'zhangwei' });
    expect(within(await list()).getAllByRole('article')).toHaveLength(9);
    await userEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '收藏的课程' })).getAllByRole('article')).toHaveLength(3));
    expect(within(screen.getByRole('list', { name: '收藏的课程' })).getByRole('link', { name: '课程12' })).toBeInTheDocument();
    expect(app.location()).toBe('/personal/collect?page=2');
    expect(asked.at(-1)).toEqual({ type: '1', page: '2', page_size: '9' });
  });

  it('removing the only card of the last page goes back a page', async () => {
    const app = await renderRoute('/personal/collect?page=2', { world: ten, as: 'zhangwei' });
    await userEvent.click(within(await list()).getByRole('button', { name: '取消收藏 课程10' }));
    await waitFor(() => expect(app.location()).toBe('/personal/collect'));
    expect(within(await list()).getAllByRole('article')).toHaveLength(9);
  });

  it('a list that fails to load offers to try again', async () => {
    failOnce('*/get_my_collection/:type');
    await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    await reloadAfterFailure('收藏的课程加载失败');
    expect(within(await list()).getByRole('link', { name: '少儿国画启蒙班' })).toBeInTheDocument();
  });

  it('the kinds failing to load is said too', async () => {
    server.use(http.get('*/get_collection_type', () => fail(500, 500000, '服务器开小差了，请稍后再试')));
    await renderRoute('/personal/collect', { world, as: 'zhangwei' });
    expect(await screen.findByRole('alert')).toHaveTextContent('收藏分类加载失败');
  });
});
