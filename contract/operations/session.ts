/** Spec §7, 'Session and account'. */
import { z } from '../zod.ts';
import { assumed, assumedObject, defineOperation } from '../core.ts';
import { credentialType, mailboxScene, realNameStatus, smsScene, thirdPartyKind } from '../enums.ts';
import { dateTime, fileUrl, id, listOf, mailbox, maskedPhone, nothing, phone, verifyCode } from '../schemas/common.ts';

const domain = 'session' as const;

/**
 * A file part of a multipart body. Checked by its tag as well as by instanceof: a Blob made in
 * another realm (jsdom's File in the app's tests, undici's once msw has parsed the body) is not
 * an instance of this realm's Blob.
 */
function isBlob(value: unknown): value is Blob {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  const tag = Object.prototype.toString.call(value);
  return tag === '[object Blob]' || tag === '[object File]';
}

/** Spec §3: the login response. */
export const loginResultSchema = z.object({
  client_id: z.string().min(1),
  access_token: z.string().min(1),
  user_id: assumed(id),
  username: assumed(z.string()),
  expires_in: assumed(z.number().int().positive(), 'seconds the access token lives'),
});

/** Spec §3: personal data, wrapped as user_info. */
export const userInfoSchema = z.object({
  id: assumed(id),
  url: z.string().nullable().meta({ description: 'avatar; the app shows a default image when absent' }),
  real_name: z.string().nullable(),
  phone: z.string().nullable().meta({ description: 'masked, e.g. 138****0000' }),
  username: z.string(),
  mailbox: assumed(z.string().nullable(), 'masked mailbox, null when none is bound'),
  real_name_status: assumed(realNameStatus.schema),
  has_password: assumed(z.boolean()),
  wechat_bound: assumed(z.boolean()),
});

const codeSent = assumedObject({
  expires_in: z.number().int().positive().meta({ description: 'seconds the code stays valid' }),
  resend_after: z.number().int().nonnegative().meta({ description: 'seconds before another code may be sent' }),
});

const verifyToken = assumedObject({
  verify_token: z.string().meta({ description: 'proof that the old phone or mailbox was verified; valid 10 minutes' }),
});

