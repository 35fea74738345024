import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admissionKind } from '#contract/index';
import { DAY } from '#fixtures/time';
import { enrol } from '#fixtures/world';
import { describe, expect, it, vi } from 'vitest';
import { http, server } from '../../test/api-server.ts';
import { failOnce, reloadAfterFailure } from '../../test/failures.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { BANNER_INTERVAL_MS } from './banner-carousel.tsx';

/**
 * Three banners, in sort order 寒假班 (external), 春季招生简章 (in the app), 新年音乐会 (no link). A
 * link that is no link cannot be stored: src/app/backend-links.test.tsx plants them in the answers.
 */
function addBanners(b: FamilyBuilder): void {
  b.add(
    'banners',
    { id: 1, title: '春季招生简章发布', image_url: 'banner/1.svg', link_url: '/apply', sort: 2 },
    { id: 2, title: '寒假班火热报名中', image_url: 'banner/2.svg', link_url: 'https://www.example.org/winter', sort: 1 },
    { id: 3, title: '新年音乐会', image_url: 'banner/3.svg', link_url: null, sort: 3 },
  );
}

/*
 * The home page's world: the banners; 艺术中心 (1) and 音乐中心 (2) with eight piano classes open
 * now (in no home list); five 春季班 (ids 1-5) opening 2026-12-08 10:00; and 少儿书法班 (id 6),
 * two seats, both taken by paid orders: full while its sign-up is open.
 */
const world = familyWorld((b) => {
  addBanners(b);
  const [music] = b.add('centers', b.f.center({ id: 2, name: '音乐中心', description: '钢琴、小提琴' }));
  const [piano] = b.add('specialties', b.f.specialty(music!.id, { id: 3, name: '钢琴' }));
  for (let i = 1; i <= 5; i++) {
    b.klass({ id: i, name: `春季班${i}`, sign_up_start_at: '2026-12-08T10:00:00+08:00', sign_up_end_at: '2026-12-30T17:00:00+08:00' });
  }
  const full = b.klass({ id: 6, name: '少儿书法班', capacity: 2 });
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: full, signedUpAt: TEST_NOW - 2 * DAY, outcome: 'paid' });
  enrol(b, { parent: b.other, child: b.otherChild, klass: full, signedUpAt: TEST_NOW - 2 * DAY, outcome: 'paid' });
  for (let i = 1; i <= 8; i++) b.klass({ id: 10 + i, name: `钢琴集体课${i}班`, center_id: music!.id, specialty_id: piano!.id });
});

/** No banner published, no class. */
const plain = familyWorld();

/** One class open until 2026-12-07 17:00, nothing opening soon, nothing full, no 秒杀. */
const closingOnly = familyWorld((b) => {
  b.klass({ id: 1, name: '少儿国画启蒙班', sign_up_end_at: '2026-12-07T17:00:00+08:00' });
});

/** Two seconds before a 秒杀 opens at 2026-12-05 10:00 (the mock's clock frozen at 09:59:58). */
const beforeSeckill = familyWorld(
  (b) => {
    b.klass({
      id: 33,
      name: '寒假Scratch编程营（秒杀）',
      admission_kind: admissionKind.values.seckill,
      sign_up_start_at: '2026-12-05T10:00:00+08:00',
      sign_up_end_at: '2026-12-12T17:00:00+08:00',
    });
  },
  { now: TEST_NOW - 2000 },
);

// Hidden slides have no accessible name to Testing Library, so they are found by their label.
const slide = (n: number) => screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-label')?.startsWith(`${n} / 3：`))!;
const currentDot = () =>
  within(screen.getByRole('group', { name: '选择轮播图' }))
    .getAllByRole('button')
    .findIndex((b) => b.getAttribute('aria-current') === 'true') + 1;

