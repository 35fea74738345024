import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { operations } from '#contract/index';
import { clearChild, selectChild } from '../../stores/child-store.ts';
import { clearSession, signIn } from '../../stores/session-store.ts';
import { fail, http, ok, server } from '../../test/api-server.ts';
import { chromeHandlers, chromeUrl } from '../../test/chrome-data.ts';
import { renderApp } from '../../test/render-app.tsx';

type In<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;


// The pages load lazily; loading them once here keeps the first test from timing out on a busy machine.
beforeAll(async () => {
  await Promise.all([import('../../pages/appointment.tsx'), import('../../pages/settlement.tsx')]);
});

const klass = (patch: Partial<In<'class_detail'>> = {}): In<'class_detail'> => ({
  id: 22,
  name: '少儿街舞寒假班',
  cover_url: 'class/22.svg',
  center_id: 3,
  center_name: '舞蹈',
  specialty_id: 12,
  specialty_name: '街舞',
  admission_kind: 1,
  class_type: 3,
  min_age: 5,
  max_age: 14,
  fee: 1100,
  capacity: 25,
  seats_left: 20,
  term: '2026-2027学年寒假',
  weekdays: [1, 3],
  time_of_day: 2,
  start_time: '14:00',
  end_time: '15:30',
  session_count: 10,
  teacher_name: '王老师',
  sign_up_start_at: '2026-11-28T10:00:00+08:00',
  sign_up_end_at: '2026-12-20T17:00:00+08:00',
  sign_up_state: 2,
  description: '<p>街舞</p>',
  sign_up_notice: '<ol><li>本班名额先到先得，以完成缴费为准。</li><li>下单后请在30分钟内完成支付。</li></ol>',
  refund_rule: '开课前全额退费',
  address: '北京市通州区运河西大街88号',
  classroom: '舞蹈楼三号练功房',
  first_session_date: '2027-01-25',
  last_session_date: '2027-02-05',
  pay_window_minutes: 30,
  lottery_at: null,
  interview_at: null,
  teacher_intro: null,
  ...patch,
});

const signUp = (patch: Partial<In<'sign_up_get'>> = {}): In<'sign_up_get'> => ({
  id: 171,
  class_id: 22,
  class_name: '少儿街舞寒假班',
  cover_url: 'class/22.svg',
  admission_kind: 1,
  contact_id: 6,
  contact_name: '张小红',
  status: 1,
  fee: 1100,
  order_id: null,
  created_at: '2026-12-05T10:00:00+08:00',
  result_at: null,
  remark: '请尽快下单，下单后名额为您保留30分钟，名额先到先得',
  ...patch,
});

/** The appointment page's calls; each records what the page asked for. */
function appointmentBackend(options: { klass?: In<'class_detail'>; conflict?: In<'check_class_time_conflict'>; cancels?: In<'cancel_sign_up_count'> } = {}) {
  const seen = { fee: [] as string[], conflict: [] as string[], signUps: [] as unknown[] };
  server.use(
    http.get(chromeUrl('class_detail/:id'), () => ok(options.klass ?? klass())),
    http.get(chromeUrl('get_sign_up_fee'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.fee.push(`${q.get('class_id')}/${q.get('contact_id')}`);
      return ok({ tuition_fee: 1100, material_fee: 0, total_fee: 1100 });
    }),
    http.get(chromeUrl('check_class_time_conflict'), ({ request }) => {
      seen.conflict.push(new URL(request.url).searchParams.get('contact_id')!);
      return ok(options.conflict ?? { is_conflict: false, conflicts: [] });
    }),
    http.get(chromeUrl('cancel_sign_up_count'), () => ok(options.cancels ?? { count: 0, limit: 3 })),
  );
  return seen;
}

function answerSignUp(answer: Parameters<typeof ok>[0] | (() => Response), seen: unknown[]) {
  server.use(
    http.post(chromeUrl('sign_up'), async ({ request }) => {
      seen.push(await request.json());
      return typeof answer === 'function' ? answer() : ok(answer);
    }),
  );
}

beforeEach(() => {
  server.use(...chromeHandlers());
  signIn({ clientId: 'c-1', accessToken: 't-1', userId: 42 });
});
afterEach(() => {
  // Unmount before the handlers go (setupTestServer's afterEach runs after this one).
  cleanup();
  clearSession();
  clearChild();
});

