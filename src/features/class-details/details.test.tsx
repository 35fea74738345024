import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { admissionKind, classType, collectionType, refundStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, toIso } from '#fixtures/time';
import { addRefund, enrol } from '#fixtures/world';
import { browser } from '../../lib/browser.ts';
import { toastStore } from '../../stores/toast-store.ts';
import { http, server } from '../../test/api-server.ts';
import { failOnce } from '../../test/failures.ts';
import { familyWorld, TEST_NOW } from '../../test/family-world.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { signInTarget } from '../../test/sign-in-target.ts';

/** 少儿国画启蒙班 as the tests state it: Sunday afternoons in spring, open now with 5 seats. */
const guohua: Partial<Row<'classes'>> & { name: string } = {
  id: 3,
  name: '少儿国画启蒙班',
  fee: 1800,
  capacity: 5,
  min_age: 6,
  max_age: 10,
  weekdays: [7],
  time_of_day: timeOfDay.values.afternoon,
  start_time: '14:00',
  end_time: '15:30',
  session_count: 16,
  first_session_date: '2027-03-07',
  teacher_name: '王丽',
  teacher_intro: '中国美术家协会会员，从事少儿美术教育十五年。',
  sign_up_start_at: '2026-12-01T10:00:00+08:00',
  sign_up_end_at: '2026-12-20T18:00:00+08:00',
  description: '<p>从笔墨游戏入手，学习<strong>中锋、侧锋</strong>用笔。</p>',
  sign_up_notice: '<p>请如实填写孩子信息，报名后请在支付时限内完成缴费。</p>',
  refund_rule: '开课前可全额退费；开课后按未上课次数退费。',
  address: '北京市西城区平安里西大街1号',
  classroom: '美术楼201',
};

/*
 * The classes of the page, each in the state a test is about (now: Saturday 2026-12-05 10:00):
 *   3 少儿国画启蒙班 open, 5 seats; its second session is in 美术楼202;
 *   4 opens 2026-12-08 10:00;  5 closed 2026-12-04 18:00;  10 full (its one seat paid by 李乐);
 *   6 a lottery class drawn 2026-12-21 10:00, 张小明 waiting for the draw;
 *   7 an interview class, interview 2026-12-22 14:00;
 *   8 张小明 cancelled his order of it, 张小红 is enrolled; 11 张小明 is enrolled;
 *   12 张小明 paid for it and was refunded in full;
 *   9 an activity 张伟 has collected (collection 12);
 *   and 王芳 ('wangfang'), a parent with no child.
 */
