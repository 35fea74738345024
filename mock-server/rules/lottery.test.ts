import { describe, expect, it } from 'vitest';
import { errorCodes, messageType, orderStatus, signUpStatus } from '#contract/index';
import { DAY, MINUTE, at, toIso } from '#fixtures/time';
import { addOrder, ids, NOW, orderWorld } from '../handlers/orders.world.ts';
import { setupMockForTests, type Credentials } from '../testing.ts';
import { INTERVIEW_PASS_MARK, interviewScore, lotteryRanking } from './lottery.ts';
import { seatsLeft } from './seats.ts';

const DRAW = NOW + 2 * DAY;
/** choir's interview is on 09-04 14:00; results a day later. */
const INTERVIEW_RESULT = at('2026-09-05', '14:00');

const mock = setupMockForTests({ world: () => orderWorld() });

const signUp = async (me: Credentials, class_id: number, contact_id: number) => {
  const answer = await mock.call('sign_up_post', { body: { class_id, contact_id, agree_rules: true } }, me);
  expect(answer.error_code).toBe(errorCodes.success.code);
  return answer.data.id;
};
const row = (id: number) => mock.state.db.signUps.findFirst((q) => q.where({ id }), { strict: true });
const admissionMessages = () => mock.state.db.messages.findMany((q) => q.where({ type: messageType.values.admission })).sort((a, b) => a.id - b.id);

/** Three children on the two seats of the dance lottery: 小明 and 小红 (mum), 小华 (other). */
async function threeForTwoSeats() {
  const mum = await mock.signIn('mum');
  const other = await mock.signIn('other');
  return [await signUp(mum, ids.dance, ids.xiaoming), await signUp(mum, ids.dance, ids.xiaohong), await signUp(other, ids.dance, ids.otherChild)];
}

describe('lotteryRanking', () => {
  it('is a permutation fixed by seed, class and sign-up ids, and changes with the seed', () => {
    const signUps = [1, 2, 3, 4, 5, 6];
    const ranking = lotteryRanking(1, 4, signUps);
    expect([...ranking].sort((a, b) => a - b)).toEqual(signUps);
    expect(lotteryRanking(1, 4, [...signUps].reverse())).toEqual(ranking);
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => lotteryRanking(seed, 4, signUps).join()));
    expect(orders.size).toBeGreaterThan(4);
    expect(new Set([1, 2, 3, 4].map((classId) => lotteryRanking(1, classId, signUps).join())).size).toBeGreaterThan(1);
  });
});

describe('the lottery draw', () => {
  it('waits for lottery_at, then admits by the seeded ranking up to the seats and tells each parent', async () => {
    const signUps = await threeForTwoSeats();
    mock.state.clock.set(DRAW - 1000);
    await mock.state.catchUp();
    expect(signUps.map((id) => row(id).status)).toEqual([1, 1, 1].map(() => signUpStatus.values.lotteryPending));

    mock.state.clock.set(DRAW + DAY);
    await mock.state.catchUp();
    const ranking = lotteryRanking(mock.state.scenario.seed, ids.dance, signUps);
    expect(ranking.map((id) => [row(id).rank, row(id).status])).toEqual([
      [1, signUpStatus.values.admitted],
      [2, signUpStatus.values.admitted],
      [3, signUpStatus.values.notAdmitted],
    ]);
    expect(seatsLeft(mock.state, ids.dance)).toBe(0);

    const messages = admissionMessages();
    expect(messages).toHaveLength(3);
    const loser = row(ranking[2]!);
    expect(messages.find((m) => m.parent_id === loser.parent_id && m.title === '摇号结果：未录取')).toBeDefined();
    expect(messages.every((m) => m.created_at === toIso(DRAW))).toBe(true);
    expect(messages.filter((m) => m.title === '摇号结果：已录取')).toHaveLength(2);

    // Running the rules again changes nothing.
    await mock.state.catchUp();
    expect(admissionMessages()).toHaveLength(3);
  });

  it('follows the scenario seed', async () => {
    mock.state.scenario.seed = 42;
    try {
      const signUps = await threeForTwoSeats();
      mock.state.clock.set(DRAW);
      await mock.state.catchUp();
      expect(lotteryRanking(42, ids.dance, signUps).map((id) => row(id).rank)).toEqual([1, 2, 3]);
    } finally {
      mock.state.scenario.seed = 1;
    }
  });

  it('shows the parent the result: the admitted may order, the others may not', async () => {
    const signUps = await threeForTwoSeats();
    mock.state.clock.set(DRAW);
    const mum = await mock.signIn('mum');
    const other = await mock.signIn('other');
    const mine = (id: number) => (row(id).parent_id === 1 ? mum : other);
    const ranking = lotteryRanking(mock.state.scenario.seed, ids.dance, signUps);

    const winner = ranking[0]!;
    expect((await mock.call('sign_up_get', { pathParams: { id: winner } }, mine(winner))).data).toMatchObject({
      status: signUpStatus.values.admitted,
      remark: '摇号排名第1位，已录取，请于9月6日 10:00前下单并完成支付',
    });
    expect((await mock.call('place_order', { body: { sign_up_id: winner } }, mine(winner))).error_code).toBe(errorCodes.success.code);

    const loser = ranking[2]!;
    expect((await mock.call('sign_up_get', { pathParams: { id: loser } }, mine(loser))).data.remark).toBe('摇号排名第3位，名额已满，未录取');
    expect(await mock.call('place_order', { body: { sign_up_id: loser } }, mine(loser))).toMatchObject({
      error_code: errorCodes.signUpNotOrderable.code,
      msg: '该报名未被录取，不能下单',
    });
  });

  it('admits only up to the seats left, counting seats that lapsed orders gave back first', async () => {
    const world = orderWorld((b) => {
      addOrder(b, { id: 90, class_id: ids.dance, contact_id: ids.xiaohong, status: orderStatus.values.paid, pay_time: toIso(NOW - DAY), paid_amount: 1600 });
      // Unpaid until 10:30 today: its seat is free again long before the draw.
      addOrder(b, { id: 91, parent_id: ids.other, contact_id: ids.otherChild, class_id: ids.dance });
    });
    await mock.state.load(world.snapshot);
    const mum = await mock.signIn('mum');
    const only = await signUp(mum, ids.dance, ids.xiaoming);
    // (Rows are written out: a spread record would carry @msw/data's internal key along.)
    await mock.state.db.signUps.create({
      id: 200,
      parent_id: ids.mum,
      class_id: ids.dance,
      contact_id: ids.rejected,
      status: signUpStatus.values.lotteryPending,
      created_at: toIso(NOW + MINUTE),
      result_at: toIso(DRAW),
      order_id: null,
      cancel_reason: null,
      cancelled_at: null,
      rank: null,
    });
    mock.state.clock.set(DRAW);
    await mock.state.catchUp();
    expect(mock.state.db.orders.findFirst((q) => q.where({ id: 91 }))?.status).toBe(orderStatus.values.closed);
    expect([row(only).status, row(200).status].sort()).toEqual([signUpStatus.values.admitted, signUpStatus.values.notAdmitted].sort());
  });
});

