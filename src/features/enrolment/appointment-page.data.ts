/**
 * What signing up renders with (decision 080): the class and the parent's passed children (the
 * chrome's), then, for the child the form starts with, the fee, a time conflict and the cancel count.
 */
import { apiQuery, type Data, type Input } from '#src/lib/api/queries.ts';
import type { RouteData } from '#src/lib/api/route-data.ts';
import { classDetailQuery } from '#src/lib/api/shared-queries.ts';
import { passedChildrenQuery } from '#src/lib/session/use-session.ts';
import { childStore } from '#src/stores/child-store.ts';

type Child = Data<'contact_information'>['list'][number];
type Pair = Input<'get_sign_up_fee'>;

/** The child chosen in the header if any, else the first whose age fits the class, else the first. */
export function defaultChild(kids: readonly Child[], selected: number | null, klass: Pick<Data<'class_detail'>, 'min_age' | 'max_age'>): number | null {
  const fits = (c: Child) => c.age !== undefined && c.age >= klass.min_age && c.age <= klass.max_age;
  return (kids.find((c) => c.id === selected) ?? kids.find(fits) ?? kids[0])?.id ?? null;
}

export const signUpFeeQuery = (pair: Pair) => apiQuery('get_sign_up_fee', pair);
// The backend checks both again on sign_up; a failed look-up here must not block the parent.
export const conflictQuery = (pair: Pair) => apiQuery('check_class_time_conflict', pair, { errorHandling: 'log' });
export const cancelCountQuery = (pair: Pair) => apiQuery('cancel_sign_up_count', pair, { errorHandling: 'log' });

export const data: RouteData<'signUp'> = async ({ ask, search: { id } }) => {
  if (id === undefined) return [];
  const [klass, children] = await Promise.all([ask(classDetailQuery(id)), ask(passedChildrenQuery())]);
  const contactId = defaultChild(children.list, childStore().contactId, klass);
  if (contactId === null) return [];
  const pair = { query: { class_id: klass.id, contact_id: contactId } };
  return [ask(signUpFeeQuery(pair)), ask(conflictQuery(pair)), ask(cancelCountQuery(pair))];
};