describe('the hero', () => {
  it('shows the category menu open beside the banners, in their order, each linking where it says', async () => {
    await renderRoute('/', { world });
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    expect(screen.getAllByRole('navigation', { name: '课程分类' })).toHaveLength(1);
    expect(within(screen.getByRole('navigation', { name: '课程分类' })).getByRole('link', { name: '艺术中心' })).toHaveAttribute('href', '/searchHome?center=1');
    // Sorted by sort: the winter banner first.
    expect(slide(1)).toHaveAccessibleName('1 / 3：寒假班火热报名中');
    expect(slide(1)).not.toHaveAttribute('aria-hidden', 'true');
    expect(slide(2)).toHaveAttribute('aria-hidden', 'true');
    const external = within(slide(1)).getByRole('link');
    expect(external).toHaveAttribute('href', 'https://www.example.org/winter');
    expect(external).toHaveAttribute('target', '_blank');
    expect(within(slide(1)).getByRole('img', { name: '寒假班火热报名中' })).toHaveAttribute('src', '/mock-oss/banner/2.svg');
    expect(within(slide(2)).getByRole('link', { hidden: true })).toHaveAttribute('href', '/apply');
    // A link the page would not follow safely is no link at all.
    expect(within(slide(3)).queryByRole('link', { hidden: true })).toBeNull();
    expect(within(carousel).getByRole('button', { name: '暂停轮播' })).toBeInTheDocument();
  });

  it('advances by itself, stops under the pointer and the keyboard, and obeys arrows, dots and ←/→', async () => {
    await renderRoute('/', { world });
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // The interval started before the timers were faked: a pointer visit restarts it under them.
    fireEvent.mouseEnter(carousel);
    fireEvent.mouseLeave(carousel);
    expect(currentDot()).toBe(1);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(currentDot()).toBe(2);

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS * 3));
    expect(currentDot()).toBe(2);
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(currentDot()).toBe(3);

    fireEvent.click(within(carousel).getByRole('button', { name: '下一张' }));
    expect(currentDot()).toBe(1);
    fireEvent.click(within(carousel).getByRole('button', { name: '第3张：新年音乐会' }));
    expect(currentDot()).toBe(3);
    expect(slide(3)).not.toHaveAttribute('aria-hidden', 'true');

    // Focus inside holds it too; ←/→ move it.
    const previous = within(carousel).getByRole('button', { name: '上一张' });
    act(() => previous.focus());
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS * 2));
    expect(currentDot()).toBe(3);
    fireEvent.keyDown(previous, { key: 'ArrowRight' });
    expect(currentDot()).toBe(1);
    fireEvent.keyDown(previous, { key: 'ArrowLeft' });
    expect(currentDot()).toBe(3);

    // The pause button stops it for good, even once focus and pointer are gone.
    fireEvent.click(within(carousel).getByRole('button', { name: '暂停轮播' }));
    act(() => previous.blur());
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS * 2));
    expect(currentDot()).toBe(3);
    fireEvent.click(within(carousel).getByRole('button', { name: '继续轮播' }));
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(currentDot()).toBe(1);
  });

  it('asks for the picture of the banner shown, the next one half an interval before its turn, and one the parent picks at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    await renderRoute('/', { world });
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    const pictures = () => [1, 2, 3].map((n) => within(slide(n)).queryByRole('img', { hidden: true })?.getAttribute('src') ?? null);
    // A slide whose picture is not asked for yet keeps its title, hidden as the slide is.
    expect(pictures()).toEqual(['/mock-oss/banner/2.svg', null, null]);
    expect(within(slide(2)).getByText('春季招生简章发布')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS / 2));
    expect(pictures()).toEqual(['/mock-oss/banner/2.svg', '/mock-oss/banner/1.svg', null]);
    expect(currentDot()).toBe(1);
    fireEvent.click(within(carousel).getByRole('button', { name: '第3张：新年音乐会' }));
    expect(pictures()).toEqual(['/mock-oss/banner/2.svg', '/mock-oss/banner/1.svg', '/mock-oss/banner/3.svg']);
    expect(within(slide(3)).getByRole('img', { name: '新年音乐会' })).toBeInTheDocument();
  });

  it('closes a category’s panel when the keyboard leaves the menu, so it never covers the banners the focus goes to', async () => {
    await renderRoute('/', { world });
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    const art = within(screen.getByRole('navigation', { name: '课程分类' })).getByRole('link', { name: '艺术中心' });
    const row = art.closest('li')!;
    const closed = row.className;
    act(() => art.focus());
    expect(row.className).not.toBe(closed);
    act(() => within(carousel).getByRole('button', { name: '上一张' }).focus());
    expect(row.className).toBe(closed);
  });

  it('asks for both neighbours’ pictures when the pointer or the focus comes to the banners (an arrow may be next)', async () => {
    await renderRoute('/', { world });
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    const asked = () => screen.getAllByRole('img', { hidden: true }).filter((img) => img.closest('[aria-roledescription="slide"]')).length;
    expect(asked()).toBe(1);
    fireEvent.mouseEnter(carousel);
    expect(asked()).toBe(3);
  });

  it('holds still for a parent whose system asks for less motion (prefers-reduced-motion), arrows and dots still work', async () => {
    // jsdom has no matchMedia: this test gives the window one, and takes it away after.
    const reduced = vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query, addEventListener() {}, removeEventListener() {} }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: reduced });
    try {
      await renderRoute('/', { world });
      const carousel = await screen.findByRole('region', { name: '活动推荐' });
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      // As above: a pointer visit would restart an interval under the faked timers.
      fireEvent.mouseEnter(carousel);
      fireEvent.mouseLeave(carousel);
      act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS * 2));
      expect(currentDot()).toBe(1);
      fireEvent.click(within(carousel).getByRole('button', { name: '下一张' }));
      expect(currentDot()).toBe(2);
      expect(reduced).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('no banner: still greets and leads to the classes; a failure offers to try again', async () => {
    failOnce('*/exhibition_banner', 500001, '服务繁忙');
    const app = await renderRoute('/', { world: plain });
    const alert = await screen.findByText('活动推荐加载失败');
    expect(app.ports.toastError).toHaveBeenCalledWith('服务繁忙');
    await userEvent.click(within(alert.parentElement!).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('link', { name: '浏览全部课程' })).toHaveAttribute('href', '/searchHome');
  });
});

