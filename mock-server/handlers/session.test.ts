import { createFactories } from '#fixtures/factories';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, AUTH_HEADER, CLIENT_ID_HEADER, credentialType, makeIdNumber, mailboxScene, realNameStatus, smsScene, thirdPartyKind, type ValueOf } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { DAY, MINUTE, toIso } from '#fixtures/time';
import { issueTicket } from '../rules/tickets.ts';
import { MOCK_ORIGIN, setupMockForTests, type Credentials } from '../testing.ts';

const NOW = Date.parse('2026-09-01T10:00:00+08:00');
const MAMA_PHONE = '13800001111';
const OTHER_PHONE = '13900002222';
const WECHAT = { auth_type: thirdPartyKind.values.wechat, nickname: '小雨妈妈', avatar: null, bound_at: toIso(NOW - 30 * DAY) };

const site = createFactories(1, NOW).site({ oss_base_url: 'https://oss.example.org/ccc/' });

/**
 * mama: verified (ID card), phone, password, WeChat, no mailbox.
 * newbie: nothing yet (no real name, phone, password or mailbox).
 * other: holds OTHER_PHONE and taken@example.com.
 */
const mock = setupMockForTests({
  world: () =>
    buildWorld(3, NOW, ({ f, add }) => {
      add('parents', f.parent({ username: 'mama', real_name: '王小红', phone: MAMA_PHONE, wechat: WECHAT }));
      add('parents', f.parent({ username: 'newbie', real_name: null, phone: null, password: null }));
      add('parents', f.parent({ username: 'other', phone: OTHER_PHONE, mailbox: 'taken@example.com' }));
      add('site', site);
    }),
});

const parent = (username: string) => mock.state.db.parents.findFirst((q) => q.where({ username }), { strict: true });
const codeSentTo = (target: string) => {
  const codes = mock.state.db.codes.findMany((q) => q.where({ target }));
  return codes[codes.length - 1]!.code;
};

/** What a parent does on the page: fetch the image code, read it, ask for an SMS. */
async function sendSms(me: Credentials, phone: string | undefined, scene: ValueOf<typeof smsScene>) {
  const image = await mock.call('send_sms_get', {});
  const captcha = mock.state.db.captchas.findFirst((q) => q.where({ key: image.data.captcha_key }), { strict: true });
  return mock.call('send_sms_post', { body: { ...(phone === undefined ? {} : { phone }), scene, captcha_key: captcha.key, captcha_code: captcha.code } }, me);
}

