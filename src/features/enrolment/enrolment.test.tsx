import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { admissionKind, classType, contactAuditStatus, credentialType, errorCodes, orderStatus, signUpStatus, timeOfDay } from '#contract/index';
import type { Row } from '#fixtures/records';
import { DAY, HOUR, MINUTE, toIso } from '#fixtures/time';
import { enrol } from '#fixtures/world';
import type { MockState } from '#mock/core/state';
import { fail, http, server, recordAnswerCodes } from '../../test/api-server.ts';
import { familyWorld, TEST_NOW, type FamilyBuilder } from '../../test/family-world.ts';
import { createTestMock, renderRoute } from '../../test/render-route.tsx';

/** 少儿街舞寒假班 as the tests state it: Monday and Wednesday afternoons in the winter holiday, open now. */
const hiphop: Partial<Row<'classes'>> & { name: string } = {
  id: 22,
  name: '少儿街舞寒假班',
  class_type: classType.values.holiday,
  min_age: 5,
  max_age: 14,
  fee: 1100,
  capacity: 25,
  term: '2026-2027学年寒假',
  weekdays: [1, 3],
  time_of_day: timeOfDay.values.afternoon,
  start_time: '14:00',
  end_time: '15:30',
  session_count: 10,
  first_session_date: '2027-01-25',
  teacher_name: '王老师',
  sign_up_start_at: '2026-11-28T10:00:00+08:00',
  sign_up_end_at: '2026-12-20T17:00:00+08:00',
  sign_up_notice: '<ol><li>本班名额先到先得，以完成缴费为准。</li><li>下单后请在30分钟内完成支付。</li></ol>',
  address: '北京市通州区运河西大街88号',
  classroom: '舞蹈楼三号练功房',
};

/** A winter class of the 舞蹈 specialty like 少儿街舞寒假班, with what a test changes. */
const danceClass = (b: FamilyBuilder, o: Partial<Row<'classes'>> & { id: number; name: string }) => b.klass({ ...hiphop, specialty_id: b.specialties[1].id, ...o });

/*
 * 张伟's children and the classes of the journey (now: Saturday 2026-12-05 10:00):
 * Each meets at its own hours from 2027-01-25 on, so none clashes with another unless said so.
 *   22 少儿街舞寒假班 (5-14岁, ¥1,100, Mon/Wed 14:00-15:30), open; 张小明 has signed up, no order yet;
 *   23 少儿街舞寒假提高班 for 7-9岁;  31 少儿街舞冬季集训班 for 6-14岁 (张小红 is 5);
 *   32 少儿街舞寒假小班: its one seat paid by 李乐; 张小明 signed up before that and has no order;
 *   33 少儿街舞周末班: 张小红 ordered it ten minutes ago (unpaid);
 *   34 少儿街舞晨练营 (Mon/Wed 09:30-11:00) clashes with 35 寒假儿童水彩画营 (weekdays 09:00-11:00),
 *      where both children are enrolled;
 *   36 少儿街舞体验班: 张小红 has cancelled it three times;  37 少儿街舞寒假加时班 closes at 10:05 today;
 *   12 钢琴精品小班（春季）, a lottery drawn 2027-01-06 10:00: 张小明 waits for the draw;
 *   17 少儿舞蹈团（面试）, interview 2027-01-07 09:00;
 *   and 王芳 ('wangfang'), whose only child is still being reviewed.
 */