const password = z
  .string()
  .min(8, '密码至少8位')
  .max(20, '密码最多20位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, '密码需同时包含字母和数字');

const idNumber = z.string().min(5, '请输入证件号码').max(30);

const realNameRecord = assumedObject({
  status: realNameStatus.schema,
  real_name: z.string().nullable(),
  credential_type: credentialType.schema.nullable(),
  id_number: z.string().nullable().meta({ description: 'masked' }),
  reject_reason: z.string().nullable(),
  submitted_at: dateTime.nullable(),
});

export const sessionOperations = {
  st_validate: defineOperation('st_validate', {
    name: 'st_validate', method: 'POST', path: 'st_validate', domain, auth: false,
    summary: 'Validates a service ticket from the account service and opens a session.',
    body: z.object({ st: z.string().min(1, '缺少登录票据'), is_small_app: z.boolean() }),
    response: loginResultSchema,
  }),
  real_name_auth: defineOperation('real_name_auth', {
    name: 'real_name_auth', method: 'GET', path: 'real_name_auth', domain, auth: true,
    summary: 'Whether the parent has passed real-name authentication.',
    response: assumedObject({ is_auth: z.boolean(), real_name: z.string().nullable().meta({ description: 'masked, e.g. 张*' }) }),
  }),
  real_name_authentication_get: defineOperation('real_name_authentication_get', {
    name: 'real_name_authentication', method: 'GET', path: 'real_name_authentication', domain, auth: true,
    summary: 'The parent’s real-name authentication record.',
    response: realNameRecord,
  }),
  real_name_authentication_post: defineOperation('real_name_authentication_post', {
    name: 'real_name_authentication', method: 'POST', path: 'real_name_authentication', domain, auth: true,
    summary: 'Submits name and credential for real-name authentication.',
    body: assumedObject({
      real_name: z.string().trim().min(2, '请输入真实姓名').max(30),
      credential_type: credentialType.schema,
      id_number: idNumber,
    }),
    response: realNameRecord,
  }),
  edit_personal_data: defineOperation('edit_personal_data', {
    name: 'edit_personal_data', method: 'POST', path: 'edit_personal_data', domain, auth: true,
    summary: 'Changes the avatar and the display name.',
    body: assumedObject({ url: fileUrl.optional(), real_name: z.string().trim().min(1).max(30).optional() }),
    response: nothing,
  }),
  upload: defineOperation('upload', {
    name: 'upload', method: 'POST', path: 'upload', domain, auth: true,
    summary: 'Uploads an image (multipart field `file`, jpg/png/webp/gif up to 5 MB) and returns its address.',
    body: z.object({
      file: z.custom<Blob>(isBlob, '请选择要上传的文件').meta({ 'x-binary': true }),
    }).meta({ 'x-encoding': 'multipart/form-data' }),
    response: assumedObject({ url: fileUrl.meta({ description: 'relative to oss_base_url' }) }),
  }),
  oss_base_url: defineOperation('oss_base_url', {
    name: 'oss_base_url', method: 'GET', path: 'oss_base_url', domain, auth: false,
    summary: 'Base address of stored files. When missing, the app falls back (spec §8).',
    response: z.object({ oss_base_url: z.string().optional() }),
  }),
  logout: defineOperation('logout', {
    name: 'logout', method: 'POST', path: 'logout', domain, auth: true,
    summary: 'Ends the session; msg is shown as a success toast.',
    body: z.object({ access_token: z.string(), client_id: z.string() }),
    response: nothing,
  }),
  personal_data: defineOperation('personal_data', {
    name: 'personal_data', method: 'GET', path: 'personal_data', domain, auth: true,
    summary: 'The signed-in parent’s personal data.',
    response: z.object({ user_info: userInfoSchema }),
  }),
  change_password_get: defineOperation('change_password_get', {
    name: 'change_password', method: 'GET', path: 'change_password', domain, auth: true,
    summary: 'Whether a password is set, and the phone a code would go to.',
    response: assumedObject({ has_password: z.boolean(), phone: maskedPhone.nullable() }),
  }),
  change_password_post: defineOperation('change_password_post', {
    name: 'change_password', method: 'POST', path: 'change_password', domain, auth: true,
    summary: 'Sets a password with an SMS code (accounts that have none, or forgot it).',
    body: assumedObject({ sms_code: verifyCode, new_password: password }),
    response: nothing,
  }),
  change_password_put: defineOperation('change_password_put', {
    name: 'change_password', method: 'PUT', path: 'change_password', domain, auth: true,
    summary: 'Changes the password, given the old one.',
    body: assumedObject({ old_password: z.string().min(1, '请输入原密码'), new_password: password }),
    response: nothing,
  }),
  send_sms_get: defineOperation('send_sms_get', {
    name: 'send_sms', method: 'GET', path: 'send_sms', domain, auth: false,
    summary: 'An image code (captcha) to pass before an SMS is sent.',
    response: assumedObject({
      captcha_key: z.string(),
      captcha_image: z.string().meta({ description: 'data: URL of an SVG image' }),
    }),
  }),
  send_sms_post: defineOperation('send_sms_post', {
    name: 'send_sms', method: 'POST', path: 'send_sms', domain, auth: true,
    summary: 'Sends an SMS code to a phone, once the image code is right.',
    body: assumedObject({
      phone,
      scene: smsScene.schema,
      captcha_key: z.string().min(1),
      captcha_code: z.string().trim().min(4, '请输入图形验证码').max(6),
    }),
    response: codeSent,
  }),
  binding_phone_number: defineOperation('binding_phone_number', {
    name: 'binding_phone_number', method: 'POST', path: 'binding_phone_number', domain, auth: true,
    summary: 'Binds a phone to an account that has none.',
    body: assumedObject({ phone, sms_code: verifyCode }),
    response: nothing,
  }),
  see_phone_num: defineOperation('see_phone_num', {
    name: 'see_phone_num', method: 'GET', path: 'see_phone_num', domain, auth: true,
    summary: 'The bound phone, masked, before changing it.',
    response: assumedObject({ phone: maskedPhone.nullable() }),
  }),
  verify_old_phone_number: defineOperation('verify_old_phone_number', {
    name: 'verify_old_phone_number', method: 'POST', path: 'verify_old_phone_number', domain, auth: true,
    summary: 'Checks the code sent to the old phone; returns a token for binding_new_phone_num.',
    body: assumedObject({ sms_code: verifyCode }),
    response: verifyToken,
  }),
  verify_old_phone_number_send_sms: defineOperation('verify_old_phone_number_send_sms', {
    name: 'verify_old_phone_number_send_sms', method: 'POST', path: 'verify_old_phone_number_send_sms', domain, auth: true,
    summary: 'Sends a code to the phone bound now.',
    body: assumedObject({}),
    response: codeSent,
  }),
  binding_new_phone_num: defineOperation('binding_new_phone_num', {
    name: 'binding_new_phone_num', method: 'POST', path: 'binding_new_phone_num', domain, auth: true,
    summary: 'Replaces the phone, with the old phone’s verify token and the new phone’s code.',
    body: assumedObject({ phone, sms_code: verifyCode, verify_token: z.string().min(1) }),
    response: nothing,
  }),
  check_mailbox: defineOperation('check_mailbox', {
    name: 'check_mailbox', method: 'GET', path: 'check_mailbox', domain, auth: true,
    summary: 'The bound mailbox, masked, or none.',
    response: assumedObject({ is_bound: z.boolean(), mailbox: z.string().nullable() }),
  }),
  send_mailbox_verification_code: defineOperation('send_mailbox_verification_code', {
    name: 'send_mailbox_verification_code', method: 'POST', path: 'send_mailbox_verification_code', domain, auth: true,
    summary: 'Sends a code to a new mailbox.',
    body: assumedObject({ mailbox, scene: mailboxScene.schema }),
    response: codeSent,
  }),
  mailbox_relevance: defineOperation('mailbox_relevance', {
    name: 'mailbox_relevance', method: 'POST', path: 'mailbox_relevance', domain, auth: true,
    summary: 'Binds a mailbox to an account that has none.',
    body: assumedObject({ mailbox, code: verifyCode }),
    response: nothing,
  }),
  verify_old_mailbox_get: defineOperation('verify_old_mailbox_get', {
    name: 'verify_old_mailbox', method: 'GET', path: 'verify_old_mailbox', domain, auth: true,
    summary: 'Sends a code to the mailbox bound now.',
    response: assumed(codeSent.extend({ mailbox: assumed(z.string(), 'masked') })),
  }),
  verify_old_mailbox_post: defineOperation('verify_old_mailbox_post', {
    name: 'verify_old_mailbox', method: 'POST', path: 'verify_old_mailbox', domain, auth: true,
    summary: 'Checks the old mailbox’s code; returns a token for change_mailbox.',
    body: assumedObject({ code: verifyCode }),
    response: verifyToken,
  }),
  change_mailbox: defineOperation('change_mailbox', {
    name: 'change_mailbox', method: 'POST', path: 'change_mailbox', domain, auth: true,
    summary: 'Replaces the mailbox, with the old mailbox’s verify token and the new one’s code.',
    body: assumedObject({ mailbox, code: verifyCode, verify_token: z.string().min(1) }),
    response: nothing,
  }),
  get_register_user_auth_info: defineOperation('get_register_user_auth_info', {
    name: 'get_register_user_auth_info', method: 'GET', path: 'get_register_user_auth_info', domain, auth: true,
    summary: 'Third-party accounts (WeChat) bound to the parent.',
    response: listOf(assumedObject({ auth_type: thirdPartyKind.schema, nickname: z.string(), avatar: fileUrl.nullable(), bound_at: dateTime })),
  }),
  unbound_register_user_auth_info: defineOperation('unbound_register_user_auth_info', {
    name: 'unbound_register_user_auth_info', method: 'DELETE', path: 'unbound_register_user_auth_info', domain, auth: true,
    summary: 'Unbinds a third-party account.',
    query: assumedObject({ auth_type: thirdPartyKind.schema }),
    response: nothing,
  }),
};