describe('st_validate and the session', () => {
  it('opens a session from a ticket, renews an expired token, and logs out for good', async () => {
    const ticket = (await issueTicket(mock.state, 'mama'))!;
    const login = await mock.call('st_validate', { body: { st: ticket, is_small_app: true } });
    expect(login).toMatchObject({ status: 200, error_code: 999999 });
    expect(login.data).toMatchObject({ user_id: parent('mama').id, username: 'mama', expires_in: 7200 });
    const session = mock.state.db.sessions.findFirst((q) => q.where({ client_id: login.data.client_id }), { strict: true });
    expect(session).toMatchObject({ access_token: login.data.access_token, token_expires_at: toIso(NOW + 2 * 3600_000), revoked: false });

    const me = { clientId: login.data.client_id, accessToken: login.data.access_token };
    expect((await mock.call('personal_data', {}, me)).data.user_info.username).toBe('mama');

    mock.state.clock.advance(2 * 3600_000 + 1000);
    const expired = await mock.call('personal_data', {}, me);
    expect(expired).toMatchObject({ status: 401, error_code: 99993 });
    const fresh = (expired.data as unknown as { access_token: string }).access_token;
    expect(fresh).toEqual(expect.any(String));
    expect(fresh).not.toBe(me.accessToken);

    const renewed = { ...me, accessToken: fresh };
    expect(await mock.call('personal_data', {}, renewed)).toMatchObject({ status: 200, error_code: 999999 });

    const wrongBody = await mock.call('logout', { body: { access_token: fresh, client_id: 'CID-someone-else' } }, renewed);
    expect(wrongBody).toMatchObject({ status: 400, error_code: 400001, msg: '退出登录的凭证与当前登录不一致' });
    const stale = await mock.call('logout', { body: { access_token: me.accessToken, client_id: me.clientId } }, renewed);
    expect(stale).toMatchObject({ status: 400, error_code: 400001 });

    const out = await mock.call('logout', { body: { access_token: fresh, client_id: me.clientId } }, renewed);
    expect(out).toMatchObject({ status: 200, error_code: 999999, msg: '已安全退出', data: null });
    expect(await mock.call('personal_data', {}, renewed)).toMatchObject({ status: 401, error_code: 99994, msg: '登录状态已失效，请重新登录' });
  });

  it('takes a ticket once, and only within five minutes', async () => {
    const ticket = (await issueTicket(mock.state, 'mama'))!;
    expect((await mock.call('st_validate', { body: { st: ticket, is_small_app: true } })).error_code).toBe(999999);
    const again = await mock.call('st_validate', { body: { st: ticket, is_small_app: true } });
    expect(again).toMatchObject({ status: 400, error_code: 100101, msg: '登录票据无效或已使用' });
    expect((await mock.call('st_validate', { body: { st: 'ST-made-up', is_small_app: false } })).error_code).toBe(100101);

    const late = (await issueTicket(mock.state, 'newbie'))!;
    mock.state.clock.advance(5 * MINUTE + 1000);
    expect((await mock.call('st_validate', { body: { st: late, is_small_app: true } })).error_code).toBe(100101);
    expect(mock.state.db.sessions.count()).toBe(1);
  });

  it('gives each sign-in its own client id and token', async () => {
    const first = await mock.call('st_validate', { body: { st: (await issueTicket(mock.state, 'mama'))!, is_small_app: true } });
    const second = await mock.call('st_validate', { body: { st: (await issueTicket(mock.state, 'mama'))!, is_small_app: true } });
    expect(second.data.client_id).not.toBe(first.data.client_id);
    expect(second.data.access_token).not.toBe(first.data.access_token);
  });

  it('renews an expired token once for calls sent side by side: each gets 99993 with the same token, and retries', async () => {
    const login = await mock.call('st_validate', { body: { st: (await issueTicket(mock.state, 'mama'))!, is_small_app: true } });
    const me = { clientId: login.data.client_id, accessToken: login.data.access_token };
    mock.state.clock.advance(2 * 3600_000 + 1000);
    // A page's calls, all sent with the expired token before any answer came back.
    const answers = await Promise.all(['personal_data', 'contact_information', 'system_message_is_see_num', 'order_list'].map((id) => mock.call(id as 'personal_data', {}, me)));
    expect(answers.map((a) => a.error_code)).toEqual([99993, 99993, 99993, 99993]);
    const tokens = new Set(answers.map((a) => (a.data as unknown as { access_token: string }).access_token));
    expect(tokens.size).toBe(1);
    const renewed = { ...me, accessToken: [...tokens][0]! };
    const retried = await Promise.all(['personal_data', 'contact_information', 'system_message_is_see_num', 'order_list'].map((id) => mock.call(id as 'personal_data', {}, renewed)));
    expect(retried.map((a) => a.error_code)).toEqual([999999, 999999, 999999, 999999]);
  });

  it('honours the replaced token for a minute (calls still in flight), then answers 99995', async () => {
    const login = await mock.call('st_validate', { body: { st: (await issueTicket(mock.state, 'mama'))!, is_small_app: true } });
    const me = { clientId: login.data.client_id, accessToken: login.data.access_token };
    mock.state.clock.advance(2 * 3600_000 + 1000);
    const fresh = ((await mock.call('personal_data', {}, me)).data as unknown as { access_token: string }).access_token;
    mock.state.clock.advance(30_000);
    expect(await mock.call('order_list', {}, me)).toMatchObject({ status: 401, error_code: 99993, data: { access_token: fresh } });
    mock.state.clock.advance(31_000);
    expect(await mock.call('order_list', {}, me)).toMatchObject({ status: 401, error_code: 99995 });
    expect(await mock.call('order_list', {}, { ...me, accessToken: fresh })).toMatchObject({ status: 200, error_code: 999999 });
  });

  it('answers 99995 without credentials', async () => {
    expect(await mock.call('personal_data', {})).toMatchObject({ status: 401, error_code: 99995, msg: '请先登录' });
  });
});

