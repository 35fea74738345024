/**
 * Sample classes for component tests and stories (never imported by the app), typed by the
 * contract. `browsingAnswers` answers every call the home, search and details pages make, with
 * empty lists and one open class, so a test that renders those pages (the shell's too) leaves no
 * call unanswered:
 *
 *   server.use(...Object.entries(browsingAnswers).map(([path, answer]) =>
 *     http.get(chromeUrl(path), ({ params }) => ok(answer(params)))));
 *
 * (This module cannot build the msw handlers itself: app code in src/ may not import src/test/.)
 */
import type { z } from 'zod';
import { admissionKind, classSignUpState, classType, timeOfDay, type operations } from '#contract/index';

type Data<K extends keyof typeof operations> = z.input<(typeof operations)[K]['response']>;
export type SampleCard = Data<'search_by_screening_conditions'>['list'][number];
export type SampleDetail = Data<'class_detail'>;

export function sampleCard(patch: Partial<SampleCard> = {}): SampleCard {
  return {
    id: 3,
    name: '少儿国画启蒙班',
    cover_url: 'class/3.svg',
    center_id: 1,
    center_name: '美术',
    specialty_id: 12,
    specialty_name: '国画',
    admission_kind: admissionKind.values.firstCome,
    class_type: classType.values.regular,
    min_age: 6,
    max_age: 10,
    fee: 1800,
    capacity: 20,
    seats_left: 5,
    term: '2026-2027学年第一学期',
    weekdays: [7],
    time_of_day: timeOfDay.values.afternoon,
    start_time: '14:00',
    end_time: '15:30',
    session_count: 16,
    teacher_name: '王丽',
    sign_up_start_at: '2026-12-01T10:00:00+08:00',
    sign_up_end_at: '2026-12-20T18:00:00+08:00',
    sign_up_state: classSignUpState.values.open,
    ...patch,
  };
}

export function sampleDetail(patch: Partial<SampleDetail> = {}): SampleDetail {
  return {
    ...sampleCard(),
    description: '<p>从笔墨游戏入手，学习<strong>中锋、侧锋</strong>用笔。</p>',
    sign_up_notice: '<p>请如实填写孩子信息，报名后请在支付时限内完成缴费。</p>',
    refund_rule: '开课前可全额退费；开课后按未上课次数退费。',
    address: '西城总部 · 北京市西城区平安里西大街1号',
    classroom: '美术楼201',
    first_session_date: '2027-03-07',
    last_session_date: '2027-06-20',
    pay_window_minutes: 30,
    lottery_at: null,
    interview_at: null,
    teacher_intro: '中国美术家协会会员，从事少儿美术教育十五年。',
    ...patch,
  };
}

export const sampleSessions: Data<'class_detail_datetime_and_classroom'>['list'] = [
  { id: 1, index: 1, date: '2027-03-07', start_time: '14:00', end_time: '15:30', classroom: '美术楼201', address: '北京市西城区平安里西大街1号' },
  { id: 2, index: 2, date: '2027-03-14', start_time: '14:00', end_time: '15:30', classroom: '美术楼202', address: '北京市西城区平安里西大街1号' },
];

export const emptyPage = { list: [], total: 0, page: 1, page_size: 12 };

/** What msw's `ok()` accepts. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every browsing call of the home, search and details pages (msw path → answer data). */
export const browsingAnswers: Record<string, (params: Record<string, unknown>) => Json> = {
  exhibition_banner: () => ({ list: [] }),
  homepage_center: () => ({ list: [] }),
  seckill_class_curriculum: () => ({ list: [] }),
  sign_up_for_upcoming_class: () => ({ list: [] }),
  sign_up_is_coming_to_end: () => ({ list: [] }),
  make_full_appointment_class: () => ({ list: [] }),
  search_by_screening_conditions: () => emptyPage,
  'search_page_specialty/:id': ({ id }) => ({ center: { id: Number(id), name: '美术' }, list: [] }),
  'class_detail/:id': ({ id }) => sampleDetail({ id: Number(id) }),
  'get_major_categories_of_projects/:id': () => ({ center_id: 1, center_name: '美术', specialty_id: 12, specialty_name: '国画' }),
  'class_detail_datetime_and_classroom/:id': () => ({ list: sampleSessions }),
  'judge_whether_collection/:id': () => ({ is_collection: false, collection_id: null }),
  sign_up_list: () => ({ list: [], total: 0, page: 1, page_size: 100 }),
};