describe('interview results', () => {
  it('a score for each child, a pass mark, and of those who pass the best admitted up to the seats', () => {
    const scores = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => interviewScore(1, ids.choir, id));
    expect(scores.every((score) => Number.isInteger(score) && score >= 60 && score <= 100)).toBe(true);
    expect(scores.some((score) => score < INTERVIEW_PASS_MARK) && scores.some((score) => score >= INTERVIEW_PASS_MARK)).toBe(true);
    expect(interviewScore(1, ids.choir, 3)).toBe(interviewScore(1, ids.choir, 3));
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => interviewScore(seed, ids.choir, 3))).not.toEqual(Array(8).fill(interviewScore(1, ids.choir, 3)));
  });

  it('come a day after the interview: a child below the pass mark fails it, the others are admitted best first up to the seats, each parent told', async () => {
    const mum = await mock.signIn('mum');
    const other = await mock.signIn('other');
    const first = await signUp(other, ids.choir, ids.otherChild);
    mock.state.clock.advance(MINUTE);
    const second = await signUp(mum, ids.choir, ids.xiaoming);

    mock.state.clock.set(INTERVIEW_RESULT - 1000);
    await mock.state.catchUp();
    expect([row(first).status, row(second).status]).toEqual([signUpStatus.values.interviewPending, signUpStatus.values.interviewPending]);

    const seats = seatsLeft(mock.state, ids.choir);
    mock.state.clock.set(INTERVIEW_RESULT);
    await mock.state.catchUp();
    const score = (id: number) => interviewScore(mock.state.scenario.seed, ids.choir, id);
    const passed = [first, second].filter((id) => score(id) >= INTERVIEW_PASS_MARK).sort((a, b) => score(b) - score(a) || a - b);
    const admitted = new Set(passed.slice(0, seats));
    for (const id of [first, second]) {
      expect(row(id).status, `sign-up ${id}, score ${score(id)}`).toBe(admitted.has(id) ? signUpStatus.values.admitted : signUpStatus.values.notAdmitted);
      expect(row(id).rank, 'the score is kept').toBe(score(id));
    }
    const told = admissionMessages().map((m) => [m.parent_id, m.title, m.created_at]);
    const titleOf = (id: number) => (admitted.has(id) ? '面试结果：已录取' : score(id) < INTERVIEW_PASS_MARK ? '面试结果：未通过' : '面试结果：未录取');
    expect(told).toEqual(
      expect.arrayContaining([
        [ids.other, titleOf(first), toIso(INTERVIEW_RESULT)],
        [ids.mum, titleOf(second), toIso(INTERVIEW_RESULT)],
      ]),
    );
    const mums = admissionMessages().find((m) => m.parent_id === ids.mum)!;
    expect(mums.summary).toMatch(/^小明报名的「少儿合唱团」（9月4日 14:00面试）/);
    expect(mums.summary).toContain(`${score(second)}分`);
  });

  it('every score below the pass mark: nobody is admitted, however many seats', async () => {
    const mum = await mock.signIn('mum');
    const mine = await signUp(mum, ids.choir, ids.xiaoming);
    // A seed under which this sign-up fails its interview.
    const seed = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].find((s) => interviewScore(s, ids.choir, mine) < INTERVIEW_PASS_MARK)!;
    mock.state.scenario = { ...mock.state.scenario, seed };
    mock.state.clock.set(INTERVIEW_RESULT);
    await mock.state.catchUp();
    expect(row(mine).status).toBe(signUpStatus.values.notAdmitted);
    expect(admissionMessages().at(-1)!.summary).toContain('未通过面试');
  });
});