describe('personal data', () => {
  it('shows the parent with phone and mailbox masked', async () => {
    await mock.state.db.parents.update((q) => q.where({ username: 'mama' }), { data: (p) => void (p.mailbox = 'wangxh@example.com') });
    const me = await mock.signIn('mama');
    const { data } = await mock.call('personal_data', {}, me);
    expect(data.user_info).toEqual({
      id: parent('mama').id,
      url: null,
      real_name: '王小红',
      phone: '138****1111',
      username: 'mama',
      mailbox: 'wa****@example.com',
      real_name_status: realNameStatus.values.passed,
      has_password: true,
      wechat_bound: true,
    });
    const newbie = await mock.call('personal_data', {}, await mock.signIn('newbie'));
    expect(newbie.data.user_info).toMatchObject({ phone: null, mailbox: null, has_password: false, wechat_bound: false, real_name_status: realNameStatus.values.none });
  });

  it('changes the avatar, and the name only while real-name auth has not passed', async () => {
    const mama = await mock.signIn('mama');
    const renamed = await mock.call('edit_personal_data', { body: { real_name: '王大红' } }, mama);
    expect(renamed).toMatchObject({ error_code: 300609, msg: '已完成实名认证，姓名不能修改' });
    expect(parent('mama').real_name).toBe('王小红');
    // One form saves avatar and name together: the unchanged verified name is fine.
    expect((await mock.call('edit_personal_data', { body: { url: 'upload/1.png', real_name: '王小红' } }, mama)).error_code).toBe(999999);
    expect(parent('mama').url).toBe('upload/1.png');

    const newbie = await mock.signIn('newbie');
    expect((await mock.call('edit_personal_data', { body: { real_name: '李雷' } }, newbie)).error_code).toBe(999999);
    expect(parent('newbie').real_name).toBe('李雷');
  });
});

describe('real-name authentication', () => {
  const idNumber = makeIdNumber('110105', '1988-03-12', 123);

  it('passes an ID card at once and shows the record masked', async () => {
    const me = await mock.signIn('newbie');
    const sent = await mock.call('real_name_authentication_post', { body: { real_name: '李雷', credential_type: credentialType.values.idCard, id_number: idNumber } }, me);
    expect(sent.data).toEqual({
      status: realNameStatus.values.passed,
      real_name: '李雷',
      credential_type: credentialType.values.idCard,
      id_number: '110105********' + idNumber.slice(-4),
      reject_reason: null,
      submitted_at: '2026-09-01T10:00:00+08:00',
    });
    expect(parent('newbie')).toMatchObject({ id_number: idNumber, real_name_status: realNameStatus.values.passed });
    expect((await mock.call('real_name_authentication_get', {}, me)).data).toEqual(sent.data);
    expect((await mock.call('real_name_auth', {}, me)).data).toEqual({ is_auth: true, real_name: '李*' });

    const again = await mock.call('real_name_authentication_post', { body: { real_name: '李雷', credential_type: credentialType.values.idCard, id_number: idNumber } }, me);
    expect(again).toMatchObject({ error_code: 300609, msg: '已完成实名认证，无需重复提交' });
  });

  it('refuses an ID number that does not read, with the reason', async () => {
    const me = await mock.signIn('newbie');
    const wrongCheck = idNumber.slice(0, 17) + (idNumber[17] === '1' ? '2' : '1');
    const answer = await mock.call('real_name_authentication_post', { body: { real_name: '李雷', credential_type: credentialType.values.idCard, id_number: wrongCheck } }, me);
    expect(answer).toMatchObject({ status: 200, error_code: 300501, msg: '身份证号码校验位不正确，请核对' });
    expect(parent('newbie')).toMatchObject({ real_name_status: realNameStatus.values.none, id_number: null, real_name: null });
    expect((await mock.call('real_name_auth', {}, me)).data).toEqual({ is_auth: false, real_name: null });
  });

  it('sends other credentials to review, passed a day later with a message', async () => {
    const me = await mock.signIn('newbie');
    const sent = await mock.call('real_name_authentication_post', { body: { real_name: '李雷', credential_type: credentialType.values.passport, id_number: 'e12345678' } }, me);
    expect(sent.data).toMatchObject({ status: realNameStatus.values.reviewing, id_number: 'E1****' });

    // A day later the first token has long expired: sign in again, as the parent would.
    mock.state.clock.advance(DAY - 1000);
    const later = await mock.signIn('newbie');
    expect((await mock.call('real_name_authentication_get', {}, later)).data.status).toBe(realNameStatus.values.reviewing);
    mock.state.clock.advance(1000);
    expect((await mock.call('real_name_authentication_get', {}, later)).data.status).toBe(realNameStatus.values.passed);
    const messages = (await mock.call('system_message_list', {}, later)).data.list;
    expect(messages).toEqual([expect.objectContaining({ title: '实名认证已通过', is_see: false, created_at: '2026-09-02T10:00:00+08:00' })]);
  });
});

