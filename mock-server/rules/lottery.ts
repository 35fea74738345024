/**
 * Admission of lottery (摇号) and interview (面试) classes (the design brief: they add a pending stage
 * before payment). At the draw time the pending sign-ups of a class are ranked and admitted up to
 * the seats left; an admitted sign-up holds its seat (rules/seats.ts) until it is ordered or
 * cancelled. Every result reaches the parent as an admission message.
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
  for (const [i, row] of ranked.entries()) {
    const rank = i + 1;
    const admitted = i < seats;
    await state.db.signUps.update((q) => q.where({ id: row.id }), {
      data(s) {
        s.status = admitted ? signUpStatus.values.admitted : signUpStatus.values.notAdmitted;
        s.rank = rank;
      },
    });
    const contact = state.db.contacts.findFirst((q) => q.where({ id: row.contact_id }));
    const outcome = describe(rank, admitted);
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

/** Time rule: a day after the interview, pending sign-ups are admitted in sign-up order. */
export async function resolveDueInterviews(state: MockState): Promise<void> {
  for (const [klass, rows] of pendingByClass(state, signUpStatus.values.interviewPending)) {
    if (klass.admission_kind !== admissionKind.values.interview || fromIso(interviewResultTimeOf(klass)) > state.now()) continue;
    const ranked = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
    const interviewAt = monthDayTime(interviewTimeOf(klass));
    await admitInOrder(state, klass, ranked, interviewResultTimeOf(klass), (_rank, admitted) =>
      admitted
        ? { title: '面试结果：已录取', body: `（${interviewAt}面试）已录取，请尽快在“我的报名”中下单并完成支付。` }
        : { title: '面试结果：未录取', body: `（${interviewAt}面试）名额已满，很遗憾未被录取。` },
    );
  }
}