describe('the home sections', () => {
  it('while the banners and the lists load, each area says so to assistive technology (a busy status with its name)', async () => {
    // Never answered while the test looks: the loading state stays.
    const never = () => new Promise<never>(() => {});
    server.use(http.get('*/exhibition_banner', never), http.get('*/seckill_class_curriculum', never), http.get('*/homepage_center', never));
    await renderRoute('/', { world });
    expect(await screen.findByRole('status', { name: '活动推荐加载中', busy: true })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '限时秒杀加载中', busy: true })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '特色中心加载中', busy: true })).toBeInTheDocument();
  });

  it('lists the centers, each leading to its classes', async () => {
    await renderRoute('/', { world });
    const section = await screen.findByRole('region', { name: '特色中心' });
    const music = await within(section).findByRole('link', { name: /音乐中心/ });
    expect(music).toHaveAttribute('href', '/searchHome?center=2');
    expect(music).toHaveTextContent('8个班级');
    expect(music).toHaveTextContent('钢琴、小提琴');
    const art = within(section).getByRole('link', { name: /艺术中心/ });
    expect(art).toHaveAttribute('href', '/searchHome?center=1');
    expect(art).toHaveTextContent('6个班级');
  });

  it('shows one row of a list, the rest on request, each card with its opening time', async () => {
    await renderRoute('/', { world });
    const section = await screen.findByRole('region', { name: '即将开始报名' });
    const cards = await within(section).findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByRole('link', { name: '春季班1' })).toHaveAttribute('href', '/details?id=1');
    expect(cards[0]).toHaveTextContent('12月8日 10:00 开始报名');
    expect(cards[0]).toHaveTextContent('未开始');
    const more = within(section).getByRole('button', { name: '展开全部 5 个班级' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(section).getAllByRole('article')).toHaveLength(5);
    expect(within(section).getByRole('button', { name: '收起' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('closing soon says until when; an empty list says so, an empty 已满员 and 秒杀 are left out', async () => {
    await renderRoute('/', { world: closingOnly });
    const closing = await screen.findByRole('region', { name: '即将截止' });
    expect(await within(closing).findByRole('article')).toHaveTextContent('12月7日 17:00 截止报名');
    expect(within(closing).getByRole('link', { name: /全部可报名班级/ })).toHaveAttribute('href', '/searchHome?available=true');
    const upcoming = screen.getByRole('region', { name: '即将开始报名' });
    expect(await within(upcoming).findByText(/近期没有即将开始报名的班级/)).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: '看看正在报名的课程' })).toHaveAttribute('href', '/searchHome?available=true');
    // Shown (busy) while they load, left out once they answer with nothing.
    await waitFor(() => expect(screen.queryByRole('region', { name: '已满员' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('region', { name: '限时秒杀' })).toBeNull());
  });

  it('a list that fails says so and loads again on request', async () => {
    failOnce('*/make_full_appointment_class', 500001, '服务繁忙');
    await renderRoute('/', { world });
    const full = await screen.findByRole('region', { name: '已满员' });
    await reloadAfterFailure('已满员加载失败', full);
    const card = await within(full).findByRole('article');
    expect(within(card).getByRole('link', { name: '少儿书法班' })).toHaveAttribute('href', '/details?id=6');
    expect(card).toHaveTextContent('名额已满');
    expect(card).toHaveTextContent('共2个名额，已全部报满');
  });
});

describe('秒杀', () => {
  it('counts down to the opening, then asks the server, and the class flips to open', async () => {
    // The 秒杀 list's calls and 即将开始报名's, counted in front of the mock, which answers.
    let asked = 0;
    let upcomingAsked = 0;
    server.use(
      http.get('*/seckill_class_curriculum', () => {
        asked += 1;
      }),
      http.get('*/sign_up_for_upcoming_class', () => {
        upcomingAsked += 1;
      }),
    );
    // The browser's clock stands still (the countdown ticks on real intervals); it and the mock's move together below.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { mock } = await renderRoute('/', { world: beforeSeckill });
    const section = await screen.findByRole('region', { name: '限时秒杀' });
    const card = await within(section).findByRole('article');
    expect(within(card).getByRole('timer')).toHaveTextContent('距开抢 00:00:02');
    expect(card).toHaveTextContent('12月5日 10:00 开抢');
    expect(card).toHaveTextContent('未开始');
    expect(within(card).getByRole('link', { name: '寒假Scratch编程营（秒杀）' })).toHaveAttribute('href', '/details?id=33');
    act(() => {
      mock.clock.set(TEST_NOW);
      vi.setSystemTime(Date.now() + 2000);
    });
    await waitFor(() => expect(within(section).getByRole('article')).toHaveTextContent('抢购中，先到先得'));
    expect(within(section).getByRole('article')).toHaveTextContent('报名中');
    expect(asked).toBe(2);
    // The class that opened leaves 即将开始报名: that list is asked again too.
    await waitFor(() => expect(upcomingAsked).toBe(2));
  });
});
