/** Spec §7, 'Session and account'. */
import { z } from '../zod.ts';
import { assumed, assumedObject, defineOperations, unpromised } from '../core.ts';
import { credentialType, mailboxScene, realNameStatus, smsScene, thirdPartyKind } from '../enums.ts';
import { dateTime, fileUrl, id, imageDataUrl, linkUrl, listOf, mailbox, maskedPhone, nothing, phone, verifyCode } from '../schemas/common.ts';

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

/**
 * The one field the portal cannot do without where SPEC.md does not name it: the parent's user id,
 * which get_mail_info/{id} takes (decision 002). From st_validate's user_id or personal_data's id.
 */
const USER_ID_REQUIREMENT =
  'the mailing address page (/personal/mailing) and a mailed invoice (/personal/applyInvoice) read the saved address with get_mail_info/{id}, which takes the parent’s user id: st_validate’s user_id or personal_data’s user_info.id must carry it';

/** Spec §3: the login response (client_id, access_token); the rest may be left out (decision 073). */
export const loginResultSchema = z.object({
  client_id: z.string().min(1),
  access_token: z.string().min(1),
  user_id: unpromised(id, 'the parent’s user id (spec §3’s client state userId)', USER_ID_REQUIREMENT),
  username: unpromised(z.string(), 'kept for the username check of spec §5; personal_data’s username stands in'),
  expires_in: unpromised(z.number().int().positive(), 'seconds the access token lives (unused: a 99993 answer renews the token)'),
});