describe('upload', () => {
  async function upload(me: Credentials, file: File) {
    const form = new FormData();
    form.append('file', file);
    const response = await fetch(`${MOCK_ORIGIN}${API_BASE_PATH}upload`, {
      method: 'POST',
      body: form,
      headers: { [CLIENT_ID_HEADER]: me.clientId, [AUTH_HEADER]: me.accessToken },
    });
    return { status: response.status, ...((await response.json()) as { error_code: number; msg: string; data: { url: string } | null }) };
  }

  it('stores an image and answers its address relative to oss_base_url', async () => {
    const me = await mock.signIn('mama');
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 128]);
    const answer = await upload(me, new File([bytes], '头像.png', { type: 'image/png' }));
    expect(answer).toMatchObject({ status: 200, error_code: 999999, data: { url: 'upload/1.png' } });
    expect(mock.state.db.uploads.all()).toEqual([
      expect.objectContaining({ id: 1, parent_id: parent('mama').id, url: 'upload/1.png', content_type: 'image/png', size: 11, data_url: 'data:image/png;base64,iVBORw0KGgoA/4A=' }),
    ]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]);
    expect((await upload(me, new File([jpeg], 'a.jpg', { type: 'image/jpeg' }))).data).toEqual({ url: 'upload/2.jpg' });
  });

  it('judges an upload by its bytes: HTML declared as an image is refused, a PNG called a JPEG is kept as a PNG', async () => {
    const me = await mock.signIn('mama');
    const page = await upload(me, new File(['<html><script>alert(1)</script></html>'], 'cat.png', { type: 'image/png' }));
    expect(page).toMatchObject({ status: 400, error_code: 400001, msg: '文件内容不是 JPG、PNG、WEBP 或 GIF 图片' });
    expect(mock.state.db.uploads.count()).toBe(0);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
    expect((await upload(me, new File([png], 'photo.jpg', { type: 'image/jpeg' }))).data).toEqual({ url: 'upload/1.png' });
    expect(mock.state.db.uploads.all()[0]).toMatchObject({ content_type: 'image/png', data_url: expect.stringMatching(/^data:image\/png;base64,/) });
  });

  it('takes only JPG, PNG, WEBP and GIF up to 5 MB', async () => {
    const me = await mock.signIn('mama');
    const text = await upload(me, new File(['hello'], 'a.txt', { type: 'text/plain' }));
    expect(text).toMatchObject({ status: 400, error_code: 400001, msg: '仅支持 JPG、PNG、WEBP、GIF 图片' });
    const big = await upload(me, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.webp', { type: 'image/webp' }));
    expect(big).toMatchObject({ status: 400, error_code: 400001, msg: '图片不能超过5MB' });
    expect(mock.state.db.uploads.count()).toBe(0);
    const gif = new Uint8Array(5 * 1024 * 1024);
    gif.set([...'GIF89a'].map((c) => c.charCodeAt(0)));
    expect((await upload(me, new File([gif], 'max.gif', { type: 'image/gif' }))).data).toEqual({ url: 'upload/1.gif' });
  });
});

describe('oss_base_url', () => {
  it('answers the site’s base address, and leaves the field out when there is none', async () => {
    expect((await mock.call('oss_base_url', {})).data).toEqual({ oss_base_url: 'https://oss.example.org/ccc/' });
    await mock.state.db.site.update((q) => q.where({ name: site.name }), { data: (s) => void (s.oss_base_url = null) });
    const none = await mock.call('oss_base_url', {});
    expect(none).toMatchObject({ error_code: 999999, data: {} });
    expect(none.data).not.toHaveProperty('oss_base_url');
  });
});

