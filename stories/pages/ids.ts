/** Records of a scenario that a page's address names, found as a parent would find them. */
import { orderStatus } from '#contract/index';
import type { Row } from '#fixtures/records';
import type { MockState } from '#mock/core/state';

export function parentOf(mock: MockState, username: string): Row<'parents'> {
  return mock.db.parents.findFirst((q) => q.where({ username }), { strict: true });
}

const mine = <T extends { parent_id: number }>(mock: MockState, username: string, rows: T[]) => {
  const id = parentOf(mock, username).id;
  return rows.filter((row) => row.parent_id === id);
};

/** A class open for sign-up now. */
export const openClass = (mock: MockState): Row<'classes'> => mock.db.classes.all().find((c) => Date.parse(c.sign_up_end_at) > mock.now() && Date.parse(c.sign_up_start_at) < mock.now())!;
export const paidOrder = (mock: MockState, username = 'gaoyan'): Row<'orders'> => mine(mock, username, mock.db.orders.all()).find((o) => o.status === orderStatus.values.paid)!;
export const unpaidOrder = (mock: MockState, username = 'lina'): Row<'orders'> => mine(mock, username, mock.db.orders.all()).find((o) => o.status === orderStatus.values.unpaid)!;
export const refundOf = (mock: MockState, username = 'gaoyan'): Row<'refunds'> => mine(mock, username, mock.db.refunds.all())[0]!;
export const signUpOf = (mock: MockState, username: string): Row<'signUps'> => mine(mock, username, mock.db.signUps.all())[0]!;