const world = familyWorld((b) => {
  const main = b.klass(guohua);
  b.snapshot.classSessions.find((s) => s.class_id === main.id && s.index === 2)!.classroom = '美术楼202';
  b.klass({ id: 4, name: '少儿国画提高班', sign_up_start_at: '2026-12-08T10:00:00+08:00', sign_up_end_at: '2026-12-20T18:00:00+08:00' });
  b.klass({ id: 5, name: '少儿书法班', sign_up_start_at: '2026-11-20T10:00:00+08:00', sign_up_end_at: '2026-12-04T18:00:00+08:00' });
  const full = b.klass({ id: 10, name: '少儿水墨小班', capacity: 1 });
  enrol(b, { parent: b.other, child: b.otherChild, klass: full, signedUpAt: TEST_NOW - DAY, outcome: 'paid' });
  const lottery = b.klass({
    id: 6,
    name: '国画精品小班（摇号）',
    admission_kind: admissionKind.values.lottery,
    sign_up_end_at: '2026-12-20T18:00:00+08:00',
    lottery_at: '2026-12-21T10:00:00+08:00',
  });
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: lottery, signedUpAt: TEST_NOW - DAY, outcome: 'pending' });
  b.klass({ id: 7, name: '少儿舞蹈团（面试）', specialty_id: b.specialties[1].id, admission_kind: admissionKind.values.interview, interview_at: '2026-12-22T14:00:00+08:00' });
  const again = b.klass({ id: 8, name: '少儿国画周末班', min_age: 5 });
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: again, signedUpAt: TEST_NOW - 2 * DAY, outcome: 'cancelled' });
  enrol(b, { parent: b.parent, child: b.xiaohong, klass: again, signedUpAt: TEST_NOW - DAY, outcome: 'paid' });
  const other = b.klass({ id: 11, name: '少儿素描班', weekdays: [3], first_session_date: '2026-12-16' });
  enrol(b, { parent: b.parent, child: b.xiaoming, klass: other, signedUpAt: TEST_NOW - DAY, outcome: 'paid' });
  const refunded = b.klass({ id: 12, name: '少儿国画暑期班' });
  const paid = enrol(b, { parent: b.parent, child: b.xiaoming, klass: refunded, signedUpAt: TEST_NOW - 3 * DAY, outcome: 'paid' }).order!;
  addRefund(b, {
    order: paid,
    sessions: b.snapshot.classSessions.filter((s) => s.class_id === refunded.id),
    appliedAt: TEST_NOW - 2 * DAY,
    status: refundStatus.values.refunded,
    reason: '孩子时间冲突',
  });
  const activity = b.klass({ id: 9, name: '“童心绘冬”亲子绘画活动', class_type: classType.values.activity, session_count: 1 });
  b.add('collections', { id: 12, parent_id: b.parent.id, class_id: activity.id, type: collectionType.values.activities, created_at: toIso(TEST_NOW - DAY) });
  b.add('parents', b.f.parent({ id: 3, username: 'wangfang', real_name: '王芳', phone: '13700000000' }));
});

/** A 秒杀 class opening at 10:00 today, seen by a server whose clock says `now`. */
const seckillAt = (now: number) =>
  familyWorld(
    (b) => {
      b.klass({ ...guohua, admission_kind: admissionKind.values.seckill, sign_up_start_at: '2026-12-05T10:00:00+08:00', sign_up_end_at: '2026-12-12T17:00:00+08:00' });
    },
    { now },
  );
const seckillIn3s = seckillAt(TEST_NOW - 3000);
const seckillIn1s = seckillAt(TEST_NOW - 1000);

/** How many times the page asked for the class (in front of the mock, which answers). */
function countClassReads(): { calls: number } {
  const seen = { calls: 0 };
  server.use(
    http.get('*/class_detail/:id', () => {
      seen.calls += 1;
    }),
  );
  return seen;
}

let assign: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
});