describe('image codes and SMS codes', () => {
  it('draws the image code into an SVG and keeps it for five minutes', async () => {
    const image = await mock.call('send_sms_get', {});
    const captcha = mock.state.db.captchas.findFirst((q) => q.where({ key: image.data.captcha_key }), { strict: true });
    expect(captcha).toMatchObject({ code: expect.stringMatching(/^[A-Z2-9]{4}$/), expires_at: '2026-09-01T10:05:00+08:00', used: false });
    expect(image.data.captcha_image.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(image.data.captcha_image.slice(image.data.captcha_image.indexOf(',') + 1));
    const drawn = [...svg.matchAll(/<text[^>]*>(.)<\/text>/g)].map((m) => m[1]).join('');
    expect(drawn).toBe(captcha.code);
    expect((await mock.call('send_sms_get', {})).data.captcha_key).not.toBe(captcha.key);
  });

  it('sends a 6-digit code once the image code is right, and uses the image code up', async () => {
    const me = await mock.signIn('newbie');
    const image = await mock.call('send_sms_get', {});
    const captcha = mock.state.db.captchas.findFirst((q) => q.where({ key: image.data.captcha_key }), { strict: true });
    const body = { phone: '13700003333', scene: smsScene.values.bindPhone, captcha_key: captcha.key, captcha_code: 'ZZZZ' };
    expect(await mock.call('send_sms_post', { body }, me)).toMatchObject({ status: 200, error_code: 300605, msg: '图形验证码错误' });
    expect(mock.state.db.codes.count()).toBe(0);

    const sent = await mock.call('send_sms_post', { body: { ...body, captcha_code: captcha.code.toLowerCase() } }, me);
    expect(sent).toMatchObject({ error_code: 999999, data: { expires_in: 300, resend_after: 60 } });
    expect(mock.state.db.codes.all()).toEqual([
      expect.objectContaining({ user_id: parent('newbie').id, target: '13700003333', code: expect.stringMatching(/^\d{6}$/), expires_at: '2026-09-01T10:05:00+08:00', used: false }),
    ]);
    mock.state.clock.advance(MINUTE);
    const reused = await mock.call('send_sms_post', { body: { ...body, captcha_code: captcha.code } }, me);
    expect(reused).toMatchObject({ error_code: 300605, msg: '图形验证码已失效，请点击图片刷新' });
  });

  it('refuses an image code older than five minutes', async () => {
    const me = await mock.signIn('newbie');
    const image = await mock.call('send_sms_get', {});
    const captcha = mock.state.db.captchas.findFirst((q) => q.where({ key: image.data.captcha_key }), { strict: true });
    mock.state.clock.advance(5 * MINUTE);
    const late = await mock.call('send_sms_post', { body: { phone: '13700003333', scene: smsScene.values.bindPhone, captcha_key: captcha.key, captcha_code: captcha.code } }, me);
    expect(late.error_code).toBe(300605);
  });

  it('sends one code per phone per minute and says how long to wait', async () => {
    const me = await mock.signIn('newbie');
    expect((await sendSms(me, '13700003333', smsScene.values.bindPhone)).error_code).toBe(999999);
    mock.state.clock.advance(15_000);
    expect(await sendSms(me, '13700003333', smsScene.values.bindPhone)).toMatchObject({ error_code: 300606, msg: '发送太频繁，请45秒后再试' });
    mock.state.clock.advance(45_000);
    expect((await sendSms(me, '13700003333', smsScene.values.bindPhone)).error_code).toBe(999999);
    expect(mock.state.db.codes.count()).toBe(2);
  });

  it('checks the phone for each scene', async () => {
    const newbie = await mock.signIn('newbie');
    const mama = await mock.signIn('mama');
    expect(await sendSms(newbie, OTHER_PHONE, smsScene.values.bindPhone)).toMatchObject({ error_code: 300603, msg: '该手机号已被其他账号绑定' });
    expect(await sendSms(mama, '13700003333', smsScene.values.bindPhone)).toMatchObject({ error_code: 300607, msg: '已绑定手机号，如需更换请先验证原手机号' });
    expect((await sendSms(mama, OTHER_PHONE, smsScene.values.changePhone)).error_code).toBe(300603);
    expect(await sendSms(mama, MAMA_PHONE, smsScene.values.changePhone)).toMatchObject({ status: 400, msg: '新手机号不能与原手机号相同' });
    expect(await sendSms(mama, '13700003333', smsScene.values.setPassword)).toMatchObject({ status: 400, msg: '请填写本账号绑定的手机号' });
    expect((await sendSms(mama, MAMA_PHONE, smsScene.values.setPassword)).error_code).toBe(999999);
    expect(await sendSms(newbie, '13700003333', smsScene.values.setPassword)).toMatchObject({ error_code: 300901, msg: '尚未绑定手机号，请先绑定手机号' });
  });

  it('sends a set-password code to the bound phone when none is named: the app need not know the number', async () => {
    const mama = await mock.signIn('mama');
    expect(await sendSms(mama, undefined, smsScene.values.setPassword)).toMatchObject({ error_code: 999999 });
    expect(mock.state.db.codes.findMany((q) => q.where({ target: MAMA_PHONE }))).toHaveLength(1);
    expect(await sendSms(mama, undefined, smsScene.values.changePhone)).toMatchObject({ status: 400, msg: '手机号：请输入手机号' });
    expect(await sendSms(await mock.signIn('newbie'), undefined, smsScene.values.setPassword)).toMatchObject({ error_code: 300901 });
  });
});

describe('phone binding and change', () => {
  it('binds a phone to an account without one, with a code that is right and fresh', async () => {
    const me = await mock.signIn('newbie');
    await sendSms(me, '13700003333', smsScene.values.bindPhone);
    const code = codeSentTo('13700003333');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await mock.call('binding_phone_number', { body: { phone: '13700003333', sms_code: wrong } }, me)).toMatchObject({ error_code: 300601, msg: '验证码错误' });
    expect(await mock.call('binding_phone_number', { body: { phone: '13700004444', sms_code: code } }, me)).toMatchObject({ error_code: 300601, msg: '请先获取验证码' });
    mock.state.clock.advance(5 * MINUTE);
    expect(await mock.call('binding_phone_number', { body: { phone: '13700003333', sms_code: code } }, me)).toMatchObject({ error_code: 300602, msg: '验证码已过期，请重新获取' });
    expect(parent('newbie').phone).toBeNull();

    await sendSms(me, '13700003333', smsScene.values.bindPhone);
    expect((await mock.call('binding_phone_number', { body: { phone: '13700003333', sms_code: codeSentTo('13700003333') } }, me)).error_code).toBe(999999);
    expect(parent('newbie').phone).toBe('13700003333');
    expect((await mock.call('see_phone_num', {}, me)).data).toEqual({ phone: '137****3333' });
  });

  it('changes the phone: old phone code → verify token → new phone code', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('see_phone_num', {}, me)).data).toEqual({ phone: '138****1111' });
    const noToken = await mock.call('binding_new_phone_num', { body: { phone: '13700003333', sms_code: '123456', verify_token: 'VT-guess' } }, me);
    expect(noToken).toMatchObject({ error_code: 300607, msg: '请先完成原手机号验证' });

    expect((await mock.call('verify_old_phone_number_send_sms', { body: {} }, me)).data).toEqual({ expires_in: 300, resend_after: 60 });
    const oldCode = codeSentTo(MAMA_PHONE);
    expect((await mock.call('verify_old_phone_number', { body: { sms_code: oldCode === '000000' ? '111111' : '000000' } }, me)).error_code).toBe(300601);
    const verified = await mock.call('verify_old_phone_number', { body: { sms_code: oldCode } }, me);
    const token = verified.data.verify_token;
    expect(mock.state.db.verifyTokens.findFirst((q) => q.where({ token }))).toMatchObject({ expires_at: '2026-09-01T10:10:00+08:00', used: false });

    await sendSms(me, '13700003333', smsScene.values.changePhone);
    const change = await mock.call('binding_new_phone_num', { body: { phone: '13700003333', sms_code: codeSentTo('13700003333'), verify_token: token } }, me);
    expect(change).toMatchObject({ error_code: 999999, data: null });
    expect(parent('mama').phone).toBe('13700003333');

    mock.state.clock.advance(MINUTE);
    await sendSms(me, '13700005555', smsScene.values.changePhone);
    const reuse = await mock.call('binding_new_phone_num', { body: { phone: '13700005555', sms_code: codeSentTo('13700005555'), verify_token: token } }, me);
    expect(reuse).toMatchObject({ error_code: 300607, msg: '原手机号验证已失效，请重新验证' });
  });

  it('lets the verify token lapse after ten minutes', async () => {
    const me = await mock.signIn('mama');
    await mock.call('verify_old_phone_number_send_sms', { body: {} }, me);
    const token = (await mock.call('verify_old_phone_number', { body: { sms_code: codeSentTo(MAMA_PHONE) } }, me)).data.verify_token;
    mock.state.clock.advance(9 * MINUTE);
    await sendSms(me, '13700003333', smsScene.values.changePhone);
    mock.state.clock.advance(MINUTE);
    const late = await mock.call('binding_new_phone_num', { body: { phone: '13700003333', sms_code: codeSentTo('13700003333'), verify_token: token } }, me);
    expect(late.error_code).toBe(300607);
    expect(parent('mama').phone).toBe(MAMA_PHONE);
  });

  it('leaves every table as it was when a change is refused', async () => {
    const me = await mock.signIn('mama');
    await mock.call('verify_old_phone_number_send_sms', { body: {} }, me);
    const token = (await mock.call('verify_old_phone_number', { body: { sms_code: codeSentTo(MAMA_PHONE) } }, me)).data.verify_token;
    await sendSms(me, '13700003333', smsScene.values.changePhone);
    const code = codeSentTo('13700003333');
    const before = mock.state.snapshot();
    // The token is checked (and used) before the code is found wrong: the refusal must undo that.
    const refused = await mock.call('binding_new_phone_num', { body: { phone: '13700003333', sms_code: code === '000000' ? '111111' : '000000', verify_token: token } }, me);
    expect(refused.error_code).toBe(300601);
    expect(mock.state.snapshot()).toEqual(before);
    expect((await mock.call('binding_new_phone_num', { body: { phone: '13700003333', sms_code: code, verify_token: token } }, me)).error_code).toBe(999999);
  });
});

