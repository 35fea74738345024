/**
 * Browsing (public: categories, search, class pages, home lists, Q&A, site texts, feedback) and
 * Collections (a parent's collected classes). Classes are shown through views/classes.ts.
 */
import { admissionKind, classSignUpState, collectionType, siteInformationSchema } from '#contract/index';
import { DAY, fromIso } from '#fixtures/time';
import { PAY_WS_PATH } from '../core/config.ts';
import { nextId, type Row } from '../core/db.ts';
import { INVOICE_WINDOW_MS } from '../rules/invoices.ts';
import type { MockState } from '../core/state.ts';
import { seatsTakenByClass } from '../rules/seats.ts';
import { classOrNotFound } from '../rules/classes.ts';
import { presentClassCard, presentClassDetail, type ClassCard } from '../views/classes.ts';
import { PICKER_LIMIT } from './after-sale.ts';
import { defineHandlers, owned, paginate, userOf } from './define.ts';

/** The design brief: an unpaid order holds its seat 30 minutes unless a class says otherwise. */
const DEFAULT_PAY_WINDOW_MINUTES = 30;

/** The home page shows each class list as one row of cards. */
export const HOME_LIST_LIMIT = 8;
/** 'Opening soon' and 'closing soon' on the home page. */
const UPCOMING_WITHIN_MS = 14 * DAY;
const CLOSING_WITHIN_MS = 3 * DAY;

/** The choices table's kind holding the feedback form's problem types. */
const PROBLEM_KIND = 'problem';

const bySortThenId = (a: { sort: number; id: number }, b: { sort: number; id: number }) => a.sort - b.sort || a.id - b.id;
const contains = (text: string, needle: string) => text.toLowerCase().includes(needle.toLowerCase());
/** Answers are HTML: a keyword must match what a parent reads, not the tags. */
const plainText = (html: string) => html.replace(/<[^>]*>/g, '');

function sortedCenters(state: MockState): Row<'centers'>[] {
  return state.db.centers.all().sort(bySortThenId);
}

function specialtiesOf(state: MockState, centerId: number): Row<'specialties'>[] {
  return state.db.specialties.findMany((q) => q.where({ center_id: centerId })).sort(bySortThenId);
}

function site(state: MockState): Row<'site'> {
  const row = state.db.site.all()[0];
  // Every scenario has the site row; without it the world is broken, not the request.
  if (!row) throw new Error('mock world has no site row');
  return row;
}

function allCards(state: MockState): ClassCard[] {
  const taken = seatsTakenByClass(state);
  return state.db.classes.all().map((row) => presentClassCard(state, row, taken));
}

/** Search order: open first, then opening soon (soonest first), then full, then ended. */
const searchRank: Record<ClassCard['sign_up_state'], number> = {
  [classSignUpState.values.open]: 0,
  [classSignUpState.values.notStarted]: 1,
  [classSignUpState.values.full]: 2,
  [classSignUpState.values.ended]: 3,
};

function bySearchOrder(a: ClassCard, b: ClassCard): number {
  const rank = searchRank[a.sign_up_state] - searchRank[b.sign_up_state];
  if (rank !== 0) return rank;
  if (a.sign_up_state === classSignUpState.values.notStarted) {
    const opening = fromIso(a.sign_up_start_at) - fromIso(b.sign_up_start_at);
    if (opening !== 0) return opening;
  }
  return a.id - b.id;
}

/** A home list: the cards that pass, ordered by one of their times (then id), capped. */
function homeList(state: MockState, keep: (card: ClassCard, now: number) => boolean, time: 'sign_up_start_at' | 'sign_up_end_at') {
  const now = state.now();
  const list = allCards(state)
    .filter((card) => keep(card, now))
    .sort((a, b) => fromIso(a[time]) - fromIso(b[time]) || a.id - b.id)
    .slice(0, HOME_LIST_LIMIT);
  return { list };
}

function collectionOf(state: MockState, user: Row<'parents'>, classId: number) {
  return state.db.collections.findFirst((q) => q.where({ parent_id: user.id, class_id: classId }));
}