describe('the class page', () => {
  it('shows what, when, where, for whom and for how much', async () => {
    await renderRoute('/details?id=3', { world });
    expect(await screen.findByRole('heading', { level: 1, name: '少儿国画启蒙班' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^少儿国画启蒙班 - /));
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '艺术中心' })).toHaveAttribute('href', '/searchHome?center=1');
    expect(within(crumbs).getByRole('link', { name: '国画' })).toHaveAttribute('href', '/searchHome?specialty=1&center=1');
    expect(screen.getByText('报名中')).toBeInTheDocument();
    expect(screen.getByText('6-10岁', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('¥1,800.00')).toBeInTheDocument();
    expect(screen.getByText('剩余5个名额')).toBeInTheDocument();
    const facts = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(facts('授课老师')).toHaveTextContent('王丽');
    expect(facts('上课时间')).toHaveTextContent('每周日 14:00-15:30，共16次');
    expect(facts('上课日期')).toHaveTextContent('2027-03-07 至 2027-06-20');
    expect(facts('上课地点')).toHaveTextContent('北京市西城区平安里西大街1号 · 美术楼201');
    expect(facts('报名时间')).toHaveTextContent('2026-12-01 10:00 至 2026-12-20 18:00');
    // Server HTML through RichText; plain text as text.
    const about = screen.getByRole('region', { name: '课程详情' });
    expect(within(about).getByText('中锋、侧锋').tagName).toBe('STRONG');
    expect(within(about).getByText('中国美术家协会会员，从事少儿美术教育十五年。')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '报名须知' })).getByText(/请如实填写孩子信息/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '退费规则' })).getByText('开课前可全额退费；开课后按未上课次数退费。')).toBeInTheDocument();
  });

  it('while the class loads, says so in the shape of the page, then shows the class in its place', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get('*/class_detail/:id', () => held, { once: true }));
    await renderRoute('/details?id=3', { world });
    const loading = await screen.findByRole('status', { name: '正在加载班级信息' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: '少儿国画启蒙班' })).toBeInTheDocument();
    expect(loading).not.toBeInTheDocument();
  });

  it('lists the sessions with date, weekday, time and classroom', async () => {
    await renderRoute('/details?id=3', { world });
    const schedule = await screen.findByRole('region', { name: '上课安排' });
    const rows = await within(schedule).findAllByRole('row');
    expect(rows).toHaveLength(17);
    expect(rows.slice(0, 3).map((r) => r.textContent)).toEqual(['课次日期星期时间教室', '第1次2027-03-07周日14:00-15:30美术楼201', '第2次2027-03-14周日14:00-15:30美术楼202']);
    expect(rows.at(-1)).toHaveTextContent('第16次2027-06-20周日14:00-15:30美术楼201');
    // One address for all sessions is said once.
    expect(within(schedule).getByText('上课地址：北京市西城区平安里西大街1号')).toBeInTheDocument();
  });

  it.each([['/details'], ['/details?id='], ['/details?id=abc'], ['/details?id=-2']])('%s: a clear "not found" with a way on', async (path) => {
    await renderRoute(path, { world });
    expect(await screen.findByText('没有找到这个班级')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去找课程' })).toHaveAttribute('href', '/searchHome');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('an id the backend does not know: its msg, no toast on top', async () => {
    const app = await renderRoute('/details?id=999', { world });
    expect(await screen.findByText('没有找到这个班级')).toBeInTheDocument();
    expect(screen.getByText('班级不存在或已下架')).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toMatch(/^班级不存在 - /));
  });

  it('a failure to load says so and retries', async () => {
    failOnce('*/class_detail/:id', 500001, '服务繁忙，请稍后再试');
    await renderRoute('/details?id=3', { world });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('班级信息加载失败');
    expect(alert).toHaveTextContent('服务繁忙，请稍后再试');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { level: 1, name: '少儿国画启蒙班' })).toBeInTheDocument();
  });
});

