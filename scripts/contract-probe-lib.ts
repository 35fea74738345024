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
import { operations, type Operation, type OperationId } from '#contract/index';
import { checkAnswer, strictDiff, type Drift } from '#contract/strict-answer';

export { checkAnswer, strictDiff, type Drift };

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
  /**
   * Call it for every harvested value (up to 50), not only until one answers: what it yields is
   * found only in some answers (the refunds and trades of order_detail, which a backend without
   * my_refund_list gives only there).
   */
  every?: boolean;
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
      'oss_base_url',
      'grade_type_enum_choose',
      'exhibition_banner',
      'homepage_center',
      'site_information',
      'seckill_class_curriculum',
      'sign_up_for_upcoming_class',
      'sign_up_is_coming_to_end',
      'make_full_appointment_class',
      'parents_questions_and_answers',
      'contact_us',
      'get_all_org',
      'global_config',
      'feedback_get_problem_type',
      'pay_type_choose',
      'invoice_title_enum_type_choose',
      'real_name_auth',
      'real_name_authentication_get',
      'change_password_get',
      'see_phone_num',
      'check_mailbox',
      'get_register_user_auth_info',
      'system_message_is_see_num',
      'my_class',
      'send_sms_get',
      'verify_old_mailbox_get',
    ] as OperationId[]
  ).map((id) => ({ id })),
  { id: 'get_front_content', query: { module: { value: 9 } } },
  { id: 'class_category', yields: { center: (data: { class_list: { id: number }[] }) => data.class_list.map((c) => c.id) } },
  { id: 'search_by_screening_conditions', query: { page_size: { value: 20 } }, yields: { class: ids } },
  { id: 'get_collection_type', yields: { collectionType: (data: ListOf<{ value: number }>) => data.list.map((c) => c.value) } },
  // The user id is not SPEC.md's to promise (decision 073): without it, get_mail_info has nothing to follow.
  { id: 'personal_data', yields: { user: (data: { user_info: { id?: number } }) => (data.user_info.id === undefined ? [] : [data.user_info.id]) } },
  { id: 'contact_information', query: { page_size: { value: 100 } }, yields: { contact: ids } },
  { id: 'system_message_list', yields: { message: ids } },
  { id: 'sign_up_list', yields: { signUp: ids } },
  { id: 'order_list', query: { page_size: { value: 50 } }, yields: { order: ids } },
  { id: 'my_supply_fee_list', query: { page_size: { value: 50 } }, yields: { supplyFee: ids } },
  { id: 'my_refund_list', query: { page_size: { value: 50 } }, yields: { refund: ids } },
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
    every: true,
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
  { id: 'supply_fee_detail', pathParams: { id: kind('supplyFee') } },
  { id: 'refund_detail', pathParams: { id: kind('refund') } },
  { id: 'activity_refund_detail', pathParams: { id: kind('refund') } },
  { id: 'get_pay_status', query: { trade_no: { kind: 'trade', field: 'trade_no' }, order_id: { kind: 'trade', field: 'order_id' } } },
  // A fee's trade is known only to the page that paid it: reachable when a trade of the fee is.
  { id: 'query_supply_fee_pay_status', query: { supply_fee_id: { kind: 'supplyFeeTrade', field: 'supply_fee_id' }, trade_no: { kind: 'supplyFeeTrade', field: 'trade_no' } } },
];

export const operationOf = (id: OperationId) => operations[id] as Operation;