const agree = () => screen.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' });
const submit = () => screen.getByRole('button', { name: /提交报名/ });

describe('/appointment', () => {
  it('shows the class, the passed children with the header’s child chosen, the fee for that child and a way to add a child', async () => {
    selectChild(6);
    const seen = appointmentBackend();
    renderApp('/appointment?id=22');
    expect(await screen.findByRole('heading', { name: '少儿街舞寒假班' })).toBeInTheDocument();
    expect(screen.getByText(/周一、周三 14:00-15:30，共10次/)).toBeInTheDocument();
    const children = screen.getByRole('radiogroup', { name: '报名孩子' });
    expect(within(children).getByRole('radio', { name: /张小红/ })).toBeChecked();
    expect(within(children).getByRole('radio', { name: /张小明/ })).not.toBeChecked();
    expect(within(children).getByRole('link', { name: '添加孩子' })).toHaveAttribute('href', '/personal/contacts');
    expect(await screen.findByText('¥1,100.00')).toBeInTheDocument();
    expect(seen.fee).toContain('22/6');
    expect(screen.getByText('本班名额先到先得，以完成缴费为准。')).toBeInTheDocument();
  });

  it('without a child chosen in the header, picks the first whose age fits the class', async () => {
    appointmentBackend({ klass: klass({ min_age: 7, max_age: 9 }) });
    renderApp('/appointment?id=22');
    const children = await screen.findByRole('radiogroup', { name: '报名孩子' });
    expect(within(children).getByRole('radio', { name: /张小明/ })).toBeChecked();
    expect(within(children).getByRole('radio', { name: /张小红/ })).toHaveAccessibleName(expect.stringContaining('年龄不在7-9岁范围内'));
  });

  it('keeps the button disabled until the rules are agreed to', async () => {
    appointmentBackend();
    renderApp('/appointment?id=22');
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('请先阅读并勾选同意报名须知');
    await userEvent.click(agree());
    expect(submit()).toBeEnabled();
    await userEvent.click(agree());
    expect(submit()).toBeDisabled();
  });

  it('warns of a time conflict before sending, naming the other class, and does not let it be sent', async () => {
    const seen = appointmentBackend({
      conflict: { is_conflict: true, conflicts: [{ class_id: 5, class_name: '寒假儿童水彩画营', schedule: '每周一至周五 09:00-11:00，共10次' }] },
    });
    selectChild(5);
    renderApp('/appointment?id=22');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('上课时间冲突');
    expect(warning).toHaveTextContent('张小明已报名的「寒假儿童水彩画营」（每周一至周五 09:00-11:00，共10次）与本班上课时间冲突');
    expect(seen.conflict).toEqual(['5']);
    await userEvent.click(agree());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('上课时间冲突，无法报名');
  });

  it('says how often the child cancelled, and stops a sign-up at the limit', async () => {
    appointmentBackend({ cancels: { count: 3, limit: 3 } });
    selectChild(6);
    renderApp('/appointment?id=22');
    expect(await screen.findByText('张小红已取消本班报名3次，达到上限3次，不能再次报名。')).toBeInTheDocument();
    await userEvent.click(agree());
    expect(submit()).toBeDisabled();
  });

  it('a first-come sign-up is sent once, with the child and the agreement, and goes on to settlement', async () => {
    appointmentBackend();
    const sent: unknown[] = [];
    answerSignUp(signUp(), sent);
    // The next step's own call; what it shows is its own tests' business.
    server.use(http.get(chromeUrl('sign_up/:id'), () => fail(404, 404001, '报名记录不存在')));
    selectChild(6);
    const app = renderApp('/appointment?id=22');
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.dblClick(submit());
    await waitFor(() => expect(app.location()).toBe('/settlement?signUpId=171'));
    expect(sent).toEqual([{ class_id: 22, contact_id: 6, agree_rules: true }]);
  });

  it.each([
    ['age', 300104, '该班级招收5至14岁的孩子，张小红今年4岁，不符合年龄要求'],
    ['full', 300103, '「少儿街舞寒假班」名额已满，请关注其他班级'],
    ['window', 300102, '报名已于12月20日 17:00结束'],
    ['duplicate', 300106, '张小红已报名「少儿街舞寒假班」（已下单），请勿重复报名'],
    ['conflict', 300105, '与张小红已报名的「寒假儿童水彩画营」上课时间冲突（1月25日 09:00-11:00）'],
  ])('a refusal (%s) is explained on the page, not only in a toast, and the choices stay', async (_kind, code, msg) => {
    appointmentBackend();
    const sent: unknown[] = [];
    answerSignUp(() => fail(200, code, msg), sent);
    selectChild(6);
    const app = renderApp('/appointment?id=22');
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('报名未成功');
    expect(alert).toHaveTextContent(msg);
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /张小红/ })).toBeChecked();
    expect(agree()).toBeChecked();
    expect(submit()).toBeEnabled();
    expect(app.location()).toBe('/appointment?id=22');
    if (code === 300106) expect(within(alert).getByRole('link', { name: '查看报名记录' })).toHaveAttribute('href', '/personal/classBooking');
  });

  it('choosing another child clears a refusal about the first', async () => {
    appointmentBackend();
    answerSignUp(() => fail(200, 300104, '张小红今年4岁，不符合年龄要求'), []);
    selectChild(6);
    renderApp('/appointment?id=22');
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.click(submit());
    await screen.findByText('张小红今年4岁，不符合年龄要求');
    await userEvent.click(screen.getByRole('radio', { name: /张小明/ }));
    expect(screen.queryByText('张小红今年4岁，不符合年龄要求')).toBeNull();
  });

  it('a lottery sign-up waits: says when the draw is and what happens next, with links onward', async () => {
    appointmentBackend({ klass: klass({ id: 12, name: '钢琴精品小班（春季）', admission_kind: 2, lottery_at: '2027-01-06T10:00:00+08:00' }) });
    answerSignUp(
      signUp({ id: 172, class_id: 12, class_name: '钢琴精品小班（春季）', admission_kind: 2, status: 2, result_at: '2027-01-06T10:00:00+08:00', remark: '将于1月6日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知' }),
      [],
    );
    selectChild(6);
    const app = renderApp('/appointment?id=12');
    expect(await screen.findByText('本班摇号录取')).toBeInTheDocument();
    await userEvent.click(agree());
    await userEvent.click(screen.getByRole('button', { name: '提交报名，参加摇号' }));
    expect(await screen.findByRole('heading', { name: '报名已提交，等待摇号' })).toBeInTheDocument();
    expect(screen.getByText('2027-01-06 10:00')).toBeInTheDocument();
    expect(screen.getByText('将于1月6日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看报名记录' })).toHaveAttribute('href', '/personal/classBooking');
    expect(screen.getByRole('link', { name: '返回课程详情' })).toHaveAttribute('href', '/details?id=12');
    expect(app.location()).toBe('/appointment?id=12');
  });

  it('an interview sign-up waits with the interview time', async () => {
    appointmentBackend({ klass: klass({ id: 17, admission_kind: 3, interview_at: '2027-01-07T09:00:00+08:00' }) });
    answerSignUp(signUp({ class_id: 17, admission_kind: 3, status: 3, result_at: '2027-01-07T09:00:00+08:00', remark: '面试时间1月7日 09:00，结果将于1月8日 09:00公布并以站内消息通知' }), []);
    selectChild(6);
    renderApp('/appointment?id=17');
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.click(screen.getByRole('button', { name: '提交报名，参加面试' }));
    expect(await screen.findByRole('heading', { name: '报名已提交，等待面试' })).toBeInTheDocument();
    expect(screen.getByText('面试时间')).toBeInTheDocument();
    expect(screen.getByText('2027-01-07 09:00')).toBeInTheDocument();
  });

  it('before sign-up opens, counts down to it and reads the class again when it opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-05T09:59:55+08:00') });
    let reads = 0;
    appointmentBackend();
    server.use(
      http.get(chromeUrl('class_detail/:id'), () => {
        reads += 1;
        return ok(klass({ admission_kind: 4, sign_up_start_at: '2026-12-05T10:00:00+08:00', sign_up_state: reads === 1 ? 1 : 2 }));
      }),
    );
    try {
      renderApp('/appointment?id=33');
      expect(await screen.findByText('报名将于12月5日 10:00开始')).toBeInTheDocument();
      expect(screen.getByText(/距开始还有 00:00:0[45]，开始后即可提交报名。/)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      await waitFor(() => expect(screen.queryByText('报名将于12月5日 10:00开始')).toBeNull());
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a passed child, asks to add one', async () => {
    server.use(http.get(chromeUrl('contact_information'), () => ok({ list: [], total: 0, page: 1, page_size: 100 })));
    appointmentBackend();
    renderApp('/appointment?id=22');
    expect(await screen.findByText('还没有审核通过的孩子')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '添加孩子' })).toHaveAttribute('href', '/personal/contacts');
    expect(submit()).toBeDisabled();
  });

  it('an unknown class says so in the backend’s words', async () => {
    server.use(http.get(chromeUrl('class_detail/:id'), () => fail(404, 404001, '班级不存在或已下架')));
    renderApp('/appointment?id=999');
    expect(await screen.findByText('班级不存在或已下架')).toBeInTheDocument();
  });

  it('an address without a class id explains and links to the courses', async () => {
    renderApp('/appointment?id=abc');
    expect(await screen.findByText('没有找到要报名的课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课' })).toHaveAttribute('href', '/searchHome');
  });
});