describe('the sign-up button', () => {
  const button = (name: string | RegExp) => screen.findByRole('button', { name });

  it('signed out: 登录后报名 goes to the account service and back here', async () => {
    await renderRoute('/details?id=3', { world });
    await userEvent.click(await screen.findByRole('link', { name: '登录后报名' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(signInTarget(assign.mock.calls[0]![0] as string).service).toBe(`${location.origin}/details?id=3`);
  });

  it('not open yet: disabled, with the opening time', async () => {
    await renderRoute('/details?id=4', { world });
    expect(await button('报名未开始')).toBeDisabled();
    expect(screen.getByText(/2026-12-08 10:00 开始报名/)).toBeInTheDocument();
    // Signed out, it suggests signing in ahead.
    await userEvent.click(screen.getByRole('link', { name: '先登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(signInTarget(assign.mock.calls[0]![0] as string).service).toBe(`${location.origin}/details?id=4`);
  });

  it('秒杀 not open yet: counts down, and when it ends asks the server, which opens it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW - 3000);
    const reads = countClassReads();
    const { mock } = await renderRoute('/details?id=3', { world: seckillIn3s });
    expect(await button('等待开抢')).toBeDisabled();
    expect(screen.getByText(/2026-12-05 10:00 准时开抢/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('距开抢 00:00:03');
    expect(screen.getByText(/到点准时开抢，名额有限，先到先得。抢到后请在30分钟内完成支付/)).toBeInTheDocument();
    expect(reads.calls).toBe(1);
    // 10:00 for the server and the browser alike.
    act(() => {
      mock.clock.set(TEST_NOW);
      vi.setSystemTime(TEST_NOW);
    });
    expect(await screen.findByRole('link', { name: '登录后报名' })).toBeVisible();
    expect(reads.calls).toBe(2);
  });

  it('a clock ahead of the server: at zero it says 即将开抢 and asks again until the server opens it', async () => {
    // The browser says 10:00:00.4, the server 09:59:59: within the 1.5 s the app does not correct.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW + 400);
    const reads = countClassReads();
    await renderRoute('/details?id=3', { world: seckillIn1s });
    expect(await screen.findByRole('timer')).toHaveTextContent('即将开抢');
    await waitFor(() => expect(reads.calls).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: '等待开抢' })).toBeDisabled();
  });

  it('full: disabled, with a way to similar open classes', async () => {
    await renderRoute('/details?id=10', { world });
    expect(await button('名额已满')).toBeDisabled();
    expect(screen.getByText('名额已满', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/本班1个名额已全部报满。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '看看同类可报名的班级' })).toHaveAttribute('href', '/searchHome?center=1&specialty=1&available=true');
  });

  it('closed: disabled, with the closing time', async () => {
    await renderRoute('/details?id=5', { world });
    expect(await button('报名已结束')).toBeDisabled();
    expect(screen.getByText('报名已于 2026-12-04 18:00 截止。')).toBeInTheDocument();
  });

  it('signed in without a child: leads to adding one', async () => {
    await renderRoute('/details?id=3', { world, as: 'wangfang' });
    expect(await screen.findByRole('link', { name: '添加宝宝信息' })).toHaveAttribute('href', '/personal/contacts');
    expect(screen.getByText('报名前请先添加孩子信息，审核通过后即可报名。')).toBeInTheDocument();
  });

  it('signed in, no child chosen: offers the children (ages that do not fit marked) and reloads on a choice', async () => {
    await renderRoute('/details?id=3', { world, as: 'zhangwei' });
    const group = await screen.findByRole('group', { name: '请选择为哪个宝宝报名：' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['张小明（7岁）', '张小红（5岁）年龄不符']);
    expect(screen.getByRole('button', { name: '立即报名' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('button', { name: /张小明/ }));
    expect(Cookies.get('contact_id')).toBe('1');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('the selected child is too young: disabled, saying why, with classes for that age', async () => {
    await renderRoute('/details?id=3', { world, as: 'zhangwei', child: 2 });
    expect(await button('年龄不符')).toBeDisabled();
    expect(screen.getByText(/本班招收6-10岁的孩子，张小红今年5岁，不能报名。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '找适合5岁的班级' })).toHaveAttribute('href', '/searchHome?age=5&available=true');
  });

  it('already signed up: says how it stands and links to the bookings', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('*/sign_up_list', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('contact_id'));
      }),
    );
    await renderRoute('/details?id=6', { world, as: 'zhangwei', child: 1 });
    expect(await screen.findByRole('link', { name: '查看我的报名' })).toHaveAttribute('href', '/personal/classBooking');
    expect(screen.getByText(/张小明已报名本班/)).toHaveTextContent('张小明已报名本班：待摇号。将于12月21日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知');
    expect(asked).toEqual(['1']);
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });

  it('a cancelled sign-up, or another child’s, does not count', async () => {
    await renderRoute('/details?id=8', { world, as: 'zhangwei', child: 1 });
    expect(await screen.findByRole('link', { name: '立即报名' })).toHaveAttribute('href', '/appointment?id=8');
    expect(screen.getByText(/将为/)).toHaveTextContent('将为 张小明（7岁）报名');
  });

  it('a sign-up whose order was refunded has ended: the child may sign up again', async () => {
    await renderRoute('/details?id=12', { world, as: 'zhangwei', child: 1 });
    expect(await screen.findByRole('link', { name: '立即报名' })).toHaveAttribute('href', '/appointment?id=12');
    expect(screen.queryByText(/已报名本班/)).toBeNull();
  });

  it('everything fits: 立即报名 leads to the appointment of this class', async () => {
    await renderRoute('/details?id=3', { world, as: 'zhangwei', child: 1 });
    expect(await screen.findByRole('link', { name: '立即报名' })).toHaveAttribute('href', '/appointment?id=3');
    expect(screen.getByRole('button', { name: '收藏本班' })).toBeInTheDocument();
  });

  it('a lottery class says when it is drawn and what follows', async () => {
    await renderRoute('/details?id=6', { world });
    expect(await screen.findByText('摇号录取')).toBeInTheDocument();
    expect(screen.getByText(/报名截止（2026-12-20 18:00）后统一摇号，摇号时间为 2026-12-21 10:00。结果会以站内消息通知；中签后请在“我的报名”中下单/)).toBeInTheDocument();
  });

  it('an interview class says when the interview is', async () => {
    await renderRoute('/details?id=7', { world });
    expect(await screen.findByText('面试录取')).toBeInTheDocument();
    expect(screen.getByText(/报名后需参加面试，面试时间为 2026-12-22 14:00。面试通过后请在“我的报名”中下单/)).toBeInTheDocument();
  });
});

describe('collecting a class', () => {
  // Its name holds its visible words (WCAG 2.5.3): 收藏本班, and 已收藏本班 once collected.
  const collect = () => screen.findByRole('button', { name: /^(已)?收藏本班$/ });

  it('signed out: leads to sign-in', async () => {
    await renderRoute('/details?id=3', { world });
    await userEvent.click(await collect());
    expect(assign).toHaveBeenCalledOnce();
  });

  it('collects and un-collects with the right calls, busy while they run', async () => {
    const sent: unknown[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Recorded (and the add held), then answered by the mock.
    server.use(
      http.post('*/add_my_collection', async ({ request }) => {
        sent.push(await request.clone().json());
        await held;
      }),
      http.delete('*/delete_my_collection/:id', ({ params }) => {
        sent.push(`delete ${String(params.id)}`);
      }),
    );
    const { mock } = await renderRoute('/details?id=3', { world, as: 'zhangwei' });
    const toggle = await collect();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeDisabled());
    release();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(toggle).toHaveTextContent('已收藏');
    expect(toggle).toHaveAccessibleName('已收藏本班');
    expect(sent).toEqual([{ class_id: 3, type: collectionType.values.classes }]);
    const collected = mock.db.collections.findFirst((q) => q.where({ parent_id: 1, class_id: 3 }))!;
    expect(collected.type).toBe(collectionType.values.classes);
    expect(toastStore().toasts.map((t) => t.message)).toContain('收藏成功，可在个人中心“我的收藏”查看');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(sent).toEqual([{ class_id: 3, type: collectionType.values.classes }, `delete ${collected.id}`]);
    expect(mock.db.collections.findFirst((q) => q.where({ parent_id: 1, class_id: 3 }))).toBeUndefined();
  });

  it('starts as collected when the backend says so; an activity is collected as an activity', async () => {
    const added: unknown[] = [];
    server.use(
      http.post('*/add_my_collection', async ({ request }) => {
        added.push(await request.clone().json());
      }),
    );
    const { mock } = await renderRoute('/details?id=9', { world, as: 'zhangwei' });
    const toggle = await collect();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(mock.db.collections.findFirst((q) => q.where({ id: 12 }))).toBeUndefined();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(added).toEqual([{ class_id: 9, type: collectionType.values.activities }]);
    expect(mock.db.collections.findFirst((q) => q.where({ parent_id: 1, class_id: 9 }))!.type).toBe(collectionType.values.activities);
  });
});