const world = familyWorld((b) => {
  const main = b.klass({ ...hiphop, specialty_id: b.specialties[1].id });
  signUps.awaiting = enrol(b, { parent: b.parent, child: b.xiaoming, klass: main, signedUpAt: TEST_NOW - HOUR, outcome: 'pending' }).signUp;
  danceClass(b, { id: 23, name: '少儿街舞寒假提高班', min_age: 7, max_age: 9, weekdays: [2, 4] });
  danceClass(b, { id: 31, name: '少儿街舞冬季集训班', min_age: 6, max_age: 14, weekdays: [5] });
  const small = danceClass(b, { id: 32, name: '少儿街舞寒假小班', capacity: 1, weekdays: [2, 4], start_time: '16:00', end_time: '17:30' });
  signUps.seatGone = enrol(b, { parent: b.parent, child: b.xiaoming, klass: small, signedUpAt: TEST_NOW - 2 * HOUR, outcome: 'pending' }).signUp;
  enrol(b, { parent: b.other, child: b.otherChild, klass: small, signedUpAt: TEST_NOW - HOUR, outcome: 'paid' });
  const weekend = danceClass(b, { id: 33, name: '少儿街舞周末班', weekdays: [6] });
  const ordered = enrol(b, { parent: b.parent, child: b.xiaohong, klass: weekend, signedUpAt: TEST_NOW - 10 * MINUTE - 40_000, outcome: 'unpaid' });
  signUps.ordered = ordered.signUp;
  orderOfOrdered = ordered.order!.id;
  danceClass(b, { id: 34, name: '少儿街舞晨练营', time_of_day: timeOfDay.values.morning, start_time: '09:30', end_time: '11:00' });
  const watercolor = b.klass({
    id: 35,
    name: '寒假儿童水彩画营',
    class_type: classType.values.holiday,
    min_age: 5,
    max_age: 9,
    weekdays: [1, 2, 3, 4, 5],
    start_time: '09:00',
    end_time: '11:00',
    session_count: 10,
    first_session_date: '2027-01-25',
  });
  for (const child of [b.xiaoming, b.xiaohong]) enrol(b, { parent: b.parent, child, klass: watercolor, signedUpAt: TEST_NOW - 3 * DAY, outcome: 'paid' });
  danceClass(b, { id: 37, name: '少儿街舞寒假加时班', weekdays: [5], start_time: '16:00', end_time: '17:30', sign_up_end_at: '2026-12-05T10:05:00+08:00' });
  const taster = danceClass(b, { id: 36, name: '少儿街舞体验班', weekdays: [7], time_of_day: timeOfDay.values.morning, start_time: '10:00', end_time: '11:30' });
  for (const days of [3, 2, 1]) enrol(b, { parent: b.parent, child: b.xiaohong, klass: taster, signedUpAt: TEST_NOW - days * DAY, outcome: 'cancelled' });
  const piano = b.klass({
    id: 12,
    name: '钢琴精品小班（春季）',
    specialty_id: b.specialties[1].id,
    admission_kind: admissionKind.values.lottery,
    min_age: 5,
    max_age: 10,
    lottery_at: '2027-01-06T10:00:00+08:00',
  });
  signUps.lottery = enrol(b, { parent: b.parent, child: b.xiaoming, klass: piano, signedUpAt: TEST_NOW - DAY, outcome: 'pending' }).signUp;
  danceClass(b, { id: 17, name: '少儿舞蹈团（面试）', weekdays: [7], admission_kind: admissionKind.values.interview, interview_at: '2027-01-07T09:00:00+08:00' });
  const wang = b.add('parents', b.f.parent({ id: 3, username: 'wangfang', real_name: '王芳', phone: '13700000000' }))[0]!;
  // Submitted with a passport an hour ago: a person reviews it (the mock passes it a day later).
  b.add(
    'contacts',
    b.f.contact(wang.id, {
      id: 4,
      name: '王小雨',
      age: 6,
      credential_type: credentialType.values.passport,
      id_number: 'E12345678',
      audit_status: contactAuditStatus.values.reviewing,
      created_at: toIso(TEST_NOW - HOUR),
    }),
  );
});
const signUps = {} as Record<'awaiting' | 'seatGone' | 'ordered' | 'lottery', Row<'signUps'>>;
let orderOfOrdered = 0;
// The rows above are known once the world is built: build it before any test reads them.
beforeAll(() => createTestMock(world).then(() => undefined));

/** A 秒杀 class opening at 10:00, seen by a server whose clock says 09:59:55. */
const seckillSoon = familyWorld(
  (b) => {
    danceClass(b, { id: 22, name: '少儿街舞寒假班', admission_kind: admissionKind.values.seckill, sign_up_start_at: '2026-12-05T10:00:00+08:00' });
  },
  { now: TEST_NOW - 5000 },
);

/** The appointment page's look-ups, by what they asked for (in front of the mock, which answers). */
function recordLookUps() {
  const seen = { fee: [] as string[], conflict: [] as string[] };
  server.use(
    http.get('*/get_sign_up_fee', ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.fee.push(`${q.get('class_id')}/${q.get('contact_id')}`);
    }),
    http.get('*/check_class_time_conflict', ({ request }) => {
      seen.conflict.push(new URL(request.url).searchParams.get('contact_id')!);
    }),
  );
  return seen;
}

/** The bodies of a POST call (in front of the mock, which answers). */
function recordPosts(path: string): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      sent.push(await request.clone().json());
    }),
  );
  return sent;
}

