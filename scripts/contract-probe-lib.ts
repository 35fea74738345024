/**
 * The contract probe: calls a backend's read-only operations and checks every answer strictly
 * against the contract, to tell the team where a real backend and the contract differ.
 *
 * Strict means more than the app's parsing (which strips unknown fields and stops at the first
 * problem): every field the contract does not know, every field it requires that is missing,
 * every value of the wrong type, an error code the catalogue does not list, a broken envelope.
 * Each drift names its field path and whether the contract marks that field as the project's own
 * assumption (then the contract should follow the backend; otherwise one side has a bug).
 */
import { errorCodes, operations, type Operation, type OperationId } from '#contract/index';
import { z } from '#contract/zod';

export interface Drift {
  path: string;
  problem: string;
  /** The field, or an object around it, is marked x-assumption (spec: 'fields not shown'). */
  assumed: boolean;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isAssumed = (schema: z.ZodType) => z.globalRegistry.get(schema)?.['x-assumption'] === true;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Every difference between `value` and `schema`, walking objects and arrays (the first three
 * items of each), trying each option of a union and keeping the closest.
 */
export function strictDiff(schema: z.ZodType, value: unknown, path = 'data', assumed = false): Drift[] {
  const here = assumed || isAssumed(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return value === undefined ? [] : strictDiff(def.innerType as z.ZodType, value, path, here);
    case 'nullable':
      return value === null ? [] : strictDiff(def.innerType as z.ZodType, value, path, here);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return strictDiff(def.innerType as z.ZodType, value, path, here);
    case 'pipe': {
      // A codec or a refinement: the wire side is `in`; the whole decides if it is acceptable.
      const inner = strictDiff(def.in as z.ZodType, value, path, here);
      if (inner.length > 0) return inner;
      const whole = schema.safeParse(value);
      return whole.success ? [] : [{ path, problem: whole.error.issues[0]?.message ?? 'invalid', assumed: here }];
    }
    case 'object': {
      if (typeName(value) !== 'object') return [{ path, problem: `expected object, got ${typeName(value)}`, assumed: here }];
      const shape = def.shape as Record<string, z.ZodType>;
      const record = value as Record<string, unknown>;
      const drifts: Drift[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const fieldPath = `${path}.${key}`;
        if (!(key in record)) {
          if (!field.safeParse(undefined).success) drifts.push({ path: fieldPath, problem: 'missing', assumed: here || isAssumed(field) });
          continue;
        }
        drifts.push(...strictDiff(field, record[key], fieldPath, here));
      }
      for (const key of Object.keys(record)) if (!(key in shape)) drifts.push({ path: `${path}.${key}`, problem: 'unknown field', assumed: here });
      return drifts;
    }
    case 'array': {
      if (!Array.isArray(value)) return [{ path, problem: `expected array, got ${typeName(value)}`, assumed: here }];
      return value.slice(0, 3).flatMap((item, i) => strictDiff(def.element as z.ZodType, item, `${path}[${i}]`, here));
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      let best: Drift[] | null = null;
      for (const option of options) {
        const drifts = strictDiff(option, value, path, here);
        if (drifts.length === 0) return [];
        if (best === null || drifts.length < best.length) best = drifts;
      }
      return best ?? [];
    }
    default: {
      const result = schema.safeParse(value);
      if (result.success) return [];
      const issue = result.error.issues[0];
      const problem = issue?.code === 'invalid_type' ? `expected ${issue.expected}, got ${typeName(value)}` : (issue?.message ?? 'invalid');
      return [{ path, problem, assumed: here }];
    }
  }
}

const knownCodes = new Set(Object.values(errorCodes).map((e) => e.code));

/** The envelope, then the data of a success against the operation's response. */
export function checkAnswer(op: Operation, status: number, body: unknown): { ok: boolean; code: number | null; drifts: Drift[] } {
  if (typeName(body) !== 'object') return { ok: false, code: null, drifts: [{ path: '(body)', problem: `not a JSON envelope (HTTP ${status})`, assumed: false }] };
  const envelope = body as Record<string, unknown>;
  const drifts: Drift[] = [];
  if (typeof envelope.error_code !== 'number') drifts.push({ path: 'error_code', problem: `expected number, got ${typeName(envelope.error_code)}`, assumed: false });
  if (typeof envelope.msg !== 'string') drifts.push({ path: 'msg', problem: `expected string, got ${typeName(envelope.msg)}`, assumed: false });
  if (!('data' in envelope)) drifts.push({ path: 'data', problem: 'missing', assumed: false });
  for (const key of Object.keys(envelope)) if (!['error_code', 'msg', 'data'].includes(key)) drifts.push({ path: key, problem: 'unknown envelope field', assumed: false });
  const code = typeof envelope.error_code === 'number' ? envelope.error_code : null;
  if (code !== null && !knownCodes.has(code)) drifts.push({ path: 'error_code', problem: `unknown error code ${code}`, assumed: false });
  const success = code === errorCodes.success.code;
  if (success) drifts.push(...strictDiff(op.response as z.ZodType, envelope.data));
  return { ok: success, code, drifts };
}

// ---------------------------------------------------------------------------------------------
// What to call, and with what

/** Values harvested from answers, by kind, to follow into the calls that need them. */
export type Harvest = Map<string, unknown[]>;

/** A constant, or values of a kind harvested earlier (`field`: one field of a harvested object). */
export type From = { kind: string; field?: string } | { value: string | number | boolean };
export interface ProbeStep {
  id: OperationId;
  pathParams?: Record<string, From>;
  query?: Record<string, From>;
  /** Kinds this answer yields: kind → a function picking values out of `data`. */
  yields?: Record<string, (data: never) => unknown[]>;
}

type ListOf<T> = { list: T[] };
const ids = (data: ListOf<{ id: number }>) => data.list.map((row) => row.id);
const kind = (name: string): From => ({ kind: name });

/**
 * Read-only GETs whose answers change the backend: the probe leaves them out unless writes are
 * allowed (send_sms issues an image code, verify_old_mailbox mails a code, a message's detail
 * marks it read).
 */
export const GETS_THAT_WRITE: ReadonlySet<string> = new Set(['send_sms_get', 'verify_old_mailbox_get', 'system_message_detail']);

/**
 * The probe's plan: every GET of the contract, in an order where lists come before the details
 * they lead to. `plan.test` checks it names every GET operation exactly once.
 */
export const plan: ProbeStep[] = [
  // -- needs nothing
  ...(
    [
      'oss_base_url', 'grade_type_enum_choose', 'exhibition_banner', 'homepage_center', 'site_information', 'seckill_class_curriculum',
      'sign_up_for_upcoming_class', 'sign_up_is_coming_to_end', 'make_full_appointment_class', 'parents_questions_and_answers',
      'contact_us', 'get_all_org', 'global_config', 'feedback_get_problem_type', 'pay_type_choose', 'invoice_title_enum_type_choose',
      'real_name_auth', 'real_name_authentication_get', 'change_password_get', 'see_phone_num', 'check_mailbox',
      'get_register_user_auth_info', 'system_message_is_see_num', 'my_supply_fee_list', 'my_class', 'send_sms_get', 'verify_old_mailbox_get',
    ] as OperationId[]
  ).map((id) => ({ id })),
  { id: 'get_front_content', query: { module: { value: 9 } } },
  { id: 'class_category', yields: { center: (data: { class_list: { id: number }[] }) => data.class_list.map((c) => c.id) } },
  { id: 'search_by_screening_conditions', query: { page_size: { value: 20 } }, yields: { class: ids } },
  { id: 'get_collection_type', yields: { collectionType: (data: ListOf<{ value: number }>) => data.list.map((c) => c.value) } },
  { id: 'personal_data', yields: { user: (data: { user_info: { id: number } }) => [data.user_info.id] } },
  { id: 'contact_information', query: { page_size: { value: 100 } }, yields: { contact: ids } },
  { id: 'system_message_list', yields: { message: ids } },
  { id: 'sign_up_list', yields: { signUp: ids } },
  { id: 'order_list', query: { page_size: { value: 50 } }, yields: { order: ids } },
  // -- follows ids
  { id: 'search_page_specialty', pathParams: { id: kind('center') } },
  { id: 'class_detail', pathParams: { id: kind('class') } },
  { id: 'get_major_categories_of_projects', pathParams: { id: kind('class') } },
  { id: 'class_detail_datetime_and_classroom', pathParams: { id: kind('class') } },
  { id: 'judge_whether_collection', pathParams: { id: kind('class') } },
  { id: 'get_my_collection', pathParams: { type: kind('collectionType') } },
  { id: 'get_mail_info', pathParams: { id: kind('user') } },
  { id: 'detail_contact_information', pathParams: { id: kind('contact') } },
  { id: 'get_access_control_info', pathParams: { id: kind('contact') } },
  { id: 'system_message_detail', pathParams: { id: kind('message') } },
  { id: 'sign_up_get', pathParams: { id: kind('signUp') } },
  { id: 'get_sign_up_fee', query: { class_id: kind('class'), contact_id: kind('contact') } },
  { id: 'check_class_time_conflict', query: { class_id: kind('class'), contact_id: kind('contact') } },
  { id: 'cancel_sign_up_count', query: { class_id: kind('class'), contact_id: kind('contact') } },
  { id: 'specific_order_list', query: { contact_id: kind('contact') } },
  {
    id: 'order_detail',
    pathParams: { id: kind('order') },
    yields: {
      refund: (data: { refunds?: { id: number }[] }) => (data.refunds ?? []).map((r) => r.id),
      trade: (data: { id: number; trade_no: string | null }) => (data.trade_no ? [{ order_id: data.id, trade_no: data.trade_no }] : []),
    },
  },
  { id: 'query_order_pay_status', pathParams: { id: kind('order') } },
  { id: 'preview_refund_fee', pathParams: { id: kind('order') } },
  { id: 'refund_remain_query', pathParams: { id: kind('order') } },
  { id: 'activity_preview_refund_fee', pathParams: { id: kind('order') } },
  { id: 'query_invoice_detail', pathParams: { id: kind('order') } },
  { id: 'refund_detail', pathParams: { id: kind('refund') } },
  { id: 'activity_refund_detail', pathParams: { id: kind('refund') } },
  { id: 'get_pay_status', query: { trade_no: { kind: 'trade', field: 'trade_no' }, order_id: { kind: 'trade', field: 'order_id' } } },
  // A fee's trade is known only to the page that paid it: reachable when a trade of the fee is.
  { id: 'query_supply_fee_pay_status', query: { supply_fee_id: { kind: 'supplyFeeTrade', field: 'supply_fee_id' }, trade_no: { kind: 'supplyFeeTrade', field: 'trade_no' } } },
];

export const operationOf = (id: OperationId) => operations[id] as Operation;