describe('mailbox', () => {
  it('binds a mailbox to an account without one', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('check_mailbox', {}, me)).data).toEqual({ is_bound: false, mailbox: null });
    expect(await mock.call('verify_old_mailbox_get', {}, me)).toMatchObject({ error_code: 300901, msg: '尚未绑定邮箱，请先绑定邮箱' });
    expect(await mock.call('send_mailbox_verification_code', { body: { mailbox: 'Taken@Example.com', scene: mailboxScene.values.bind } }, me)).toMatchObject({
      error_code: 300608,
      msg: '该邮箱已被其他账号绑定',
    });

    const sent = await mock.call('send_mailbox_verification_code', { body: { mailbox: 'WangXH@example.com', scene: mailboxScene.values.bind } }, me);
    expect(sent.data).toEqual({ expires_in: 300, resend_after: 60 });
    expect(await mock.call('send_mailbox_verification_code', { body: { mailbox: 'wangxh@example.com', scene: mailboxScene.values.bind } }, me)).toMatchObject({ error_code: 300606 });
    expect((await mock.call('mailbox_relevance', { body: { mailbox: 'wangxh@example.com', code: codeSentTo('wangxh@example.com') } }, me)).error_code).toBe(999999);
    expect(parent('mama').mailbox).toBe('wangxh@example.com');
    expect((await mock.call('check_mailbox', {}, me)).data).toEqual({ is_bound: true, mailbox: 'wa****@example.com' });

    mock.state.clock.advance(MINUTE);
    const twice = await mock.call('send_mailbox_verification_code', { body: { mailbox: 'new@example.com', scene: mailboxScene.values.bind } }, me);
    expect(twice).toMatchObject({ error_code: 300607, msg: '已绑定邮箱，如需更换请先验证原邮箱' });
  });

  it('changes the mailbox: old mailbox code → verify token → new mailbox code', async () => {
    const me = await mock.signIn('other');
    const noToken = await mock.call('change_mailbox', { body: { mailbox: 'new@example.com', code: '123456', verify_token: 'VT-guess' } }, me);
    expect(noToken).toMatchObject({ error_code: 300607, msg: '请先完成原邮箱验证' });

    expect((await mock.call('verify_old_mailbox_get', {}, me)).data).toEqual({ expires_in: 300, resend_after: 60, mailbox: 'ta****@example.com' });
    const token = (await mock.call('verify_old_mailbox_post', { body: { code: codeSentTo('taken@example.com') } }, me)).data.verify_token;
    expect(await mock.call('send_mailbox_verification_code', { body: { mailbox: 'taken@example.com', scene: mailboxScene.values.change } }, me)).toMatchObject({
      status: 400,
      msg: '新邮箱不能与原邮箱相同',
    });
    await mock.call('send_mailbox_verification_code', { body: { mailbox: 'new@example.com', scene: mailboxScene.values.change } }, me);
    const changed = await mock.call('change_mailbox', { body: { mailbox: 'new@example.com', code: codeSentTo('new@example.com'), verify_token: token } }, me);
    expect(changed.error_code).toBe(999999);
    expect(parent('other').mailbox).toBe('new@example.com');
  });
});

