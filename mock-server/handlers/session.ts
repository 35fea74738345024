/** Session and account: sign-in by service ticket, personal data, real name, phone, mailbox, password, WeChat. */
import { credentialType, readIdNumber, realNameStatus, smsScene, mailboxScene } from '#contract/index';
import { toDate, toIso } from '#fixtures/time';
import { tokenFor } from '../core/auth.ts';
import { nextId, type Row } from '../core/db.ts';
import type { Refuse } from '../core/refusal.ts';
import { captchaDataUrl, codePurpose, issueCaptcha, issueVerifyToken, normaliseTarget, redeemCaptcha, redeemCode, redeemVerifyToken, sendCode, verifyPurpose } from '../rules/verification-codes.ts';
import { normaliseNumber } from '../rules/contacts.ts';
import { redeemTicket } from '../rules/tickets.ts';
import type { MockState } from '../core/state.ts';
import { maskedPhoneOf, maskMailbox, maskName, realNameRecordOf, userInfoOf } from '../views/account.ts';
import { defineHandlers, userOf } from './define.ts';

/** Uploads a parent may send (upload): type → file extension. */
const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * What an upload is by its first bytes, whatever it says it is: an HTML page declared image/png
 * must not be stored and served back as an image.
 */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

async function updateParent(state: MockState, parent: Row<'parents'>, change: (p: Row<'parents'>) => void): Promise<void> {
  // By id: ctx.user is a plain copy, not the collection's record.
  await state.db.parents.update((q) => q.where({ id: parent.id }), { data: (p) => change(p) });
}

/**
 * Runs `store` after the uploads already under way on this mock: nextId reads the table and the
 * row is written only after create's own await, so two uploads side by side would take one id.
 */
const uploadsUnderWay = new WeakMap<MockState, Promise<unknown>>();
function storeInTurn<T>(state: MockState, store: () => Promise<T>): Promise<T> {
  const turn = (uploadsUnderWay.get(state) ?? Promise.resolve()).catch(() => undefined).then(store);
  uploadsUnderWay.set(state, turn);
  return turn;
}

/** A phone or mailbox may belong to one account only. */
function checkPhoneFree(state: MockState, user: Row<'parents'>, phone: string, refuse: Refuse<'phoneTaken'>): void {
  const holder = state.db.parents.findFirst((q) => q.where({ phone }));
  if (holder && holder.id !== user.id) throw refuse('phoneTaken');
}

function checkMailboxFree(state: MockState, user: Row<'parents'>, mailbox: string, refuse: Refuse<'mailboxTaken'>): void {
  const holder = state.db.parents.findFirst((q) => q.where({ mailbox: (m) => m !== null && normaliseTarget(m) === mailbox }));
  if (holder && holder.id !== user.id) throw refuse('mailboxTaken');
}

/** Binding is for accounts with none; replacing goes through the old phone's or mailbox's check. */
function checkNoPhoneYet(user: Row<'parents'>, refuse: Refuse<'verifyStepMissing'>): void {
  if (user.phone) throw refuse('verifyStepMissing', '已绑定手机号，如需更换请先验证原手机号');
}

function checkNoMailboxYet(user: Row<'parents'>, refuse: Refuse<'verifyStepMissing'>): void {
  if (user.mailbox) throw refuse('verifyStepMissing', '已绑定邮箱，如需更换请先验证原邮箱');
}

function checkNewPhone(state: MockState, user: Row<'parents'>, phone: string, refuse: Refuse<'invalidRequest' | 'phoneTaken'>): void {
  if (user.phone === phone) throw refuse('invalidRequest', '新手机号不能与原手机号相同');
  checkPhoneFree(state, user, phone, refuse);
}

function checkNewMailbox(state: MockState, user: Row<'parents'>, mailbox: string, refuse: Refuse<'invalidRequest' | 'mailboxTaken'>): void {
  if (user.mailbox && normaliseTarget(user.mailbox) === mailbox) throw refuse('invalidRequest', '新邮箱不能与原邮箱相同');
  checkMailboxFree(state, user, mailbox, refuse);
}

function boundPhone(user: Row<'parents'>, refuse: Refuse<'notBound'>): string {
  if (!user.phone) throw refuse('notBound', '尚未绑定手机号，请先绑定手机号');
  return user.phone;
}

function boundMailbox(user: Row<'parents'>, refuse: Refuse<'notBound'>): string {
  if (!user.mailbox) throw refuse('notBound', '尚未绑定邮箱，请先绑定邮箱');
  return user.mailbox;
}

