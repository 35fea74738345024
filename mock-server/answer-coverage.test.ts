/**
 * The contract keeps the mock honest: every field an answer declares, optional and nullable ones
 * included, with the items of every list and each option of every union, is produced by the mock
 * at least once across the named scenarios. A field the mock never sends passes tsc and every
 * parse (it may be absent), so no test of the app has seen it either; here it fails.
 *
 * How the answers are gathered: each scenario is built (a few tens of ms each), its parent (every
 * parent, in default) is signed in, and every GET of the contract is sent straight to the mock's dispatcher (no HTTP,
 * no msw) for every id the parent or the catalogue has; then a few journeys of writes (JOURNEYS)
 * reach what no scenario holds (a failed payment, a paid supplementary fee, an activity's refund)
 * and read again. What the answers carried is gathered per operation and compared with what the
 * contract declares (answer-coverage.ts). A field required at every level from the answer's root
 * is in every successful answer (the adapter refuses one without it), so what is checked here is
 * each field that may be absent, and that its operation answered with success at least once.
 */
import { describe, expect, it } from 'vitest';
import {
  API_BASE_PATH,
  AUTH_HEADER,
  CLIENT_ID_HEADER,
  SUCCESS_CODE,
  admissionKind,
  buildPath,
  classType,
  credentialType,
  operationList,
  operations,
  orderStatus,
  payType,
  supplyFeeStatus,
  type Operation,
  type OperationId,
} from '#contract/index';
import { encodeQuery } from '#contract/wire';
import { z } from '#contract/zod';
import { scenarioList, scenarioNames, type ScenarioName } from '#fixtures/scenario-list';
import { createDispatcher } from './core/adapter.ts';
import { declaredFields, producedFields } from './answer-coverage.ts';
import type { Row } from './core/db.ts';
import { handlers } from './handlers/index.ts';
import { settleTrade } from './rules/payments.ts';
import { issueTicket } from './rules/tickets.ts';
import { createMockState } from './control/setup.ts';
import { openSession } from './testing.ts';
import type { MockState } from './core/state.ts';

