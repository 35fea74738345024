/**
 * Who holds a seat of a class (the design brief): an unpaid order within its payment window, a paid or
 * refunding order, and a lottery or interview sign-up that was admitted and has no order yet.
 * Cancelled, closed and refunded orders give their seat back.
 */
import { orderStatus, signUpStatus } from '#contract/index';
import type { MockState } from '../state.ts';

/** Orders that hold a seat and keep a child 'in' a class: unpaid (in its window), paid, refunding. */
export const SEAT_HOLDING_ORDER: ReadonlySet<number> = new Set<number>([orderStatus.values.unpaid, orderStatus.values.paid, orderStatus.values.refunding]);

export function seatsTaken(state: MockState, classId: number): number {
  const orders = state.db.orders.findMany((q) => q.where({ class_id: classId, status: (s) => SEAT_HOLDING_ORDER.has(s) })).length;
  const admitted = state.db.signUps.findMany((q) =>
    q.where({ class_id: classId, status: signUpStatus.values.admitted, order_id: (o) => o === null }),
  ).length;
  return orders + admitted;
}

export function seatsLeft(state: MockState, classId: number): number {
  const klass = state.db.classes.findFirst((q) => q.where({ id: classId }));
  return klass ? Math.max(0, klass.capacity - seatsTaken(state, classId)) : 0;
}
