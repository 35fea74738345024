/**
 * A class's sign-up window and the class an id names: rules that sign-ups, orders and the class
 * views all apply.
 *
 *   signUpStateOf(row, seats, now)  notStarted / open / full / ended
 *   classOrNotFound(state, id)      the row, or the 404 every /{id} class call answers
 */
import { classSignUpState, type ValueOf } from '#contract/index';
import { fromIso } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import type { MockState } from '../core/state.ts';

export type ClassSignUpState = ValueOf<typeof classSignUpState>;

/** The msg of every class call given an id that names no class. */
export const CLASS_NOT_FOUND_MSG = '班级不存在或已下架';

/**
 * The sign-up window is [sign_up_start_at, sign_up_end_at): it opens at the start instant (a 秒杀
 * opens exactly then) and is over at the end instant.
 */
export function signUpStateOf(row: Pick<Row<'classes'>, 'sign_up_start_at' | 'sign_up_end_at'>, seats: number, now: number): ClassSignUpState {
  if (now < fromIso(row.sign_up_start_at)) return classSignUpState.values.notStarted;
  if (now >= fromIso(row.sign_up_end_at)) return classSignUpState.values.ended;
  return seats > 0 ? classSignUpState.values.open : classSignUpState.values.full;
}

export function classOrNotFound(state: MockState, id: number, refuse: Refuse<'notFound'>): Row<'classes'> {
  const row = state.db.classes.findFirst((q) => q.where({ id }));
  if (!row) throw refuse('notFound', CLASS_NOT_FOUND_MSG);
  return row;
}