/** Spec §3: personal data (url, real_name, phone, username), wrapped as user_info; the rest may be left out. */
export const userInfoSchema = z.object({
  id: unpromised(id, 'the parent’s user id; display name’s last resort (spec §3)', USER_ID_REQUIREMENT),
  url: fileUrl.nullable().meta({ description: 'avatar; the app shows a default image when absent' }),
  real_name: z.string().nullable(),
  phone: z.string().nullable().meta({ description: 'masked, e.g. 138****0000' }),
  username: z.string(),
  mailbox: unpromised(z.string().nullable(), 'masked mailbox, null when none is bound; without it the pages ask check_mailbox'),
  real_name_status: unpromised(realNameStatus.schema, 'without it the pages ask real_name_authentication (GET)'),
  has_password: unpromised(z.boolean(), 'without it the pages ask change_password (GET)'),
  wechat_bound: unpromised(z.boolean(), 'without it the pages ask get_register_user_auth_info'),
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

export const sessionOperations = defineOperations('session', () => ({
  st_validate: {
    method: 'POST',
    auth: false,
    summary: 'Validates a service ticket from the account service and opens a session.',
    body: z.object({ st: z.string().min(1, '缺少登录票据').max(256), is_small_app: z.boolean() }),
    response: loginResultSchema,
    errors: ['ticketInvalid'],
  },
  real_name_auth: {
    method: 'GET',
    auth: true,
    summary: 'Whether the parent has passed real-name authentication.',
    response: assumedObject({ is_auth: z.boolean(), real_name: z.string().nullable().meta({ description: 'masked, e.g. 张*' }) }),
    errors: [],
  },
  real_name_authentication_get: {
    method: 'GET',
    auth: true,
    summary: 'The parent’s real-name authentication record.',
    response: realNameRecord,
    errors: [],
  },
  real_name_authentication_post: {
    method: 'POST',
    auth: true,
    summary: 'Submits name and credential for real-name authentication.',
    body: assumedObject({
      real_name: z.string().trim().min(2, '请输入真实姓名').max(30),
      credential_type: credentialType.schema,
      id_number: idNumber,
    }),
    response: realNameRecord,
    errors: ['idNumberInvalid', 'realNameDone'],
  },
  edit_personal_data: {
    method: 'POST',
    auth: true,
    summary: 'Changes the avatar and the display name.',
    body: assumedObject({ url: fileUrl.optional(), real_name: z.string().trim().min(1).max(30).optional() }),
    response: nothing,
    errors: ['realNameDone'],
  },
  upload: {
    method: 'POST',
    auth: true,
    summary: 'Uploads an image (multipart field `file`, jpg/png/webp/gif up to 5 MB) and returns its address.',
    body: z
      .object({
        file: z.custom<Blob>(isBlob, '请选择要上传的文件').meta({ 'x-binary': true }),
      })
      .meta({ 'x-encoding': 'multipart/form-data' }),
    response: assumedObject({ url: fileUrl.meta({ description: 'relative to oss_base_url' }) }),
    errors: [],
  },
  oss_base_url: {
    method: 'GET',
    auth: false,
    summary: 'Base address of stored files. When missing, the app falls back (spec §8).',
    response: z.object({ oss_base_url: linkUrl.optional() }),
    errors: [],
  },
  logout: {
    method: 'POST',
    auth: true,
    summary: 'Ends the session; msg is shown as a success toast.',
    body: z.object({ access_token: z.string().max(512), client_id: z.string().max(128) }),
    response: nothing,
    errors: [],
  },
  personal_data: {
    method: 'GET',
    auth: true,
    summary: 'The signed-in parent’s personal data.',
    response: z.object({ user_info: userInfoSchema }),
    errors: [],
  },
  change_password_get: {
    method: 'GET',
    auth: true,
    summary: 'Whether a password is set, and the phone a code would go to.',
    response: assumedObject({ has_password: z.boolean(), phone: maskedPhone.nullable() }),
    errors: [],
  },
  change_password_post: {
    method: 'POST',
    auth: true,
    summary: 'Sets a password with an SMS code (accounts that have none, or forgot it).',
    body: assumedObject({ sms_code: verifyCode, new_password: password }),
    response: nothing,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'notBound'],
  },
  change_password_put: {
    method: 'PUT',
    auth: true,
    summary: 'Changes the password, given the old one.',
    body: assumedObject({ old_password: z.string().min(1, '请输入原密码').max(64), new_password: password }),
    response: nothing,
    errors: ['passwordWrong'],
  },
  send_sms_get: {
    method: 'GET',
    auth: false,
    summary: 'An image code (captcha) to pass before an SMS is sent.',
    response: assumedObject({
      captcha_key: z.string(),
      captcha_image: imageDataUrl.meta({ description: 'data: URL of an SVG image' }),
    }),
    errors: [],
  },
  send_sms_post: {
    method: 'POST',
    auth: true,
    summary: 'Sends an SMS code to a phone, once the image code is right; to set a password, to the bound phone when none is named.',
    body: assumedObject({
      phone: phone.optional().meta({ description: 'left out when setting a password: the bound phone, which the app knows only masked' }),
      scene: smsScene.schema,
      captcha_key: z.string().min(1).max(64),
      captcha_code: z.string().trim().min(4, '请输入图形验证码').max(6),
    }),
    response: codeSent,
    errors: ['phoneTaken', 'captchaWrong', 'sendTooFrequent', 'verifyStepMissing', 'notBound'],
  },
  binding_phone_number: {
    method: 'POST',
    auth: true,
    summary: 'Binds a phone to an account that has none.',
    body: assumedObject({ phone, sms_code: verifyCode }),
    response: nothing,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'phoneTaken', 'verifyStepMissing'],
  },
  see_phone_num: {
    method: 'GET',
    auth: true,
    summary: 'The bound phone, masked, before changing it.',
    response: assumedObject({ phone: maskedPhone.nullable() }),
    errors: [],
  },
  verify_old_phone_number: {
    method: 'POST',
    auth: true,
    summary: 'Checks the code sent to the old phone; returns a token for binding_new_phone_num.',
    body: assumedObject({ sms_code: verifyCode }),
    response: verifyToken,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'notBound'],
  },
  verify_old_phone_number_send_sms: {
    method: 'POST',
    auth: true,
    summary: 'Sends a code to the phone bound now.',
    body: assumedObject({}),
    response: codeSent,
    errors: ['sendTooFrequent', 'notBound'],
  },
  binding_new_phone_num: {
    method: 'POST',
    auth: true,
    summary: 'Replaces the phone, with the old phone’s verify token and the new phone’s code.',
    body: assumedObject({ phone, sms_code: verifyCode, verify_token: z.string().min(1).max(256) }),
    response: nothing,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'phoneTaken', 'verifyStepMissing'],
  },
  check_mailbox: {
    method: 'GET',
    auth: true,
    summary: 'The bound mailbox, masked, or none.',
    response: assumedObject({ is_bound: z.boolean(), mailbox: z.string().nullable() }),
    errors: [],
  },
  send_mailbox_verification_code: {
    method: 'POST',
    auth: true,
    summary: 'Sends a code to a new mailbox.',
    body: assumedObject({ mailbox, scene: mailboxScene.schema }),
    response: codeSent,
    errors: ['sendTooFrequent', 'verifyStepMissing', 'mailboxTaken'],
  },
  mailbox_relevance: {
    method: 'POST',
    auth: true,
    summary: 'Binds a mailbox to an account that has none.',
    body: assumedObject({ mailbox, code: verifyCode }),
    response: nothing,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'verifyStepMissing', 'mailboxTaken'],
  },
  verify_old_mailbox_get: {
    method: 'GET',
    auth: true,
    summary: 'Sends a code to the mailbox bound now.',
    response: assumed(codeSent.extend({ mailbox: assumed(z.string(), 'masked') })),
    errors: ['sendTooFrequent', 'notBound'],
  },
  verify_old_mailbox_post: {
    method: 'POST',
    auth: true,
    summary: 'Checks the old mailbox’s code; returns a token for change_mailbox.',
    body: assumedObject({ code: verifyCode }),
    response: verifyToken,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'notBound'],
  },
  change_mailbox: {
    method: 'POST',
    auth: true,
    summary: 'Replaces the mailbox, with the old mailbox’s verify token and the new one’s code.',
    body: assumedObject({ mailbox, code: verifyCode, verify_token: z.string().min(1).max(256) }),
    response: nothing,
    errors: ['verifyCodeWrong', 'verifyCodeExpired', 'verifyStepMissing', 'mailboxTaken'],
  },
  get_register_user_auth_info: {
    method: 'GET',
    auth: true,
    summary: 'Third-party accounts (WeChat) bound to the parent.',
    response: listOf(assumedObject({ auth_type: thirdPartyKind.schema, nickname: z.string(), avatar: fileUrl.nullable(), bound_at: dateTime })),
    errors: [],
  },
  unbound_register_user_auth_info: {
    method: 'DELETE',
    auth: true,
    summary: 'Unbinds a third-party account.',
    query: assumedObject({ auth_type: thirdPartyKind.schema }),
    response: nothing,
    errors: ['notBound'],
  },
}));