export const browsingHandlers = defineHandlers({
  class_category: ({ state }) => ({
    class_list: sortedCenters(state).map((center) => ({
      id: center.id,
      name: center.name,
      children: specialtiesOf(state, center.id).map((s) => ({ id: s.id, name: s.name })),
    })),
  }),

  exhibition_banner: ({ state }) => ({
    list: state.db.banners
      .all()
      .sort(bySortThenId)
      .map((b) => ({ id: b.id, title: b.title, image_url: b.image_url, link_url: b.link_url, sort: b.sort })),
  }),

  homepage_center: ({ state }) => ({
    list: sortedCenters(state).map((c) => ({
      id: c.id,
      name: c.name,
      cover_url: c.cover_url,
      description: c.description,
      address: c.address,
      // Counted, not read from the record, so it follows the classes table.
      class_count: state.db.classes.findMany((q) => q.where({ center_id: c.id })).length,
    })),
  }),

  search_page_specialty: ({ state, input, refuse }) => {
    const center = state.db.centers.findFirst((q) => q.where({ id: input.pathParams.id }));
    if (!center) throw refuse('notFound', '分类不存在');
    return {
      center: { id: center.id, name: center.name },
      list: specialtiesOf(state, center.id).map((s) => ({ id: s.id, name: s.name })),
    };
  },

  search_by_screening_conditions: ({ state, input }) => {
    const q = input.query;
    const rows = allCards(state)
      .filter(
        (c) =>
          (!q.name || [c.name, c.specialty_name, c.center_name].some((text) => contains(text, q.name!))) &&
          (q.center === undefined || c.center_id === q.center) &&
          // A specialty of another center (a stale link) thus finds nothing rather than failing.
          (q.specialty === undefined || c.specialty_id === q.specialty) &&
          (q.age === undefined || (c.min_age <= q.age && q.age <= c.max_age)) &&
          (q.weekday === undefined || c.weekdays.includes(q.weekday)) &&
          (q.time_of_day === undefined || c.time_of_day === q.time_of_day) &&
          (q.admission_kind === undefined || c.admission_kind === q.admission_kind) &&
          (q.fee_min === undefined || c.fee >= q.fee_min) &&
          (q.fee_max === undefined || c.fee <= q.fee_max) &&
          // open already means seats are left (see signUpStateOf)
          (!q.available || c.sign_up_state === classSignUpState.values.open),
      )
      .sort(bySearchOrder);
    return paginate(rows, q);
  },

  class_detail: ({ state, input, refuse }) => presentClassDetail(state, classOrNotFound(state, input.pathParams.id, refuse)),

  get_major_categories_of_projects: ({ state, input, refuse }) => {
    const card = presentClassCard(state, classOrNotFound(state, input.pathParams.id, refuse));
    return { center_id: card.center_id, center_name: card.center_name, specialty_id: card.specialty_id, specialty_name: card.specialty_name };
  },

  class_detail_datetime_and_classroom: ({ state, input, refuse }) => {
    const klass = classOrNotFound(state, input.pathParams.id, refuse);
    return {
      list: state.db.classSessions
        .findMany((q) => q.where({ class_id: klass.id }))
        .sort((a, b) => a.index - b.index)
        .map((s) => ({ id: s.id, index: s.index, date: s.date, start_time: s.start_time, end_time: s.end_time, classroom: s.classroom, address: s.address })),
    };
  },

  // The schema keeps the public fields and drops the record's private ones (contact_us texts, oss).
  site_information: ({ state }) => siteInformationSchema.parse(site(state)),

  // Not ended: the ones still to open (countdown) and the ones open now.
  seckill_class_curriculum: ({ state }) => homeList(state, (c, now) => c.admission_kind === admissionKind.values.seckill && now < fromIso(c.sign_up_end_at), 'sign_up_start_at'),

  sign_up_for_upcoming_class: ({ state }) =>
    homeList(state, (c, now) => c.sign_up_state === classSignUpState.values.notStarted && fromIso(c.sign_up_start_at) <= now + UPCOMING_WITHIN_MS, 'sign_up_start_at'),

  sign_up_is_coming_to_end: ({ state }) => homeList(state, (c, now) => c.sign_up_state === classSignUpState.values.open && fromIso(c.sign_up_end_at) <= now + CLOSING_WITHIN_MS, 'sign_up_end_at'),

  make_full_appointment_class: ({ state }) => homeList(state, (c, now) => c.seats_left === 0 && now < fromIso(c.sign_up_end_at), 'sign_up_end_at'),

  parents_questions_and_answers: ({ state, input }) => {
    const keyword = input.query.keyword;
    const rows = state.db.faqs
      .all()
      .filter((f) => !keyword || contains(f.question, keyword) || contains(plainText(f.answer), keyword))
      .sort(bySortThenId)
      .map((f) => ({ id: f.id, question: f.question, answer: f.answer, category: f.category }));
    return paginate(rows, input.query);
  },

  contact_us: ({ state }) => {
    const s = site(state);
    return { phone: s.phone, email: s.contact_email, address: s.address, work_hours: s.work_hours, content: s.contact_us_content };
  },

  get_all_org: ({ state }) => ({
    list: state.db.orgs
      .all()
      .sort((a, b) => a.id - b.id)
      .map((o) => ({ id: o.id, name: o.name, address: o.address, phone: o.phone, traffic: o.traffic })),
  }),

  global_config: ({ state }) => {
    const s = site(state);
    return {
      pay_ws_url: PAY_WS_PATH,
      // The rules' own numbers, so what the app tells parents is what the mock enforces.
      pay_window_minutes: DEFAULT_PAY_WINDOW_MINUTES,
      invoice_window_days: INVOICE_WINDOW_MS / DAY,
      max_pickers_per_child: PICKER_LIMIT,
      service_phone: s.phone,
      term: s.term,
    };
  },

  feedback_get_problem_type: ({ state }) => ({
    list: state.db.choices
      .findMany((q) => q.where({ kind: PROBLEM_KIND }))
      .sort((a, b) => a.sort - b.sort || a.value - b.value)
      .map((c) => ({ value: c.value, label: c.label })),
  }),

  opinion_feedback: async ({ state, input, user, refuse }) => {
    const body = input.body;
    const known = state.db.choices.findFirst((q) => q.where({ kind: PROBLEM_KIND, value: body.problem_type }));
    if (!known) throw refuse('invalidRequest', 'problem_type：问题类型不存在，请重新选择');
    await state.db.feedback.create({
      id: nextId(state.db.feedback.all()),
      parent_id: user?.id ?? null,
      problem_type: body.problem_type,
      content: body.content,
      contact_name: body.contact_name ?? null,
      contact_phone: body.contact_phone ?? null,
      contact_mailbox: body.contact_mailbox ?? null,
      images: body.images ?? [],
      created_at: state.nowIso(),
    });
    return null;
  },

  get_front_content: ({ state, input, refuse }) => {
    const row = state.db.contents.findFirst((q) => q.where({ module: input.query.module }));
    if (!row) throw refuse('notFound', '内容不存在');
    return { module: row.module, title: row.title, content: row.content, updated_at: row.updated_at };
  },

  // Collections

  add_my_collection: async (ctx) => {
    const { state, input } = ctx;
    const user = userOf(ctx);
    const klass = classOrNotFound(state, input.body.class_id, ctx.refuse);
    // One collection per class: judge_whether_collection asks by class alone.
    if (collectionOf(state, user, klass.id)) throw ctx.refuse('alreadyCollected');
    const id = nextId(state.db.collections.all());
    await state.db.collections.create({ id, parent_id: user.id, class_id: klass.id, type: input.body.type, created_at: state.nowIso() });
    return { id };
  },

  judge_whether_collection: (ctx) => {
    const klass = classOrNotFound(ctx.state, ctx.input.pathParams.id, ctx.refuse);
    const row = collectionOf(ctx.state, userOf(ctx), klass.id);
    return { is_collection: row !== undefined, collection_id: row?.id ?? null };
  },

  get_collection_type: () => ({ list: collectionType.options }),

  get_my_collection: (ctx) => {
    const { state, input } = ctx;
    const user = userOf(ctx);
    const rows = state.db.collections
      .findMany((q) => q.where({ parent_id: user.id, type: input.pathParams.type }))
      .sort((a, b) => fromIso(b.created_at) - fromIso(a.created_at) || b.id - a.id)
      .flatMap((c) => {
        // A class taken off the catalogue leaves no card to show.
        const klass = state.db.classes.findFirst((q) => q.where({ id: c.class_id }));
        return klass ? [{ id: c.id, type: input.pathParams.type, created_at: c.created_at, class: presentClassCard(state, klass) }] : [];
      });
    return paginate(rows, input.query);
  },

  delete_my_collection: (ctx) => {
    const row = ctx.state.db.collections.findFirst((q) => q.where({ id: ctx.input.pathParams.id }));
    owned(row, userOf(ctx), '收藏', ctx.refuse);
    ctx.state.db.collections.delete((q) => q.where({ id: ctx.input.pathParams.id }));
    return null;
  },
});
