/**
 * Admission of lottery (摇号) and interview (面试) classes (the design brief: they add a pending stage
 * before payment). At the draw time the pending sign-ups of a class are ranked and admitted up to
 * the seats left; an interview first scores each child against a pass mark. An admitted sign-up
 * holds its seat (rules/seats.ts) until it is ordered or cancelled. Every result reaches the
 * parent as an admission message.
 */
import { admissionKind, messageType, signUpStatus } from '#contract/index';
import { drawTimeOf, interviewResultTimeOf, interviewTimeOf } from '#fixtures/rules';
import { fromIso } from '#fixtures/time';
import { nextId, type Row } from '../core/db.ts';
import type { MockState } from '../core/state.ts';
import { seatsLeft } from './seats.ts';
import { monthDayTime } from './sign-up.ts';

/** 32-bit FNV-1a with a final avalanche, so neighbouring ids land far apart. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The draw order of sign-ups: a pure function of the scenario seed, the class and the sign-up ids. */
export function lotteryRanking(seed: number, classId: number, signUpIds: readonly number[]): number[] {
  return [...signUpIds]
    .map((id) => ({ id, key: hash(`${seed}:${classId}:${id}`) }))
    .sort((a, b) => a.key - b.key || a.id - b.id)
    .map((e) => e.id);
}

interface Outcome {
  title: string;
  body: string;
}

/** Ranks `ranked` 1..n, admits the first seats-left of them and tells each parent. */
async function admitInOrder(state: MockState, klass: Row<'classes'>, ranked: Row<'signUps'>[], resultAt: string, describe: (rank: number, admitted: boolean) => Outcome): Promise<void> {
  const seats = seatsLeft(state, klass.id);
  for (const [i, row] of ranked.entries()) await settle(state, klass, row, i < seats, i + 1, resultAt, describe(i + 1, i < seats));
}

/** One sign-up's result: admitted or not, its rank (or score), and the parent's message. */
async function settle(state: MockState, klass: Row<'classes'>, row: Row<'signUps'>, admitted: boolean, rank: number, resultAt: string, outcome: Outcome): Promise<void> {
  await state.db.signUps.update((q) => q.where({ id: row.id }), {
    data(s) {
      s.status = admitted ? signUpStatus.values.admitted : signUpStatus.values.notAdmitted;
      s.rank = rank;
    },
  });
  const contact = state.db.contacts.findFirst((q) => q.where({ id: row.contact_id }));
  const summary = `${contact?.name ?? '孩子'}报名的「${klass.name}」${outcome.body}`;
  await state.db.messages.create({
    id: nextId(state.db.messages.all()),
    parent_id: row.parent_id,
    type: messageType.values.admission,
    title: outcome.title,
    summary,
    content: `<p>${summary}</p>`,
    is_see: false,
    record: null,
    created_at: resultAt,
  });
}

/** Sign-ups in `status`, grouped by their class, classes by id. */
function pendingByClass(state: MockState, status: Row<'signUps'>['status']): [Row<'classes'>, Row<'signUps'>[]][] {
  const groups = new Map<number, Row<'signUps'>[]>();
  for (const row of state.db.signUps.all().filter((s) => s.status === status)) {
    groups.set(row.class_id, [...(groups.get(row.class_id) ?? []), row]);
  }
  return [...groups]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([classId, rows]) => {
      const klass = state.db.classes.all().find((c) => c.id === classId);
      return klass ? [[klass, rows] as [Row<'classes'>, Row<'signUps'>[]]] : [];
    });
}

/** Time rule: classes whose draw time has come rank their pending sign-ups and admit. */
export async function drawDueLotteries(state: MockState): Promise<void> {
  for (const [klass, rows] of pendingByClass(state, signUpStatus.values.lotteryPending)) {
    if (klass.admission_kind !== admissionKind.values.lottery || fromIso(drawTimeOf(klass)) > state.now()) continue;
    const order = lotteryRanking(
      state.scenario.seed,
      klass.id,
      rows.map((r) => r.id),
    );
    const ranked = order.map((id) => rows.find((r) => r.id === id)!);
    await admitInOrder(state, klass, ranked, drawTimeOf(klass), (rank, admitted) =>
      admitted
        ? { title: '摇号结果：已录取', body: `摇号排名第${rank}位，已录取，请尽快在“我的报名”中下单并完成支付。` }
        : { title: '摇号结果：未录取', body: `摇号排名第${rank}位，名额已满，很遗憾未被录取。` },
    );
  }
}

/** The pass mark of an interview, out of 100. */
export const INTERVIEW_PASS_MARK = 70;

/**
 * A child's interview score (60–100): a pure function of the scenario seed, the class and the
 * sign-up, the mock's stand-in for the teachers' judgement (as the lottery's ranking is for the draw).
 */
export function interviewScore(seed: number, classId: number, signUpId: number): number {
  return 60 + (hash(`interview:${seed}:${classId}:${signUpId}`) % 41);
}

/**
 * Time rule: a day after the interview, each pending sign-up has its score (kept as its rank):
 * below the pass mark it fails; of the others the best are admitted up to the seats left, the
 * earlier sign-up first on a tie (the design brief: interview admission is a pass/fail step).
 */
export async function resolveDueInterviews(state: MockState): Promise<void> {
  for (const [klass, rows] of pendingByClass(state, signUpStatus.values.interviewPending)) {
    if (klass.admission_kind !== admissionKind.values.interview || fromIso(interviewResultTimeOf(klass)) > state.now()) continue;
    const interviewAt = monthDayTime(interviewTimeOf(klass));
    const score = new Map(rows.map((row) => [row.id, interviewScore(state.scenario.seed, klass.id, row.id)]));
    const passed = rows.filter((row) => score.get(row.id)! >= INTERVIEW_PASS_MARK).sort((a, b) => score.get(b.id)! - score.get(a.id)! || a.created_at.localeCompare(b.created_at) || a.id - b.id);
    const seats = seatsLeft(state, klass.id);
    const admitted = new Set(passed.slice(0, seats).map((row) => row.id));
    for (const row of [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)) {
      const points = score.get(row.id)!;
      const outcome: Outcome = admitted.has(row.id)
        ? { title: '面试结果：已录取', body: `（${interviewAt}面试）面试成绩${points}分，已录取，请尽快在“我的报名”中下单并完成支付。` }
        : points < INTERVIEW_PASS_MARK
          ? { title: '面试结果：未通过', body: `（${interviewAt}面试）面试成绩${points}分，合格线${INTERVIEW_PASS_MARK}分，很遗憾未通过面试。` }
          : { title: '面试结果：未录取', body: `（${interviewAt}面试）面试成绩${points}分，已通过面试，但名额已满，很遗憾未被录取。` };
      await settle(state, klass, row, admitted.has(row.id), points, interviewResultTimeOf(klass), outcome);
    }
  }
}