type Parts = { pathParams?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type Call = (id: OperationId, parts?: Parts) => Promise<{ ok: boolean; data: unknown; msg: string }>;

/** Fields each operation's answers carried, over every scenario. */
const produced = new Map<OperationId, Set<string>>();
/** Operations that answered with success at least once. */
const answered = new Set<OperationId>();

/** A caller of one mock's dispatcher, as a parent (credentials) or a visitor. */
function caller(state: MockState, credentials: { clientId: string; accessToken: string } | null): Call {
  const dispatch = createDispatcher(state, handlers, { strict: true });
  return async (id, parts = {}) => {
    const op = operations[id] as Operation;
    const search = encodeQuery(parts.query).toString();
    const headers = new Headers();
    if (credentials) {
      headers.set(CLIENT_ID_HEADER, credentials.clientId);
      headers.set(AUTH_HEADER, credentials.accessToken);
    }
    const body = parts.body === undefined ? '' : JSON.stringify(parts.body);
    if (body) headers.set('content-type', 'application/json');
    const answer = await dispatch({
      method: op.method,
      url: `http://mock.test${API_BASE_PATH}${buildPath(op.path, parts.pathParams)}${search ? `?${search}` : ''}`,
      headers,
      text: async () => body,
      formData: async () => new FormData(),
    });
    const envelope = JSON.parse(answer!.body) as { error_code: number; msg: string; data: unknown };
    const ok = envelope.error_code === SUCCESS_CODE;
    if (ok) {
      answered.add(id);
      let fields = produced.get(id);
      if (!fields) produced.set(id, (fields = new Set()));
      producedFields(op.response as z.ZodType, envelope.data, fields);
    }
    return { ok, data: envelope.data, msg: envelope.msg };
  };
}

const ALL = { page: 1, page_size: 100 };

/** Every GET a visitor can send, for every id of the catalogue. */
async function visitorReads(state: MockState, call: Call) {
  for (const id of [
    'class_category',
    'exhibition_banner',
    'homepage_center',
    'site_information',
    'seckill_class_curriculum',
    'sign_up_for_upcoming_class',
    'sign_up_is_coming_to_end',
    'make_full_appointment_class',
    'contact_us',
    'get_all_org',
    'global_config',
    'feedback_get_problem_type',
    'oss_base_url',
    'send_sms_get',
    'get_collection_type',
    'pay_type_choose',
    'grade_type_enum_choose',
    'invoice_title_enum_type_choose',
  ] as const)
    await call(id);
  await call('parents_questions_and_answers', { query: ALL });
  await call('search_by_screening_conditions', { query: ALL });
  for (const module of new Set(state.db.contents.all().map((c) => c.module))) await call('get_front_content', { query: { module } });
  for (const center of state.db.centers.all()) await call('search_page_specialty', { pathParams: { id: center.id } });
  for (const klass of state.db.classes.all()) {
    for (const id of ['class_detail', 'get_major_categories_of_projects', 'class_detail_datetime_and_classroom'] as const) await call(id, { pathParams: { id: klass.id } });
  }
}

/**
 * Every GET a signed-in parent can send, for every id of theirs. `everyClass`: also what the
 * sign-up page asks for each class and child (the scenario's own parent: the background families
 * are many, and ask the same).
 */
async function parentReads(state: MockState, parent: Row<'parents'>, call: Call, everyClass: boolean) {
  const mine = <T extends { parent_id: number | null }>(rows: T[]) => rows.filter((row) => row.parent_id === parent.id);
  for (const id of [
    'real_name_auth',
    'real_name_authentication_get',
    'personal_data',
    'change_password_get',
    'see_phone_num',
    'check_mailbox',
    'get_register_user_auth_info',
    'system_message_is_see_num',
    'verify_old_mailbox_get',
  ] as const)
    await call(id);
  for (const id of ['sign_up_list', 'order_list', 'my_supply_fee_list', 'my_refund_list', 'contact_information', 'system_message_list'] as const) await call(id, { query: ALL });
  await call('my_class', { query: ALL });
  await call('my_class', { query: { ...ALL, finished: true } });
  await call('get_mail_info', { pathParams: { id: parent.id } });
  const types = (await call('get_collection_type')).data as { list: { value: number }[] };
  for (const { value } of types.list) await call('get_my_collection', { pathParams: { type: value }, query: ALL });
  const collected = new Set(mine(state.db.collections.all()).map((c) => c.class_id));
  for (const klass of state.db.classes.all()) if (everyClass || collected.has(klass.id)) await call('judge_whether_collection', { pathParams: { id: klass.id } });
  const contacts = mine(state.db.contacts.all()).filter((c) => !c.deleted);
  for (const contact of contacts) {
    await call('detail_contact_information', { pathParams: { id: contact.id } });
    await call('get_access_control_info', { pathParams: { id: contact.id } });
    await call('specific_order_list', { query: { ...ALL, contact_id: contact.id } });
    if (!everyClass) continue;
    for (const klass of state.db.classes.all()) {
      const query = { class_id: klass.id, contact_id: contact.id };
      for (const id of ['get_sign_up_fee', 'check_class_time_conflict', 'cancel_sign_up_count'] as const) await call(id, { query });
    }
  }
  for (const signUp of mine(state.db.signUps.all())) await call('sign_up_get', { pathParams: { id: signUp.id } });
  for (const order of mine(state.db.orders.all())) {
    for (const id of ['order_detail', 'query_order_pay_status', 'preview_refund_fee', 'refund_remain_query', 'activity_preview_refund_fee', 'query_invoice_detail'] as const) {
      await call(id, { pathParams: { id: order.id } });
    }
  }
  for (const trade of mine(state.db.trades.all())) {
    if (trade.order_id !== null) await call('get_pay_status', { query: { trade_no: trade.trade_no, order_id: trade.order_id } });
    if (trade.supply_fee_id !== null) await call('query_supply_fee_pay_status', { query: { trade_no: trade.trade_no, supply_fee_id: trade.supply_fee_id } });
  }
  for (const fee of mine(state.db.supplyFees.all())) await call('supply_fee_detail', { pathParams: { id: fee.id } });
  for (const refund of mine(state.db.refunds.all())) {
    await call('refund_detail', { pathParams: { id: refund.id } });
    await call('activity_refund_detail', { pathParams: { id: refund.id } });
  }
  // Last: reading a message marks it read.
  for (const message of mine(state.db.messages.all())) await call('system_message_detail', { pathParams: { id: message.id } });
}

/** Succeeds, or fails the test with the mock's refusal (a journey that cannot go on proves nothing). */
async function must(call: Call, id: OperationId, parts?: Parts): Promise<Record<string, unknown>> {
  const answer = await call(id, parts);
  if (!answer.ok) throw new Error(`${id} refused: ${answer.msg}`);
  return answer.data as Record<string, unknown>;
}

/**
 * Writes that lead where no scenario is (the mock's clock and payments take them there), each on
 * the scenario whose main parent can take it, as that parent; the parent's reads run again after.
 */
const JOURNEYS: Partial<Record<ScenarioName, (state: MockState, call: Call) => Promise<void>>> = {
  // A passport waits for a person: the application as it is answered.
  'new-parent': async (_, call) => {
    await must(call, 'real_name_authentication_post', { body: { real_name: '刘欣', credential_type: credentialType.values.passport, id_number: 'E12345678' } });
  },
  // A child signs up for an activity, is paid for, and the parent asks for the activity's refund.
  family: async (state, call) => {
    const activity = state.db.classes
      .all()
      .find(
        (c) =>
          c.class_type === classType.values.activity &&
          c.admission_kind === admissionKind.values.firstCome &&
          Date.parse(c.sign_up_start_at) <= state.now() &&
          state.now() < Date.parse(c.sign_up_end_at),
      )!;
    const child = state.db.contacts
      .all()
      .find(
        (c) =>
          c.parent_id === state.db.parents.findFirst((q) => q.where({ username: 'zhangwei' }), { strict: true }).id &&
          activity.min_age <= ageOf(c.birth_date, state) &&
          ageOf(c.birth_date, state) <= activity.max_age,
      )!;
    const signUp = await must(call, 'sign_up_post', { body: { class_id: activity.id, contact_id: child.id, agree_rules: true } });
    const order = await must(call, 'place_order', { body: { sign_up_id: signUp.id } });
    const trade = await must(call, 'pay_sign_up', { body: { order_id: order.order_id, pay_type: payType.values.wechat } });
    await settleTrade(state, trade.trade_no as string, 'success');
    await must(call, 'activity_apply_refund', { pathParams: { id: order.order_id }, body: { reason: '孩子临时有事，无法参加' } });
    // A sign-up whose result comes later (a lottery or an interview): the first one that takes.
    const children = state.db.contacts.all().filter((c) => c.parent_id === child.parent_id);
    const later = state.db.classes.all().filter((c) => c.admission_kind === admissionKind.values.lottery || c.admission_kind === admissionKind.values.interview);
    let taken = false;
    for (const klass of later) for (const kid of children) if (!taken) taken = (await call('sign_up_post', { body: { class_id: klass.id, contact_id: kid.id, agree_rules: true } })).ok;
    expect(taken, 'a lottery or interview sign-up').toBe(true);
  },
  // A payment that does not go through.
  'unpaid-order': async (state, call) => {
    const order = state.db.orders.all().find((o) => o.status === orderStatus.values.unpaid && o.parent_id === state.db.parents.findFirst((q) => q.where({ username: 'lina' }), { strict: true }).id)!;
    const trade = await must(call, 'pay_sign_up', { body: { order_id: order.id, pay_type: payType.values.alipay } });
    await settleTrade(state, trade.trade_no as string, 'fail');
  },
  // A supplementary fee whose first payment fails and the second goes through.
  'supply-fee': async (state, call) => {
    const fee = state.db.supplyFees.all().find((row) => row.status === supplyFeeStatus.values.unpaid)!;
    for (const outcome of ['fail', 'success'] as const) {
      const trade = await must(call, 'pay_supply_fee', { body: { supply_fee_id: fee.id, pay_type: payType.values.wechat } });
      await settleTrade(state, trade.trade_no as string, outcome);
    }
  },
};

const ageOf = (birthDate: string, state: MockState) => Math.floor((state.now() - Date.parse(`${birthDate}T00:00:00+08:00`)) / (365.25 * 24 * 3600_000));

async function readScenario(scenario: ScenarioName) {
  const state = await createMockState({ scenario });
  await visitorReads(state, caller(state, null));
  const main = scenarioList[scenario].mainParent;
  // Every parent in default (it holds every persona and the background families, which are the
  // same in every scenario); elsewhere the scenario's own parent.
  const parents = state.db.parents.all().filter((p) => scenario === 'default' || p.username === main);
  for (const parent of parents) await parentReads(state, parent, caller(state, await openSession(state, parent.id)), parent.username === main);
  // The sign-in itself: st_validate's fields beyond SPEC.md's two are optional (decision 073).
  if (main) await must(caller(state, null), 'st_validate', { body: { st: (await issueTicket(state, main))!, is_small_app: true } });
  const journey = JOURNEYS[scenario];
  if (!journey || !main) return;
  const parent = state.db.parents.findFirst((q) => q.where({ username: main }), { strict: true });
  const call = caller(state, await openSession(state, parent.id));
  await journey(state, call);
  await parentReads(state, parent, call, false);
}

/**
 * Fields that cannot occur in the answer of that operation, whatever the mock holds (each with
 * why). Nothing else may be left unproduced: make the mock produce it (a scenario, a journey).
 */
const CANNOT_OCCUR: Record<string, string> = {
  'sign_up_post: data.order_id': 'a sign-up has no order yet: place_order makes one (sign_up_get reads it)',
  // A new application clears the previous refusal's reason (spec: 重新提交); it is read with the GET.
  'real_name_authentication_post: data.reject_reason': 'an application just sent has not been refused',
};

/** What the contract declares and the answers never carried, as `operation: field` lines. */
function unproduced(): string[] {
  const missing: string[] = [];
  for (const op of operationList) {
    const id = op.id as OperationId;
    const open = declaredFields(op.response as z.ZodType).filter((field) => field.mayBeAbsent);
    if (open.length === 0) continue;
    if (!answered.has(id)) {
      missing.push(`${id}: never answered with success`);
      continue;
    }
    const seen = produced.get(id)!;
    for (const { path } of open) if (!seen.has(path) && !(`${id}: ${path}` in CANNOT_OCCUR)) missing.push(`${id}: ${path}`);
  }
  return missing;
}

describe('the mock produces every field the contract declares', () => {
  it('in some answer of some scenario, optional and nullable ones included', { timeout: 60_000 }, async () => {
    for (const scenario of scenarioNames) await readScenario(scenario);
    expect(unproduced(), 'declared in the contract, never produced by the mock').toEqual([]);
    // The allow-list names only fields the contract declares.
    for (const entry of Object.keys(CANNOT_OCCUR)) {
      const [id, path] = entry.split(': ') as [OperationId, string];
      expect(
        declaredFields(operations[id].response as z.ZodType).map((f) => f.path),
        entry,
      ).toContain(path);
    }
  });
});

describe('declaredFields and producedFields', () => {
  const schema = z.object({
    id: z.number(),
    note: z.string().optional(),
    mail: z.object({ city: z.string() }).nullable(),
    list: z.array(z.object({ price: z.string(), tag: z.string().nullable() })),
  });

  it('name every field, and which may be absent', () => {
    expect(declaredFields(schema)).toEqual([
      { path: 'data.id', mayBeAbsent: false },
      { path: 'data.note', mayBeAbsent: true },
      { path: 'data.mail', mayBeAbsent: true },
      { path: 'data.mail.city', mayBeAbsent: true },
      { path: 'data.list', mayBeAbsent: false },
      { path: 'data.list[]', mayBeAbsent: true },
      { path: 'data.list[].price', mayBeAbsent: true },
      { path: 'data.list[].tag', mayBeAbsent: true },
    ]);
  });

  it('find an optional field, a null object and an empty list never produced', () => {
    const seen = new Set<string>();
    producedFields(schema, { id: 1, mail: null, list: [] }, seen);
    producedFields(schema, { id: 2, mail: null, list: [{ price: '1.00', tag: null }] }, seen);
    const missing = declaredFields(schema)
      .filter((f) => !seen.has(f.path))
      .map((f) => f.path);
    expect(missing).toEqual(['data.note', 'data.mail', 'data.mail.city', 'data.list[].tag']);
  });
});
