/** Service tickets of the (mocked) account service: single use, valid five minutes. */
import { fromIso, MINUTE } from '#fixtures/time';
import type { Row } from '../core/db.ts';
import type { MockState } from '../core/state.ts';

export const TICKET_TTL_MS = 5 * MINUTE;

export async function issueTicket(state: MockState, username: string): Promise<string | null> {
  const parent = state.db.parents.findFirst((q) => q.where({ username }));
  if (!parent) return null;
  const ticket = `ST-${state.db.tickets.count() + 1}-${parent.id}-${state.now().toString(36)}`;
  await state.db.tickets.create({ ticket, user_id: parent.id, created_at: state.nowIso(), used: false });
  return ticket;
}

/** Takes a ticket for good; null when unknown, used or expired. */
export async function redeemTicket(state: MockState, ticket: string): Promise<Row<'tickets'> | null> {
  const row = state.db.tickets.findFirst((q) => q.where({ ticket }));
  if (!row || row.used || fromIso(row.created_at) + TICKET_TTL_MS < state.now()) return null;
  return (await state.db.tickets.update(row, { data: (t) => void (t.used = true) })) ?? null;
}
