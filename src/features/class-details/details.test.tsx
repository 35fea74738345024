import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admissionKind, classSignUpState, classType, signUpStatus } from '#contract/index';
import { browser } from '../../lib/browser.ts';
import { clearChild, selectChild } from '../../stores/child-store.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { resetToastStore, toastStore } from '../../stores/toast-store.ts';
import { HttpResponse, fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp as render } from '../../test/render-app.tsx';
import { browsingAnswers, sampleDetail, type SampleDetail } from '../classes/test-samples.ts';

// These render the whole app: the first render loads the lazy route modules, and a busy machine
// (several test runs at once) makes every step slower than Testing Library's and Vitest's defaults.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** The app of the running test: afterEach lets its calls finish while their handlers still answer. */
let app: ReturnType<typeof render> | null = null;
const renderApp = (path: string) => (app = render(path));

const browsing = () => Object.entries(browsingAnswers).map(([path, answer]) => http.get(chromeUrl(path), ({ params }) => ok(answer(params))));
const answerClass = (patch: Partial<SampleDetail>) => server.use(http.get(chromeUrl('class_detail/:id'), ({ params }) => ok(sampleDetail({ id: Number(params.id), ...patch }))));
const signedIn = () => signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
const signUpRow = (patch: Partial<{ id: number; class_id: number; contact_id: number; status: number; remark: string | null }>) => ({
  id: 70,
  class_id: 3,
  class_name: '少儿国画启蒙班',
  cover_url: 'class/3.svg',
  admission_kind: admissionKind.values.firstCome,
  contact_id: 5,
  contact_name: '张小明',
  status: signUpStatus.values.lotteryPending,
  fee: 1800,
  order_id: null,
  created_at: '2026-12-01T10:05:00+08:00',
  result_at: null,
  remark: null,
  ...patch,
});

let assign: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  server.use(...chromeHandlers(), ...browsing());
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(async () => {
  vi.useRealTimers();
  const running = app;
  app = null;
  if (running) await waitFor(() => expect(running.queryClient.isFetching()).toBe(0));
  clearSession();
  clearChild();
  resetToastStore();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the class page', () => {
  it('shows what, when, where, for whom and for how much', async () => {
    renderApp('/details?id=3');
    expect(await screen.findByRole('heading', { level: 1, name: '少儿国画启蒙班' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^少儿国画启蒙班 - /));
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '美术' })).toHaveAttribute('href', '/searchHome?center=1');
    expect(within(crumbs).getByRole('link', { name: '国画' })).toHaveAttribute('href', '/searchHome?specialty=12&center=1');
    expect(screen.getByText('报名中')).toBeInTheDocument();
    expect(screen.getByText('6-10岁', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('¥1,800.00')).toBeInTheDocument();
    expect(screen.getByText('剩余5个名额')).toBeInTheDocument();
    const facts = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(facts('授课老师')).toHaveTextContent('王丽');
    expect(facts('上课时间')).toHaveTextContent('每周日 14:00-15:30，共16次');
    expect(facts('上课日期')).toHaveTextContent('2027-03-07 至 2027-06-20');
    expect(facts('上课地点')).toHaveTextContent('西城总部 · 北京市西城区平安里西大街1号 · 美术楼201');
    expect(facts('报名时间')).toHaveTextContent('2026-12-01 10:00 至 2026-12-20 18:00');
    // Server HTML through RichText; plain text as text.
    const about = screen.getByRole('region', { name: '课程详情' });
    expect(within(about).getByText('中锋、侧锋').tagName).toBe('STRONG');
    expect(within(about).getByText('中国美术家协会会员，从事少儿美术教育十五年。')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '报名须知' })).getByText(/请如实填写孩子信息/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '退费规则' })).getByText('开课前可全额退费；开课后按未上课次数退费。')).toBeInTheDocument();
  });

  it('lists the sessions with date, weekday, time and classroom', async () => {
    renderApp('/details?id=3');
    const schedule = await screen.findByRole('region', { name: '上课安排' });
    const rows = await within(schedule).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['课次日期星期时间教室', '第1次2027-03-07周日14:00-15:30美术楼201', '第2次2027-03-14周日14:00-15:30美术楼202']);
    // One address for all sessions is said once.
    expect(within(schedule).getByText('上课地址：北京市西城区平安里西大街1号')).toBeInTheDocument();
  });

  it.each([['/details'], ['/details?id='], ['/details?id=abc'], ['/details?id=-2']])('%s: a clear "not found" with a way on', async (path) => {
    renderApp(path);
    expect(await screen.findByText('没有找到这个班级')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去找课程' })).toHaveAttribute('href', '/searchHome');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('an id the backend does not know: its msg, no toast on top', async () => {
    server.use(http.get(chromeUrl('class_detail/:id'), () => fail(404, 404001, '班级不存在或已下架')));
    const app = renderApp('/details?id=999');
    expect(await screen.findByText('没有找到这个班级')).toBeInTheDocument();
    expect(screen.getByText('班级不存在或已下架')).toBeInTheDocument();
    expect(app.ports.toastError).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toMatch(/^班级不存在 - /));
  });

  it('a failure to load says so and retries', async () => {
    let calls = 0;
    server.use(http.get(chromeUrl('class_detail/:id'), ({ params }) => (++calls === 1 ? fail(500, 500001, '服务繁忙，请稍后再试') : ok(sampleDetail({ id: Number(params.id) })))));
    renderApp('/details?id=3');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('班级信息加载失败');
    expect(alert).toHaveTextContent('服务繁忙，请稍后再试');
    await userEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { level: 1, name: '少儿国画启蒙班' })).toBeInTheDocument();
  });
});