/** Base64 without Buffer: the same code runs in the browser's worker host and in Node. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const sessionHandlers = defineHandlers({
  st_validate: async (ctx) => {
    const ticket = await redeemTicket(ctx.state, ctx.input.body.st);
    const parent = ticket && ctx.state.db.parents.findFirst((q) => q.where({ id: ticket.user_id }));
    if (!parent) throw ctx.refuse('ticketInvalid');
    const n = ctx.state.db.sessions.count() + 1;
    // Derived from the parent, a counter and the clock: QA can replay a script and get the same ids.
    const clientId = `CID-${parent.id}-${n}-${ctx.state.now().toString(36)}`;
    const accessToken = tokenFor(ctx.state, parent.id);
    await ctx.state.db.sessions.create({
      client_id: clientId,
      access_token: accessToken,
      user_id: parent.id,
      token_expires_at: toIso(ctx.state.now() + ctx.state.settings.tokenTtlMs),
      revoked: false,
    });
    return {
      client_id: clientId,
      access_token: accessToken,
      user_id: parent.id,
      username: parent.username,
      expires_in: Math.floor(ctx.state.settings.tokenTtlMs / 1000),
    };
  },

  logout: async (ctx) => {
    userOf(ctx);
    const { access_token, client_id } = ctx.input.body;
    const session = ctx.state.db.sessions.findFirst((q) => q.where({ client_id: ctx.clientId ?? '' }));
    // The body names the session to end; it must be the caller's own.
    if (!session || client_id !== session.client_id || access_token !== session.access_token) {
      throw ctx.refuse('invalidRequest', '退出登录的凭证与当前登录不一致');
    }
    await ctx.state.db.sessions.update(session, { data: (s) => void (s.revoked = true) });
    return null;
  },

  personal_data: (ctx) => ({ user_info: userInfoOf(userOf(ctx)) }),

  edit_personal_data: async (ctx) => {
    const user = userOf(ctx);
    const { url, real_name } = ctx.input.body;
    // The name of a verified account is the verified one; sending it unchanged is fine (one form saves both).
    if (real_name !== undefined && real_name !== user.real_name) {
      if (user.real_name_status === realNameStatus.values.passed) throw ctx.refuse('realNameDone', '已完成实名认证，姓名不能修改');
    }
    await updateParent(ctx.state, user, (p) => {
      if (url !== undefined) p.url = url;
      if (real_name !== undefined) p.real_name = real_name;
    });
    return null;
  },

  upload: async (ctx) => {
    const user = userOf(ctx);
    const file = ctx.input.body.file;
    if (!IMAGE_TYPES[file.type]) throw ctx.refuse('invalidRequest', '仅支持 JPG、PNG、WEBP、GIF 图片');
    if (file.size > MAX_UPLOAD_BYTES) throw ctx.refuse('invalidRequest', '图片不能超过5MB');
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Stored and served as what its bytes are, not as what it was declared.
    const type = sniffImageType(bytes);
    if (!type) throw ctx.refuse('invalidRequest', '文件内容不是 JPG、PNG、WEBP 或 GIF 图片');
    const ext = IMAGE_TYPES[type]!;
    // One at a time: images chosen together arrive together, and each must get its own id.
    return storeInTurn(ctx.state, async () => {
      const id = nextId(ctx.state.db.uploads.all());
      const url = `upload/${id}.${ext}`;
      await ctx.state.db.uploads.create({
        id,
        parent_id: user.id,
        url,
        content_type: type,
        size: file.size,
        data_url: `data:${type};base64,${base64Of(bytes)}`,
        created_at: ctx.state.nowIso(),
      });
      return { url };
    });
  },

  oss_base_url: (ctx) => {
    const site = ctx.state.db.site.findFirst();
    // Spec §8: without the field the app uses its fallback, so it is left out, not null.
    return site?.oss_base_url ? { oss_base_url: site.oss_base_url } : {};
  },

  real_name_auth: (ctx) => {
    const user = userOf(ctx);
    const isAuth = user.real_name_status === realNameStatus.values.passed;
    return { is_auth: isAuth, real_name: isAuth && user.real_name ? maskName(user.real_name) : null };
  },

  real_name_authentication_get: (ctx) => realNameRecordOf(userOf(ctx)),

  real_name_authentication_post: async (ctx) => {
    const user = userOf(ctx);
    const body = ctx.input.body;
    if (user.real_name_status === realNameStatus.values.passed) throw ctx.refuse('realNameDone');
    let idNumber = normaliseNumber(body.id_number);
    const isIdCard = body.credential_type === credentialType.values.idCard;
    if (isIdCard) {
      const reading = readIdNumber(body.id_number, toDate(ctx.state.now()));
      if (!reading.ok) throw ctx.refuse('idNumberInvalid', reading.message);
      idNumber = reading.normalised;
    }
    // An ID card is checked at once (the mock stands for the public-security check); other
    // credentials wait for a person, which rules/account-time.ts passes a day later.
    await updateParent(ctx.state, user, (p) => {
      p.real_name = body.real_name;
      p.credential_type = body.credential_type;
      p.id_number = idNumber;
      p.real_name_status = isIdCard ? realNameStatus.values.passed : realNameStatus.values.reviewing;
      p.real_name_reject_reason = null;
      p.real_name_submitted_at = ctx.state.nowIso();
    });
    return realNameRecordOf(ctx.state.db.parents.findFirst((q) => q.where({ id: user.id }), { strict: true }));
  },

  change_password_get: (ctx) => {
    const user = userOf(ctx);
    return { has_password: user.password !== null, phone: maskedPhoneOf(user) };
  },

  change_password_post: async (ctx) => {
    const user = userOf(ctx);
    const { sms_code, new_password } = ctx.input.body;
    await redeemCode(ctx.state, user.id, boundPhone(user, ctx.refuse), codePurpose.setPassword, sms_code, ctx.refuse);
    await updateParent(ctx.state, user, (p) => void (p.password = new_password));
    return null;
  },

  change_password_put: async (ctx) => {
    const user = userOf(ctx);
    const { old_password, new_password } = ctx.input.body;
    if (user.password === null) throw ctx.refuse('passwordWrong', '尚未设置密码，请通过短信验证码设置密码');
    if (old_password !== user.password) throw ctx.refuse('passwordWrong');
    if (new_password === old_password) throw ctx.refuse('invalidRequest', '新密码不能与原密码相同');
    await updateParent(ctx.state, user, (p) => void (p.password = new_password));
    return null;
  },

  send_sms_get: async (ctx) => {
    const captcha = await issueCaptcha(ctx.state);
    // A GET that changes a table: the adapter saves only after non-GET calls.
    ctx.state.onChange?.();
    return { captcha_key: captcha.key, captcha_image: captchaDataUrl(captcha.code) };
  },

  send_sms_post: async (ctx) => {
    const user = userOf(ctx);
    const { scene, captcha_key, captcha_code } = ctx.input.body;
    // Setting a password, the code goes to the bound phone: the app knows it only masked.
    const phone = ctx.input.body.phone ?? (scene === smsScene.values.setPassword ? boundPhone(user, ctx.refuse) : undefined);
    if (phone === undefined) throw ctx.refuse('invalidRequest', '手机号：请输入手机号');
    await redeemCaptcha(ctx.state, captcha_key, captcha_code, ctx.refuse);
    if (scene === smsScene.values.bindPhone) {
      checkNoPhoneYet(user, ctx.refuse);
      checkPhoneFree(ctx.state, user, phone, ctx.refuse);
      return sendCode(ctx.state, user.id, phone, codePurpose.bindPhone, ctx.refuse);
    }
    if (scene === smsScene.values.changePhone) {
      checkNewPhone(ctx.state, user, phone, ctx.refuse);
      return sendCode(ctx.state, user.id, phone, codePurpose.changePhone, ctx.refuse);
    }
    if (phone !== boundPhone(user, ctx.refuse)) throw ctx.refuse('invalidRequest', '请填写本账号绑定的手机号');
    return sendCode(ctx.state, user.id, phone, codePurpose.setPassword, ctx.refuse);
  },

  binding_phone_number: async (ctx) => {
    const user = userOf(ctx);
    const { phone, sms_code } = ctx.input.body;
    checkNoPhoneYet(user, ctx.refuse);
    checkPhoneFree(ctx.state, user, phone, ctx.refuse);
    await redeemCode(ctx.state, user.id, phone, codePurpose.bindPhone, sms_code, ctx.refuse);
    await updateParent(ctx.state, user, (p) => void (p.phone = phone));
    return null;
  },

  see_phone_num: (ctx) => ({ phone: maskedPhoneOf(userOf(ctx)) }),

  verify_old_phone_number_send_sms: async (ctx) => {
    const user = userOf(ctx);
    return sendCode(ctx.state, user.id, boundPhone(user, ctx.refuse), codePurpose.verifyOldPhone, ctx.refuse);
  },

  verify_old_phone_number: async (ctx) => {
    const user = userOf(ctx);
    await redeemCode(ctx.state, user.id, boundPhone(user, ctx.refuse), codePurpose.verifyOldPhone, ctx.input.body.sms_code, ctx.refuse);
    return { verify_token: await issueVerifyToken(ctx.state, user.id, verifyPurpose.oldPhone) };
  },

  binding_new_phone_num: async (ctx) => {
    const user = userOf(ctx);
    const { phone, sms_code, verify_token } = ctx.input.body;
    await redeemVerifyToken(ctx.state, user.id, verify_token, verifyPurpose.oldPhone, ctx.refuse);
    checkNewPhone(ctx.state, user, phone, ctx.refuse);
    await redeemCode(ctx.state, user.id, phone, codePurpose.changePhone, sms_code, ctx.refuse);
    await updateParent(ctx.state, user, (p) => void (p.phone = phone));
    return null;
  },

  check_mailbox: (ctx) => {
    const user = userOf(ctx);
    return { is_bound: user.mailbox !== null, mailbox: user.mailbox ? maskMailbox(user.mailbox) : null };
  },

  send_mailbox_verification_code: async (ctx) => {
    const user = userOf(ctx);
    const mailbox = normaliseTarget(ctx.input.body.mailbox);
    if (ctx.input.body.scene === mailboxScene.values.bind) {
      checkNoMailboxYet(user, ctx.refuse);
      checkMailboxFree(ctx.state, user, mailbox, ctx.refuse);
      return sendCode(ctx.state, user.id, mailbox, codePurpose.bindMailbox, ctx.refuse);
    }
    checkNewMailbox(ctx.state, user, mailbox, ctx.refuse);
    return sendCode(ctx.state, user.id, mailbox, codePurpose.changeMailbox, ctx.refuse);
  },

  mailbox_relevance: async (ctx) => {
    const user = userOf(ctx);
    const mailbox = normaliseTarget(ctx.input.body.mailbox);
    checkNoMailboxYet(user, ctx.refuse);
    checkMailboxFree(ctx.state, user, mailbox, ctx.refuse);
    await redeemCode(ctx.state, user.id, mailbox, codePurpose.bindMailbox, ctx.input.body.code, ctx.refuse);
    await updateParent(ctx.state, user, (p) => void (p.mailbox = mailbox));
    return null;
  },

  verify_old_mailbox_get: async (ctx) => {
    const user = userOf(ctx);
    const mailbox = boundMailbox(user, ctx.refuse);
    const sent = await sendCode(ctx.state, user.id, mailbox, codePurpose.verifyOldMailbox, ctx.refuse);
    // A GET that changes a table: the adapter saves only after non-GET calls.
    ctx.state.onChange?.();
    return { ...sent, mailbox: maskMailbox(mailbox) };
  },

  verify_old_mailbox_post: async (ctx) => {
    const user = userOf(ctx);
    await redeemCode(ctx.state, user.id, boundMailbox(user, ctx.refuse), codePurpose.verifyOldMailbox, ctx.input.body.code, ctx.refuse);
    return { verify_token: await issueVerifyToken(ctx.state, user.id, verifyPurpose.oldMailbox) };
  },

  change_mailbox: async (ctx) => {
    const user = userOf(ctx);
    const mailbox = normaliseTarget(ctx.input.body.mailbox);
    await redeemVerifyToken(ctx.state, user.id, ctx.input.body.verify_token, verifyPurpose.oldMailbox, ctx.refuse);
    checkNewMailbox(ctx.state, user, mailbox, ctx.refuse);
    await redeemCode(ctx.state, user.id, mailbox, codePurpose.changeMailbox, ctx.input.body.code, ctx.refuse);
    await updateParent(ctx.state, user, (p) => void (p.mailbox = mailbox));
    return null;
  },

  get_register_user_auth_info: (ctx) => {
    const wechat = userOf(ctx).wechat;
    return { list: wechat ? [wechat] : [] };
  },

  unbound_register_user_auth_info: async (ctx) => {
    const user = userOf(ctx);
    if (!user.wechat || user.wechat.auth_type !== ctx.input.query.auth_type) throw ctx.refuse('notBound');
    await updateParent(ctx.state, user, (p) => void (p.wechat = null));
    return null;
  },
});