const agree = () => screen.getByRole('checkbox', { name: '我已阅读并同意《报名须知》' });
const submit = () => screen.getByRole('button', { name: /提交报名/ });

describe('/appointment', () => {
  it('shows the class, the passed children with the header’s child chosen, the fee for that child and a way to add a child', async () => {
    const seen = recordLookUps();
    await renderRoute('/appointment?id=22', { world, as: 'zhangwei', child: 2 });
    expect(await screen.findByRole('heading', { name: '少儿街舞寒假班' })).toBeInTheDocument();
    expect(screen.getByText(/周一、周三 14:00-15:30，共10次/)).toBeInTheDocument();
    const children = screen.getByRole('radiogroup', { name: '报名孩子' });
    expect(within(children).getByRole('radio', { name: /张小红/ })).toBeChecked();
    expect(within(children).getByRole('radio', { name: /张小明/ })).not.toBeChecked();
    expect(within(children).getByRole('link', { name: '添加孩子' })).toHaveAttribute('href', '/personal/contacts');
    expect(await screen.findByText('学费 ¥1,100.00')).toBeInTheDocument();
    expect(screen.getByText('¥1,100.00', { selector: 'strong' })).toBeInTheDocument();
    expect(seen.fee).toContain('22/2');
    expect(screen.getByText('本班名额先到先得，以完成缴费为准。')).toBeInTheDocument();
  });

  it('without a child chosen in the header, picks the first whose age fits the class', async () => {
    await renderRoute('/appointment?id=23', { world, as: 'zhangwei' });
    const children = await screen.findByRole('radiogroup', { name: '报名孩子' });
    expect(within(children).getByRole('radio', { name: /张小明/ })).toBeChecked();
    expect(within(children).getByRole('radio', { name: /张小红/ })).toHaveAccessibleName(expect.stringContaining('年龄不在7-9岁范围内'));
  });

  it('keeps the button disabled until the rules are agreed to', async () => {
    await renderRoute('/appointment?id=22', { world, as: 'zhangwei', child: 2 });
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('请先阅读并勾选同意报名须知');
    await userEvent.click(agree());
    expect(submit()).toBeEnabled();
    await userEvent.click(agree());
    expect(submit()).toBeDisabled();
  });

  it('warns of a time conflict before sending, naming the other class, and does not let it be sent', async () => {
    const seen = recordLookUps();
    await renderRoute('/appointment?id=34', { world, as: 'zhangwei', child: 1 });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('上课时间冲突');
    expect(warning).toHaveTextContent('张小明已报名的「寒假儿童水彩画营」（每周一、周二、周三、周四、周五 09:00-11:00，共10次）与本班上课时间冲突');
    expect(seen.conflict).toEqual(['1']);
    await userEvent.click(agree());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('上课时间冲突，无法报名');
  });

  it('says how often the child cancelled, and stops a sign-up at the limit', async () => {
    await renderRoute('/appointment?id=36', { world, as: 'zhangwei', child: 2 });
    expect(await screen.findByText('张小红已取消本班报名3次，达到上限3次，不能再次报名。')).toBeInTheDocument();
    await userEvent.click(agree());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription('取消报名次数已达上限，无法再次报名');
  });

  it('a first-come sign-up is sent once, with the child and the agreement, and goes on to settlement', async () => {
    const sent = recordPosts('*/sign_up');
    const app = await renderRoute('/appointment?id=22', { world, as: 'zhangwei', child: 2 });
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.dblClick(submit());
    await waitFor(() => expect(app.location()).toMatch(/^\/settlement\?signUpId=\d+$/));
    const made = app.mock.db.signUps.findFirst((q) => q.where({ contact_id: 2, class_id: 22 }))!;
    expect(made.status).toBe(signUpStatus.values.awaitingOrder);
    expect(app.location()).toBe(`/settlement?signUpId=${made.id}`);
    expect(sent).toEqual([{ class_id: 22, contact_id: 2, agree_rules: true }]);
  });

  /*
   * Each refusal as the backend gives it for 张小红. The page checks conflicts and the cancel count
   * itself, so those two reach the backend only when the page could not tell (its look-up failed)
   * or when things changed after it loaded (the window closed).
   */
  it.each<[string, number, number, string, { before?: () => void; meanwhile?: (mock: MockState) => void }]>([
    ['age', 31, errorCodes.ageNotFit.code, '该班级招收6至14岁的孩子，张小红今年5岁，不符合年龄要求', {}],
    ['full', 32, errorCodes.classFull.code, '「少儿街舞寒假小班」名额已满，请关注其他班级', {}],
    ['window', 37, errorCodes.signUpClosed.code, '报名已于12月5日 10:05结束', { meanwhile: (mock) => mock.clock.advance(5 * MINUTE) }],
    ['duplicate', 33, errorCodes.alreadySignedUp.code, '张小红已报名「少儿街舞周末班」（已下单），请勿重复报名', {}],
    [
      'conflict',
      34,
      errorCodes.timeConflict.code,
      '与张小红已报名的「寒假儿童水彩画营」上课时间冲突（1月25日 09:00-11:00）',
      { before: () => server.use(http.get('*/check_class_time_conflict', () => fail(500, 500000, '服务器开小差了'), { once: true })) },
    ],
  ])('a refusal (%s) is explained on the page, not only in a toast, and the choices stay', async (_kind, classId, code, msg, { before, meanwhile }) => {
    const codes = recordAnswerCodes('/sign_up');
    before?.();
    const app = await renderRoute(`/appointment?id=${classId}`, { world, as: 'zhangwei', child: 2 });
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    meanwhile?.(app.mock);
    await userEvent.click(agree());
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('报名未成功');
    expect(alert).toHaveTextContent(msg);
    expect(codes).toEqual([code]);
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /张小红/ })).toBeChecked();
    expect(agree()).toBeChecked();
    expect(submit()).toBeEnabled();
    expect(app.location()).toBe(`/appointment?id=${classId}`);
    if (code === errorCodes.alreadySignedUp.code) expect(within(alert).getByRole('link', { name: '查看报名记录' })).toHaveAttribute('href', '/personal/classBooking');
    expect(app.mock.db.signUps.findMany((q) => q.where({ contact_id: 2, class_id: classId })).filter((s) => s.status !== signUpStatus.values.cancelled)).toHaveLength(
      code === errorCodes.alreadySignedUp.code ? 1 : 0,
    );
  });

  it('choosing another child clears a refusal about the first', async () => {
    await renderRoute('/appointment?id=31', { world, as: 'zhangwei', child: 2 });
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.click(submit());
    await screen.findByText('该班级招收6至14岁的孩子，张小红今年5岁，不符合年龄要求');
    await userEvent.click(screen.getByRole('radio', { name: /张小明/ }));
    expect(screen.queryByText('该班级招收6至14岁的孩子，张小红今年5岁，不符合年龄要求')).toBeNull();
  });

  it('a lottery sign-up waits: says when the draw is and what happens next, with links onward', async () => {
    const app = await renderRoute('/appointment?id=12', { world, as: 'zhangwei', child: 2 });
    expect(await screen.findByText('本班摇号录取')).toBeInTheDocument();
    await userEvent.click(agree());
    await userEvent.click(screen.getByRole('button', { name: '提交报名，参加摇号' }));
    expect(await screen.findByRole('heading', { name: '报名已提交，等待摇号' })).toBeInTheDocument();
    expect(screen.getByText('2027-01-06 10:00')).toBeInTheDocument();
    expect(screen.getByText('将于1月6日 10:00摇号，按随机排序录取至名额满，结果将以站内消息通知')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看报名记录' })).toHaveAttribute('href', '/personal/classBooking');
    expect(screen.getByRole('link', { name: '返回课程详情' })).toHaveAttribute('href', '/details?id=12');
    expect(app.location()).toBe('/appointment?id=12');
    expect(app.mock.db.signUps.findFirst((q) => q.where({ contact_id: 2, class_id: 12 }))!.status).toBe(signUpStatus.values.lotteryPending);
  });

  it('an interview sign-up waits with the interview time', async () => {
    await renderRoute('/appointment?id=17', { world, as: 'zhangwei', child: 2 });
    await screen.findByRole('radiogroup', { name: '报名孩子' });
    await userEvent.click(agree());
    await userEvent.click(screen.getByRole('button', { name: '提交报名，参加面试' }));
    expect(await screen.findByRole('heading', { name: '报名已提交，等待面试' })).toBeInTheDocument();
    expect(screen.getByText('面试时间')).toBeInTheDocument();
    expect(screen.getByText('2027-01-07 09:00')).toBeInTheDocument();
    expect(screen.getByText('面试时间1月7日 09:00，结果将于1月8日 09:00公布并以站内消息通知')).toBeInTheDocument();
  });

  it('before sign-up opens, counts down to it and reads the class again when it opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW - 5000);
    let reads = 0;
    server.use(
      http.get('*/class_detail/:id', () => {
        reads += 1;
      }),
    );
    const { mock } = await renderRoute('/appointment?id=22', { world: seckillSoon, as: 'zhangwei', child: 2 });
    expect(await screen.findByText('报名将于12月5日 10:00开始')).toBeInTheDocument();
    expect(screen.getByText(/距开始还有 00:00:0[45]，开始后即可提交报名。/)).toBeInTheDocument();
    // 10:00 for the server and the browser alike.
    act(() => {
      mock.clock.set(TEST_NOW);
      vi.setSystemTime(TEST_NOW);
    });
    await waitFor(() => expect(screen.queryByText('报名将于12月5日 10:00开始')).toBeNull());
    expect(reads).toBe(2);
    await userEvent.click(agree());
    expect(submit()).toBeEnabled();
  });

  it('without a passed child, asks to add one', async () => {
    await renderRoute('/appointment?id=22', { world, as: 'wangfang' });
    expect(await screen.findByText('还没有审核通过的孩子')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /王小雨/ })).toBeNull();
    expect(screen.getByRole('link', { name: '添加孩子' })).toHaveAttribute('href', '/personal/contacts');
    expect(submit()).toBeDisabled();
  });

  it('an unknown class says so in the backend’s words', async () => {
    await renderRoute('/appointment?id=999', { world, as: 'zhangwei' });
    expect(await screen.findByText('班级不存在或已下架')).toBeInTheDocument();
  });

  it('an address without a class id explains and links to the courses', async () => {
    await renderRoute('/appointment?id=abc', { world, as: 'zhangwei' });
    expect(await screen.findByText('没有找到要报名的课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课' })).toHaveAttribute('href', '/searchHome');
  });
});