describe('the sign-up button', () => {
  const button = (name: string | RegExp, options?: { timeout: number }) => screen.findByRole('button', { name }, options);

  it('signed out: 登录后报名 goes to the account service and back here', async () => {
    renderApp('/details?id=3');
    await userEvent.click(await button('登录后报名'));
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.searchParams.get('service')).toBe(`${location.origin}/details?id=3`);
  });

  it('not open yet: disabled, with the opening time', async () => {
    answerClass({ sign_up_state: classSignUpState.values.notStarted, sign_up_start_at: '2026-12-08T10:00:00+08:00' });
    renderApp('/details?id=3');
    expect(await button('报名未开始')).toBeDisabled();
    expect(screen.getByText(/2026-12-08 10:00 开始报名/)).toBeInTheDocument();
    // Signed out, it suggests signing in ahead.
    await userEvent.click(screen.getByRole('button', { name: '先登录' }));
    expect(assign).toHaveBeenCalledOnce();
  });

  it('秒杀 not open yet: counts down, and when it ends asks the server, which opens it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T09:59:57+08:00'));
    let calls = 0;
    server.use(
      http.get(chromeUrl('class_detail/:id'), ({ params }) => {
        calls += 1;
        const opened = calls > 1;
        return ok(
          sampleDetail({
            id: Number(params.id),
            admission_kind: admissionKind.values.seckill,
            sign_up_start_at: '2026-12-05T10:00:00+08:00',
            sign_up_state: opened ? classSignUpState.values.open : classSignUpState.values.notStarted,
          }),
        );
      }),
    );
    renderApp('/details?id=3');
    expect(await button('等待开抢')).toBeDisabled();
    expect(screen.getByText(/2026-12-05 10:00 准时开抢/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('距开抢 00:00:03');
    expect(screen.getByText(/到点准时开抢，名额有限，先到先得。抢到后请在30分钟内完成支付/)).toBeInTheDocument();
    act(() => vi.setSystemTime(new Date('2026-12-05T10:00:00+08:00')));
    expect(await button('登录后报名', { timeout: 3000 })).toBeEnabled();
    expect(calls).toBe(2);
  });

  it('a clock ahead of the server: at zero it says 即将开抢 and asks again until the server opens it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T10:00:05+08:00'));
    let calls = 0;
    server.use(
      http.get(chromeUrl('class_detail/:id'), ({ params }) => {
        calls += 1;
        return ok(sampleDetail({ id: Number(params.id), admission_kind: admissionKind.values.seckill, sign_up_start_at: '2026-12-05T10:00:00+08:00', sign_up_state: classSignUpState.values.notStarted }));
      }),
    );
    renderApp('/details?id=3');
    expect(await screen.findByRole('timer')).toHaveTextContent('即将开抢');
    await waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: '等待开抢' })).toBeDisabled();
  });

  it('full: disabled, with a way to similar open classes', async () => {
    answerClass({ sign_up_state: classSignUpState.values.full, seats_left: 0 });
    renderApp('/details?id=3');
    expect(await button('名额已满')).toBeDisabled();
    expect(screen.getByText('名额已满', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '看看同类可报名的班级' })).toHaveAttribute('href', '/searchHome?center=1&specialty=12&available=true');
  });

  it('closed: disabled, with the closing time', async () => {
    answerClass({ sign_up_state: classSignUpState.values.ended });
    renderApp('/details?id=3');
    expect(await button('报名已结束')).toBeDisabled();
    expect(screen.getByText('报名已于 2026-12-20 18:00 截止。')).toBeInTheDocument();
  });

  it('signed in without a child: leads to adding one', async () => {
    server.use(http.get(chromeUrl('contact_information'), () => ok({ list: [], total: 0, page: 1, page_size: 100 })));
    signedIn();
    renderApp('/details?id=3');
    expect(await screen.findByRole('link', { name: '添加宝宝信息' })).toHaveAttribute('href', '/personal/contacts');
    expect(screen.getByText('报名前请先添加孩子信息，审核通过后即可报名。')).toBeInTheDocument();
  });

  it('signed in, no child chosen: offers the children (ages that do not fit marked) and reloads on a choice', async () => {
    signedIn();
    renderApp('/details?id=3');
    const group = await screen.findByRole('group', { name: '请选择为哪个宝宝报名：' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['张小明（7岁）', '张小红（5岁）年龄不符']);
    expect(screen.getByRole('button', { name: '立即报名' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('button', { name: /张小明/ }));
    expect(Cookies.get('contact_id')).toBe('5');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('the selected child is too young: disabled, saying why, with classes for that age', async () => {
    signedIn();
    selectChild(6);
    renderApp('/details?id=3');
    expect(await button('年龄不符')).toBeDisabled();
    expect(screen.getByText(/本班招收6-10岁的孩子，张小红今年5岁，不能报名。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '找适合5岁的班级' })).toHaveAttribute('href', '/searchHome?age=5&available=true');
  });

  it('already signed up: says how it stands and links to the bookings', async () => {
    let asked: string | null = null;
    server.use(
      http.get(chromeUrl('sign_up_list'), ({ request }) => {
        asked = new URL(request.url).searchParams.get('contact_id');
        return ok({ list: [signUpRow({ remark: '报名截止后统一摇号' })], total: 1, page: 1, page_size: 100 });
      }),
    );
    signedIn();
    selectChild(5);
    renderApp('/details?id=3');
    expect(await screen.findByRole('link', { name: '查看我的报名' })).toHaveAttribute('href', '/personal/classBooking');
    expect(screen.getByText(/张小明已报名本班/)).toHaveTextContent('张小明已报名本班：待摇号。报名截止后统一摇号');
    expect(asked).toBe('5');
    expect(screen.queryByRole('link', { name: '立即报名' })).toBeNull();
  });

  it('a cancelled sign-up, or another child’s, does not count', async () => {
    server.use(
      http.get(chromeUrl('sign_up_list'), () =>
        ok({ list: [signUpRow({ status: signUpStatus.values.cancelled }), signUpRow({ id: 71, class_id: 9, status: signUpStatus.values.enrolled })], total: 2, page: 1, page_size: 100 }),
      ),
    );
    signedIn();
    selectChild(5);
    renderApp('/details?id=3');
    expect(await screen.findByRole('link', { name: '立即报名' })).toHaveAttribute('href', '/appointment?id=3');
    expect(screen.getByText(/将为/)).toHaveTextContent('将为 张小明（7岁）报名');
  });

  it('everything fits: 立即报名 leads to the appointment of this class', async () => {
    signedIn();
    selectChild(5);
    renderApp('/details?id=3');
    expect(await screen.findByRole('link', { name: '立即报名' })).toHaveAttribute('href', '/appointment?id=3');
    expect(screen.getByRole('button', { name: '收藏本班' })).toBeInTheDocument();
  });

  it('a lottery class says when it is drawn and what follows', async () => {
    answerClass({ admission_kind: admissionKind.values.lottery, lottery_at: '2026-12-21T10:00:00+08:00' });
    renderApp('/details?id=3');
    expect(await screen.findByText('摇号录取')).toBeInTheDocument();
    expect(screen.getByText(/报名截止（2026-12-20 18:00）后统一摇号，摇号时间为 2026-12-21 10:00。结果会以站内消息通知；中签后请在“我的报名”中下单/)).toBeInTheDocument();
  });

  it('an interview class says when the interview is', async () => {
    answerClass({ admission_kind: admissionKind.values.interview, interview_at: '2026-12-22T14:00:00+08:00' });
    renderApp('/details?id=3');
    expect(await screen.findByText('面试录取')).toBeInTheDocument();
    expect(screen.getByText(/报名后需参加面试，面试时间为 2026-12-22 14:00。面试通过后请在“我的报名”中下单/)).toBeInTheDocument();
  });
});

describe('collecting a class', () => {
  const collect = () => screen.findByRole('button', { name: '收藏本班' });

  it('signed out: leads to sign-in', async () => {
    renderApp('/details?id=3');
    await userEvent.click(await collect());
    expect(assign).toHaveBeenCalledOnce();
  });

  it('collects and un-collects with the right calls, busy while they run', async () => {
    const sent: unknown[] = [];
    let release: () => void = () => {};
    server.use(
      http.post(chromeUrl('add_my_collection'), async ({ request }) => {
        sent.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return ok({ id: 88 }, '收藏成功');
      }),
      http.delete(chromeUrl('delete_my_collection/:id'), ({ params }) => {
        sent.push(`delete ${String(params.id)}`);
        return ok(null, '已取消收藏');
      }),
    );
    signedIn();
    renderApp('/details?id=3');
    const toggle = await collect();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeDisabled());
    release();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(toggle).toHaveTextContent('已收藏');
    expect(sent).toEqual([{ class_id: 3, type: 1 }]);
    expect(toastStore.toasts.map((t) => t.message)).toContain('收藏成功，可在个人中心“我的收藏”查看');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(sent).toEqual([{ class_id: 3, type: 1 }, 'delete 88']);
  });

  it('starts as collected when the backend says so; an activity is collected as an activity', async () => {
    answerClass({ class_type: classType.values.activity });
    let body: unknown;
    server.use(
      http.get(chromeUrl('judge_whether_collection/:id'), () => ok({ is_collection: true, collection_id: 12 })),
      http.delete(chromeUrl('delete_my_collection/:id'), () => ok(null)),
      http.post(chromeUrl('add_my_collection'), async ({ request }) => ((body = await request.json()), HttpResponse.json({ error_code: 999999, msg: 'ok', data: { id: 13 } }))),
    );
    signedIn();
    renderApp('/details?id=3');
    const toggle = await collect();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(toggle);
    await waitFor(() => expect(body).toEqual({ class_id: 3, type: 2 }));
  });
});
