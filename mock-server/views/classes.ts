/**
 * Class rows as the contract shows them. A class record keeps neither its seats left, its
 * sign-up state nor its center/specialty names: they change with orders, the clock and renames,
 * so they are worked out here each time a class is shown.
 *
 *   presentClassCard(state, row)    the card of lists, search results and collections
 *   presentClassDetail(state, row)  class_detail's answer
 *
 * The sign-up window and the class an id names are rules (../rules/classes.ts).
 */
import type { z } from 'zod';
import type { classCardSchema, classDetailSchema } from '#contract/index';
import type { Row } from '../core/db.ts';
import { signUpStateOf } from '../rules/classes.ts';
import { seatsLeft } from '../rules/seats.ts';
import type { MockState } from '../core/state.ts';
import { toFen } from '#fixtures/rules';

export type ClassCard = z.output<typeof classCardSchema>;
export type ClassDetail = z.output<typeof classDetailSchema>;

/** A class's card; `taken` (seatsTakenByClass) when presenting many cards at once. */
export function presentClassCard(state: MockState, row: Row<'classes'>, taken?: ReadonlyMap<number, number>): ClassCard {
  const seats = seatsLeft(state, row.id, taken);
  // Fields are listed one by one: the adapter sends what a handler returns, and a spread row
  // would leak the record's private fields (created_at, description …) into every card.
  return {
    id: row.id,
    name: row.name,
    cover_url: row.cover_url,
    center_id: row.center_id,
    center_name: state.db.centers.all().find((center) => center.id === row.center_id)?.name ?? '',
    specialty_id: row.specialty_id,
    specialty_name: state.db.specialties.all().find((specialty) => specialty.id === row.specialty_id)?.name ?? '',
    admission_kind: row.admission_kind,
    class_type: row.class_type,
    min_age: row.min_age,
    max_age: row.max_age,
    fee: toFen(row.fee),
    capacity: row.capacity,
    seats_left: seats,
    term: row.term,
    weekdays: [...row.weekdays],
    time_of_day: row.time_of_day,
    start_time: row.start_time,
    end_time: row.end_time,
    session_count: row.session_count,
    teacher_name: row.teacher_name,
    sign_up_start_at: row.sign_up_start_at,
    sign_up_end_at: row.sign_up_end_at,
    sign_up_state: signUpStateOf(row, seats, state.now()),
  };
}

export function presentClassDetail(state: MockState, row: Row<'classes'>): ClassDetail {
  return {
    ...presentClassCard(state, row),
    description: row.description,
    sign_up_notice: row.sign_up_notice,
    refund_rule: row.refund_rule,
    address: row.address,
    classroom: row.classroom,
    first_session_date: row.first_session_date,
    last_session_date: row.last_session_date,
    pay_window_minutes: row.pay_window_minutes,
    lottery_at: row.lottery_at,
    interview_at: row.interview_at,
    teacher_intro: row.teacher_intro,
  };
}