describe('passwords', () => {
  it('shows whether a password is set and where a code would go', async () => {
    expect((await mock.call('change_password_get', {}, await mock.signIn('mama'))).data).toEqual({ has_password: true, phone: '138****1111' });
    expect((await mock.call('change_password_get', {}, await mock.signIn('newbie'))).data).toEqual({ has_password: false, phone: null });
  });

  it('sets a password with a code sent for that purpose', async () => {
    const me = await mock.signIn('mama');
    await sendSms(me, MAMA_PHONE, smsScene.values.setPassword);
    const code = codeSentTo(MAMA_PHONE);
    expect((await mock.call('change_password_post', { body: { sms_code: code === '000000' ? '111111' : '000000', new_password: 'NewPass123' } }, me)).error_code).toBe(300601);
    expect((await mock.call('change_password_post', { body: { sms_code: code, new_password: 'NewPass123' } }, me)).error_code).toBe(999999);
    expect(parent('mama').password).toBe('NewPass123');
    // A code is single use.
    expect((await mock.call('change_password_post', { body: { sms_code: code, new_password: 'Other1234' } }, me)).error_code).toBe(300601);
  });

  it('does not take a code sent for another step', async () => {
    const me = await mock.signIn('mama');
    await mock.call('verify_old_phone_number_send_sms', { body: {} }, me);
    const answer = await mock.call('change_password_post', { body: { sms_code: codeSentTo(MAMA_PHONE), new_password: 'NewPass123' } }, me);
    expect(answer).toMatchObject({ error_code: 300601, msg: '请先获取验证码' });
  });

  it('changes a password given the old one, never to the same', async () => {
    const me = await mock.signIn('mama');
    expect(await mock.call('change_password_put', { body: { old_password: 'wrong', new_password: 'NewPass123' } }, me)).toMatchObject({ error_code: 300604, msg: '原密码错误' });
    expect(await mock.call('change_password_put', { body: { old_password: 'Passw0rd', new_password: 'Passw0rd' } }, me)).toMatchObject({
      status: 400,
      error_code: 400001,
      msg: '新密码不能与原密码相同',
    });
    expect(await mock.call('change_password_put', { body: { old_password: 'Passw0rd', new_password: 'short' } }, me)).toMatchObject({ status: 400, msg: 'new_password：密码至少8位' });
    expect(parent('mama').password).toBe('Passw0rd');
    expect((await mock.call('change_password_put', { body: { old_password: 'Passw0rd', new_password: 'NewPass123' } }, me)).error_code).toBe(999999);
    expect(parent('mama').password).toBe('NewPass123');
    const none = await mock.call('change_password_put', { body: { old_password: 'x', new_password: 'NewPass123' } }, await mock.signIn('newbie'));
    expect(none).toMatchObject({ error_code: 300604, msg: '尚未设置密码，请通过短信验证码设置密码' });
  });
});

describe('WeChat binding', () => {
  it('lists the bound WeChat and unbinds it once', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('get_register_user_auth_info', {}, me)).data).toEqual({ list: [WECHAT] });
    expect((await mock.call('unbound_register_user_auth_info', { query: { auth_type: thirdPartyKind.values.wechat } }, me)).error_code).toBe(999999);
    expect((await mock.call('get_register_user_auth_info', {}, me)).data).toEqual({ list: [] });
    expect((await mock.call('personal_data', {}, me)).data.user_info.wechat_bound).toBe(false);
    const again = await mock.call('unbound_register_user_auth_info', { query: { auth_type: thirdPartyKind.values.wechat } }, me);
    expect(again).toMatchObject({ error_code: 300901, msg: '未绑定该第三方账号' });
  });
});
