import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admissionKind, classSignUpState } from '#contract/index';
import { clearSession } from '../../stores/session-store.ts';
import { resetToastStore } from '../../stores/toast-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp as render } from '../../test/render-app.tsx';
import { browsingAnswers, sampleCard } from '../classes/test-samples.ts';
import { BANNER_INTERVAL_MS } from './banner-carousel.tsx';

// These render the whole app: the first render loads the lazy route modules, and a busy machine
// (several test runs at once) makes every step slower than Testing Library's and Vitest's defaults.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** The app of the running test: afterEach lets its calls finish while their handlers still answer. */
let app: ReturnType<typeof render> | null = null;
const renderApp = (path: string) => (app = render(path));

const browsing = () => Object.entries(browsingAnswers).map(([path, answer]) => http.get(chromeUrl(path), ({ params }) => ok(answer(params))));
const answer = (path: string, data: Parameters<typeof ok>[0]) => server.use(http.get(chromeUrl(path), () => ok(data)));

const banners = [
  { id: 1, title: '春季招生简章发布', image_url: 'banner/1.svg', link_url: '/apply', sort: 2 },
  { id: 2, title: '寒假班火热报名中', image_url: 'banner/2.svg', link_url: 'https://www.example.org/winter', sort: 1 },
  { id: 3, title: '新年音乐会', image_url: 'banner/3.svg', link_url: 'javascript:alert(1)', sort: 3 },
];

beforeEach(() => server.use(...chromeHandlers(), ...browsing()));
afterEach(async () => {
  vi.useRealTimers();
  const running = app;
  app = null;
  if (running) await waitFor(() => expect(running.queryClient.isFetching()).toBe(0));
  clearSession();
  resetToastStore();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// Hidden slides have no accessible name to Testing Library, so they are found by their label.
const slide = (n: number) => screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-label')?.startsWith(`${n} / 3：`))!;
const currentDot = () => within(screen.getByRole('group', { name: '选择轮播图' })).getAllByRole('button').findIndex((b) => b.getAttribute('aria-current') === 'true') + 1;

describe('the hero', () => {
  it('shows the category menu open beside the banners, in their order, each linking where it says', async () => {
    answer('exhibition_banner', { list: banners });
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: '活动推荐' });
    expect(screen.getAllByRole('navigation', { name: '课程分类' })).toHaveLength(1);
    expect(within(screen.getByRole('navigation', { name: '课程分类' })).getByRole('link', { name: '美术' })).toHaveAttribute('href', '/searchHome?center=1');
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
    answer('exhibition_banner', { list: banners });
    renderApp('/');
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

  it('no banner: still greets and leads to the classes; a failure offers to try again', async () => {
    let calls = 0;
    server.use(http.get(chromeUrl('exhibition_banner'), () => (++calls === 1 ? fail(500, 500001, '服务繁忙') : ok({ list: [] }))));
    const app = renderApp('/');
    const alert = await screen.findByText('活动推荐加载失败');
    expect(app.ports.toastError).toHaveBeenCalledWith('服务繁忙');
    await userEvent.click(within(alert.parentElement!).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('link', { name: '浏览全部课程' })).toHaveAttribute('href', '/searchHome');
  });
});

describe('the home sections', () => {
  it('lists the centers, each leading to its classes', async () => {
    answer('homepage_center', {
      list: [
        { id: 1, name: '美术', cover_url: 'center/1.svg', description: '面向3至15岁少年儿童', address: '北京市西城区平安里西大街58号', class_count: 10 },
        { id: 2, name: '音乐', cover_url: 'center/2.svg', description: '钢琴、小提琴', address: '北京市西城区', class_count: 8 },
      ],
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: '特色中心' });
    const music = await within(section).findByRole('link', { name: /音乐/ });
    expect(music).toHaveAttribute('href', '/searchHome?center=2');
    expect(music).toHaveTextContent('8个班级');
  });

  it('shows one row of a list, the rest on request, each card with its opening time', async () => {
    answer('sign_up_for_upcoming_class', {
      list: [1, 2, 3, 4, 5].map((id) => sampleCard({ id, name: `春季班${id}`, sign_up_state: classSignUpState.values.notStarted, sign_up_start_at: '2026-12-08T10:00:00+08:00' })),
    });
    renderApp('/');
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
    answer('sign_up_is_coming_to_end', { list: [sampleCard({ sign_up_end_at: '2026-12-07T17:00:00+08:00' })] });
    renderApp('/');
    const closing = await screen.findByRole('region', { name: '即将截止' });
    expect(await within(closing).findByRole('article')).toHaveTextContent('12月7日 17:00 截止报名');
    expect(within(closing).getByRole('link', { name: /全部可报名班级/ })).toHaveAttribute('href', '/searchHome?available=true');
    const upcoming = screen.getByRole('region', { name: '即将开始报名' });
    expect(await within(upcoming).findByText(/近期没有即将开始报名的班级/)).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: '看看正在报名的课程' })).toHaveAttribute('href', '/searchHome?available=true');
    expect(screen.queryByRole('region', { name: '已满员' })).toBeNull();
    expect(screen.queryByRole('region', { name: '限时秒杀' })).toBeNull();
  });

  it('a list that fails says so and loads again on request', async () => {
    let calls = 0;
    server.use(http.get(chromeUrl('make_full_appointment_class'), () => (++calls === 1 ? fail(500, 500001, '服务繁忙') : ok({ list: [sampleCard({ seats_left: 0, sign_up_state: classSignUpState.values.full })] }))));
    renderApp('/');
    const full = await screen.findByRole('region', { name: '已满员' });
    const alert = await within(full).findByRole('alert');
    expect(alert).toHaveTextContent('已满员加载失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await within(full).findByRole('article')).toHaveTextContent('名额已满');
  });
});

describe('秒杀', () => {
  const seckill = (state: (typeof classSignUpState.values)[keyof typeof classSignUpState.values]) => sampleCard({ id: 33, name: '寒假Scratch编程营（秒杀）', admission_kind: admissionKind.values.seckill, sign_up_start_at: '2026-12-05T10:00:00+08:00', sign_up_state: state });

  it('counts down to the opening, then asks the server, and the class flips to open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T09:59:58+08:00'));
    let calls = 0;
    server.use(http.get(chromeUrl('seckill_class_curriculum'), () => ok({ list: [seckill(++calls === 1 ? classSignUpState.values.notStarted : classSignUpState.values.open)] })));
    renderApp('/');
    const section = await screen.findByRole('region', { name: '限时秒杀' });
    const card = await within(section).findByRole('article');
    expect(within(card).getByRole('timer')).toHaveTextContent('距开抢 00:00:02');
    expect(card).toHaveTextContent('12月5日 10:00 开抢');
    expect(card).toHaveTextContent('未开始');
    act(() => vi.setSystemTime(new Date('2026-12-05T10:00:00+08:00')));
    await waitFor(() => expect(within(section).getByRole('article')).toHaveTextContent('抢购中，先到先得'));
    expect(within(section).getByRole('article')).toHaveTextContent('报名中');
    expect(calls).toBe(2);
  });
});
