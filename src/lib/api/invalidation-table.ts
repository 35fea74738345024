/**
 * What each call changes, declared once: after it, which answers the cache may no longer trust.
 * Applied by invalidations.ts; read by the API docs too (scripts/contract-docs-lib.ts, its "In the
 * app" lines), which is why this module imports nothing but the contract's types: the scripts'
 * type-check project compiles it as a file of its own, without the rest of src/ (decision 069).
 */
import type { ErrorCodeName } from '#contract/error-codes';
import type { OperationId, QueryOperationId } from '#contract/index';

export interface Invalidation {
  /** Asked again now where a page shows them (elsewhere only marked stale). */
  refetch?: readonly QueryOperationId[];
  /** Marked stale and asked again when next shown: the page that made the change leaves, or
   * asking now would only be refused (a refund's preview once it is applied). */
  stale?: readonly QueryOperationId[];
  /** Dropped: the next page must not show the old answer while it loads. */
  drop?: readonly QueryOperationId[];
  /** Refusals after which the views changed anyway ('any': every failure), e.g. cancelled elsewhere. */
  onRefusal?: 'any' | readonly ErrorCodeName[];
  /** Applied when the trade the call opened is paid (features/payment/use-payment.ts), not when it answers. */
  when?: 'paid';
}

/** Calls whose answers change when an order or a sign-up changes state. */
const ORDER_VIEWS = ['order_list', 'order_detail', 'specific_order_list', 'sign_up_list', 'sign_up_get', 'query_order_pay_status', 'my_class', 'cancel_sign_up_count'] as const;
/** What a settled payment changes: the order, its lists, the child's classes, the fees. */
const AFTER_PAYMENT = ['order_detail', 'order_list', 'query_order_pay_status', 'sign_up_list', 'sign_up_get', 'my_class', 'my_supply_fee_list', 'supply_fee_detail'] as const;
/** What applying for or withdrawing a refund changes: the order, what is left to refund, the records. */
const AFTER_REFUND = ['order_list', 'order_detail', 'preview_refund_fee', 'activity_preview_refund_fee', 'refund_remain_query', 'my_refund_list'] as const;
const CONTACTS = ['contact_information', 'detail_contact_information'] as const;
const COLLECTIONS = ['get_my_collection', 'judge_whether_collection'] as const;

export const invalidations = {
  // Session and account. The page a change was made on shows its result, so its own look-up is
  // only marked (asking now would swap the form under the parent); the top bar is asked now.
  edit_personal_data: { refetch: ['personal_data'] },
  binding_phone_number: { refetch: ['personal_data'], stale: ['see_phone_num', 'change_password_get'] },
  binding_new_phone_num: { refetch: ['personal_data'], stale: ['see_phone_num', 'change_password_get'] },
  mailbox_relevance: { refetch: ['personal_data'], stale: ['check_mailbox'] },
  change_mailbox: { refetch: ['personal_data'], stale: ['check_mailbox'] },
  change_password_put: { refetch: ['personal_data'], stale: ['change_password_get'] },
  change_password_post: { refetch: ['personal_data'], stale: ['change_password_get'] },
  real_name_authentication_post: { refetch: ['personal_data', 'real_name_auth'] },
  unbound_register_user_auth_info: { refetch: ['get_register_user_auth_info', 'personal_data'] },

  // Children (the list here and the child selector's passed list) and messages.
  add_contact_information: { refetch: CONTACTS },
  edit_contact_information: { refetch: CONTACTS },
  delete_contact_information: { refetch: CONTACTS },
  system_message_all_read: { refetch: ['system_message_list', 'system_message_is_see_num', 'system_message_detail'] },
  // Reading a message marks it read on the server.
  system_message_detail: { refetch: ['system_message_is_see_num'] },

  // Collections: a refusal means another tab collected or removed it; ask what is true.
  add_my_collection: { refetch: COLLECTIONS, onRefusal: 'any' },
  delete_my_collection: { refetch: COLLECTIONS, onRefusal: 'any' },

  // Signing up, orders and payment. A refused cancellation means the order moved on meanwhile.
  sign_up_post: { refetch: ['sign_up_list'] },
  place_order: { stale: ['sign_up_get', 'sign_up_list', 'order_list'] },
  cancel_order: { refetch: ORDER_VIEWS, onRefusal: 'any' },
  cancel_sign_up: { refetch: ORDER_VIEWS, onRefusal: 'any' },
  pay_sign_up: { refetch: AFTER_PAYMENT, when: 'paid' },
  pay_supply_fee: { refetch: AFTER_PAYMENT, when: 'paid' },

  // Refunds and invoices: the page goes on to the new record.
  apply_refund: { stale: AFTER_REFUND },
  activity_apply_refund: { stale: AFTER_REFUND },
  invoice_application: { drop: ['query_invoice_detail'], stale: ['order_list', 'order_detail'] },
  // Withdrawn or refused because the centre accepted it meanwhile: the page shows where it stands.
  withdraw_refund: {
    refetch: ['refund_detail', 'activity_refund_detail'],
    stale: AFTER_REFUND,
    onRefusal: 'any',
  },

  // Mailing address and pick-up people: the limit reached means someone else added one.
  creat_mail_info: { refetch: ['get_mail_info'] },
  update_mail_info: { refetch: ['get_mail_info'] },
  creat_access_control_info: { refetch: ['get_access_control_info'], onRefusal: ['pickerLimit'] },
  access_control_info_operate: { refetch: ['get_access_control_info'] },
} as const satisfies { [Id in OperationId]?: Invalidation };
