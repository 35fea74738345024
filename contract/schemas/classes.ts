/** Classes as the browsing, collection and order calls show them. */
import { z } from '../zod.ts';
import { assumed, assumedObject } from '../core.ts';
import { admissionKind, classSignUpState, classType, timeOfDay, weekday } from '../enums.ts';
import { clock, date, dateTime, fileUrl, id, money } from './common.ts';

/** Spec §3: a specialty is a child of a class category (id, name). */
export const specialtySchema = z.object({ id, name: z.string() });

/** Spec §3: class categories; the response field is class_list. */
export const classCategorySchema = z.object({
  id,
  name: z.string(),
  children: z.array(specialtySchema),
});

/** A class as cards and lists show it (search results, home sections, collections). */
export const classCardSchema = assumedObject({
  id,
  name: z.string(),
  cover_url: fileUrl,
  center_id: id,
  center_name: z.string(),
  specialty_id: id,
  specialty_name: z.string(),
  admission_kind: admissionKind.schema,
  class_type: classType.schema,
  min_age: z.number().int().nonnegative(),
  max_age: z.number().int().nonnegative(),
  fee: money,
  capacity: z.number().int().positive(),
  seats_left: z.number().int().nonnegative(),
  term: z.string().meta({ description: 'e.g. 2026-2027学年第一学期' }),
  weekdays: z.array(weekday.schema),
  time_of_day: timeOfDay.schema,
  start_time: clock,
  end_time: clock,
  session_count: z.number().int().positive(),
  teacher_name: z.string(),
  sign_up_start_at: dateTime.meta({ description: 'the opening time; for 秒杀 the moment sign-up opens' }),
  sign_up_end_at: dateTime,
  sign_up_state: classSignUpState.schema,
});

/** One lesson of a class. */
export const classSessionSchema = assumedObject({
  id,
  index: z.number().int().positive().meta({ description: '第几次课, from 1' }),
  date,
  start_time: clock,
  end_time: clock,
  classroom: z.string(),
  address: z.string(),
});

export const classDetailSchema = assumed(
  classCardSchema.extend({
    description: assumed(z.string(), 'rich text (HTML)'),
    sign_up_notice: assumed(z.string(), 'the rules a parent agrees to, rich text (HTML)'),
    refund_rule: assumed(z.string(), 'plain text'),
    address: assumed(z.string()),
    classroom: assumed(z.string()),
    first_session_date: assumed(date),
    last_session_date: assumed(date),
    pay_window_minutes: assumed(z.number().int().positive(), 'how long an unpaid order holds its seat'),
    lottery_at: assumed(dateTime.nullable(), '摇号 draw time for lottery classes'),
    interview_at: assumed(dateTime.nullable(), 'interview time for interview classes'),
    teacher_intro: assumed(z.string().nullable()),
  }),
);