describe('/settlement', () => {
  it('shows the order to be placed, the payment window, and places it once, going on to pay', async () => {
    const sent = recordPosts('*/place_order');
    const app = await renderRoute(`/settlement?signUpId=${signUps.awaiting.id}`, { world, as: 'zhangwei' });
    const table = await screen.findByRole('table', { name: '订单信息' });
    expect(within(table).getByText('少儿街舞寒假班')).toBeInTheDocument();
    expect(within(table).getByText('张小明')).toBeInTheDocument();
    expect(within(table).getByText('周一、周三 14:00-15:30，共10次')).toBeInTheDocument();
    expect(within(table).getByText('¥1,100.00')).toBeInTheDocument();
    expect(screen.getByText('提交订单后请在30分钟内完成支付')).toBeInTheDocument();
    await userEvent.dblClick(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/collectMoney\?orderId=\d+$/));
    const order = app.mock.db.orders.findFirst((q) => q.where({ sign_up_id: signUps.awaiting.id }))!;
    expect(app.location()).toBe(`/collectMoney?orderId=${order.id}`);
    expect(order).toMatchObject({ status: orderStatus.values.unpaid, amount: 1100, pay_deadline: '2026-12-05T10:30:00+08:00' });
    expect(sent).toEqual([{ sign_up_id: signUps.awaiting.id }]);
  });

  it('a sign-up that already has its order goes straight to paying it', async () => {
    const app = await renderRoute(`/settlement?signUpId=${signUps.ordered.id}`, { world, as: 'zhangwei' });
    await waitFor(() => expect(app.location()).toBe(`/collectMoney?orderId=${orderOfOrdered}`));
  });

  it('a refusal to place the order is explained on the page', async () => {
    // 张小明 signed up while a seat was left; 李乐 has paid for it since.
    const app = await renderRoute(`/settlement?signUpId=${signUps.seatGone.id}`, { world, as: 'zhangwei' });
    await userEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('下单未成功');
    expect(alert).toHaveTextContent('「少儿街舞寒假小班」名额已满，请关注其他班级');
    expect(app.ports.toastError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '提交订单' })).toBeEnabled();
    expect(app.mock.db.orders.findFirst((q) => q.where({ sign_up_id: signUps.seatGone.id }))).toBeUndefined();
  });

  it('a lottery sign-up still waiting for its draw cannot be ordered, and says why', async () => {
    await renderRoute(`/settlement?signUpId=${signUps.lottery.id}`, { world, as: 'zhangwei' });
    expect(await screen.findByRole('heading', { name: '暂时不能下单' })).toBeInTheDocument();
    expect(screen.getByText(/待摇号，将于1月6日 10:00摇号/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交订单' })).toBeNull();
  });
});