describe('/settlement', () => {
  function settlementBackend(answer: In<'sign_up_get'> = signUp()) {
    server.use(
      http.get(chromeUrl('sign_up/:id'), () => ok(answer)),
      http.get(chromeUrl('class_detail/:id'), () => ok(klass())),
      // The next step's own call; what it shows is its own tests' business.
      http.get(chromeUrl('order_detail/:id'), () => fail(404, 404001, '订单不存在')),
    );
  }

  it('shows the order to be placed, the payment window, and places it once, going on to pay', async () => {
    settlementBackend();
    const sent: unknown[] = [];
    server.use(
      http.post(chromeUrl('place_order'), async ({ request }) => {
        sent.push(await request.json());
        return ok({ order_id: 153, order_no: 'CC2026120500000153', amount: 1100, pay_deadline: '2026-12-05T10:30:00+08:00' });
      }),
    );
    const app = renderApp('/settlement?signUpId=171');
    const table = await screen.findByRole('table', { name: '订单信息' });
    expect(within(table).getByText('少儿街舞寒假班')).toBeInTheDocument();
    expect(within(table).getByText('张小红')).toBeInTheDocument();
    expect(within(table).getByText('周一、周三 14:00-15:30，共10次')).toBeInTheDocument();
    expect(within(table).getByText('¥1,100.00')).toBeInTheDocument();
    expect(screen.getByText('提交订单后请在30分钟内完成支付')).toBeInTheDocument();
    await userEvent.dblClick(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(app.location()).toBe('/collectMoney?orderId=153'));
    expect(sent).toEqual([{ sign_up_id: 171 }]);
  });

  it('a sign-up that already has its order goes straight to paying it', async () => {
    settlementBackend(signUp({ status: 6, order_id: 153 }));
    const app = renderApp('/settlement?signUpId=171');
    await waitFor(() => expect(app.location()).toBe('/collectMoney?orderId=153'));
  });

  it('a refusal to place the order is explained on the page', async () => {
    settlementBackend();
    server.use(http.post(chromeUrl('place_order'), () => fail(200, 300103, '「少儿街舞寒假班」名额已满，请关注其他班级')));
    const app = renderApp('/settlement?signUpId=171');
    await userEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('下单未成功');
    expect(alert).toHaveTextContent('「少儿街舞寒假班」名额已满，请关注其他班级');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '提交订单' })).toBeEnabled();
  });

  it('a lottery sign-up still waiting for its draw cannot be ordered, and says why', async () => {
    settlementBackend(signUp({ status: 2, admission_kind: 2, remark: '将于1月6日 10:00摇号' }));
    renderApp('/settlement?signUpId=171');
    expect(await screen.findByRole('heading', { name: '暂时不能下单' })).toBeInTheDocument();
    expect(screen.getByText(/待摇号，将于1月6日 10:00摇号/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交订单' })).toBeNull();
  });
});
