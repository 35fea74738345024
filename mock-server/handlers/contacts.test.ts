import { describe, expect, it } from 'vitest';
import { contactAuditStatus, credentialType, gender, guardianRelation, makeIdNumber, messageType, orderStatus, signUpStatus, type InputOf, type Operations, type ValueOf } from '#contract/index';
import { buildWorld } from '#fixtures/snapshot';
import { DAY, HOUR, MINUTE, toIso } from '#fixtures/time';
import { setupMockForTests } from '../testing.ts';

const NOW = Date.parse('2026-09-01T10:00:00+08:00');

/** An 18-digit number ending in X: the parent may type it in lower case. */
function idEndingInX(birthDate: string): string {
  for (let sequence = 1; ; sequence += 1) {
    const value = makeIdNumber('110105', birthDate, sequence);
    if (value.endsWith('X')) return value;
  }
}

const XIAOYU_ID = makeIdNumber('110105', '2018-09-02', 123); // turns 8 tomorrow
const PASSPORT = 'E87654321';

/**
 * mama: 1 小雨 (ID card, passed, 7 until tomorrow), 2 小雪 (passport, reviewing since an hour
 * ago), 3 小风 (deleted). other: 4 their child. Grades 托班/一年级/二年级 (sorted out of order).
 * Messages: mama 1 (read, 3 days ago), 2 (unread, yesterday), 3 (unread, today); other 4.
 */
const mock = setupMockForTests({
  world: () =>
    buildWorld(5, NOW, ({ f, add }) => {
      const [mama] = add('parents', f.parent({ username: 'mama' }));
      const [other] = add('parents', f.parent({ username: 'other' }));
      add(
        'contacts',
        f.contact(mama!.id, { id: 1, name: '王小雨', birth_date: '2018-09-02', gender: gender.values.male, id_number: XIAOYU_ID, guardian_phone: '13800001111', grade_type: 2 }),
        f.contact(mama!.id, {
          id: 2,
          name: '王小雪',
          credential_type: credentialType.values.passport,
          id_number: PASSPORT,
          birth_date: '2019-03-01',
          gender: gender.values.female,
          audit_status: contactAuditStatus.values.reviewing,
          created_at: toIso(NOW - HOUR),
        }),
        f.contact(mama!.id, { id: 3, name: '王小风', deleted: true }),
        f.contact(other!.id, { id: 4, name: '李小明' }),
      );
      add(
        'choices',
        { kind: 'grade', value: 2, label: '一年级', sort: 2 },
        { kind: 'grade', value: 1, label: '托班', sort: 1 },
        { kind: 'grade', value: 3, label: '二年级', sort: 3 },
        { kind: 'invoiceTitle', value: 9, label: '个人', sort: 0 },
      );
      add(
        'messages',
        f.message(mama!.id, { id: 1, title: '旧通知', is_see: true, created_at: toIso(NOW - 3 * DAY) }),
        f.message(mama!.id, { id: 2, title: '昨天的通知', created_at: toIso(NOW - DAY) }),
        f.message(mama!.id, { id: 3, type: messageType.values.order, title: '订单已支付', content: '<p>您的订单已支付成功。</p>', created_at: toIso(NOW - MINUTE) }),
        f.message(other!.id, { id: 4, title: '别人的通知' }),
      );
    }),
});

const contactRow = (id: number) => mock.state.db.contacts.findFirst((q) => q.where({ id }), { strict: true });

type ContactInput = InputOf<Operations['add_contact_information']>['body'];
const childInput = (o: Partial<ContactInput> = {}): ContactInput => ({
  name: '王小川',
  credential_type: credentialType.values.idCard,
  id_number: makeIdNumber('110105', '2017-05-20', 121),
  guardian_name: '王小红',
  guardian_relation: guardianRelation.values.mother,
  guardian_phone: '13800001111',
  ...o,
});

describe('contact_information', () => {
  it('lists the parent’s children with age on the mock clock and the number masked', async () => {
    const me = await mock.signIn('mama');
    const { data } = await mock.call('contact_information', {}, me);
    expect(data).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(data.list).toEqual([
      {
        id: 1,
        name: '王小雨',
        gender: gender.values.male,
        birth_date: '2018-09-02',
        age: 7,
        credential_type: credentialType.values.idCard,
        id_number: `110105********${XIAOYU_ID.slice(-4)}`,
        audit_status: contactAuditStatus.values.passed,
        avatar: null,
      },
      expect.objectContaining({ id: 2, name: '王小雪', id_number: 'E8****', audit_status: contactAuditStatus.values.reviewing }),
    ]);
    mock.state.clock.advance(14 * HOUR);
    const tomorrow = await mock.call('contact_information', {}, await mock.signIn('mama'));
    expect(tomorrow.data.list[0]!.age).toBe(8);
  });

  it('keeps only passed children for the child selector, and pages', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('contact_information', { query: { passed: true } }, me)).data.list.map((c) => c.id)).toEqual([1]);
    const page2 = await mock.call('contact_information', { query: { page: 2, page_size: 1 } }, me);
    expect(page2.data).toMatchObject({ total: 2, page: 2, page_size: 1, list: [expect.objectContaining({ id: 2 })] });
  });
});

describe('detail_contact_information', () => {
  it('shows one child in full with the guardian phone masked', async () => {
    const me = await mock.signIn('mama');
    const { data } = await mock.call('detail_contact_information', { pathParams: { id: 1 } }, me);
    expect(data).toMatchObject({ id: 1, age: 7, grade_type: 2, guardian_phone: '138****1111', id_number: `110105********${XIAOYU_ID.slice(-4)}`, reject_reason: null });
  });

  it('answers 404 for another family’s child and a deleted one', async () => {
    const me = await mock.signIn('mama');
    for (const id of [3, 4, 99]) {
      expect(await mock.call('detail_contact_information', { pathParams: { id } }, me)).toMatchObject({ status: 404, error_code: 404001, msg: '孩子信息不存在或已删除' });
    }
  });
});

describe('add_contact_information', () => {
  it('reads birth date and gender from an ID number, ignoring what was sent', async () => {
    const me = await mock.signIn('mama');
    const number = idEndingInX('2016-12-31');
    const added = await mock.call('add_contact_information', { body: childInput({ id_number: number.toLowerCase(), birth_date: '2020-01-01', gender: gender.values.female, grade_type: 3 }) }, me);
    expect(added).toMatchObject({ status: 200, error_code: 999999, data: { id: 5 } });
    const expectedGender = Number(number[16]) % 2 === 1 ? gender.values.male : gender.values.female;
    expect(contactRow(5)).toMatchObject({
      parent_id: mock.state.db.parents.findFirst((q) => q.where({ username: 'mama' }))!.id,
      id_number: number,
      birth_date: '2016-12-31',
      gender: expectedGender,
      grade_type: 3,
      school: null,
      audit_status: contactAuditStatus.values.passed,
      created_at: '2026-09-01T10:00:00+08:00',
      deleted: false,
    });
    expect((await mock.call('detail_contact_information', { pathParams: { id: 5 } }, me)).data.age).toBe(9);
  });

  it('refuses an ID number that does not read, with the reason', async () => {
    const me = await mock.signIn('mama');
    const future = await mock.call('add_contact_information', { body: childInput({ id_number: makeIdNumber('110105', '2027-01-01', 11) }) }, me);
    expect(future).toMatchObject({ status: 200, error_code: 300501, msg: '身份证号码中的出生日期无效' });
    const short = await mock.call('add_contact_information', { body: childInput({ id_number: '1101052017' }) }, me);
    expect(short).toMatchObject({ error_code: 300501, msg: '身份证号码应为15位数字或18位（末位可为X）' });
    expect(mock.state.db.contacts.count()).toBe(4);
  });

  it('needs birth date and gender for other credentials, then reviews for a day', async () => {
    const me = await mock.signIn('mama');
    const passport = { credential_type: credentialType.values.hkMacauPass, id_number: 'H12345678' } as const;
    expect(await mock.call('add_contact_information', { body: childInput({ ...passport, gender: gender.values.male }) }, me)).toMatchObject({
      status: 400,
      error_code: 400001,
      msg: '出生日期：使用非身份证证件时请填写孩子的出生日期',
    });
    expect(await mock.call('add_contact_information', { body: childInput({ ...passport, birth_date: '2018-01-01' }) }, me)).toMatchObject({
      status: 400,
      msg: '性别：使用非身份证证件时请选择孩子的性别',
    });
    expect(await mock.call('add_contact_information', { body: childInput({ ...passport, birth_date: '2026-09-02', gender: gender.values.male }) }, me)).toMatchObject({
      status: 400,
      msg: '出生日期：不能晚于今天',
    });

    const added = await mock.call('add_contact_information', { body: childInput({ ...passport, birth_date: '2018-01-01', gender: gender.values.male }) }, me);
    expect(contactRow(added.data.id)).toMatchObject({ birth_date: '2018-01-01', gender: gender.values.male, audit_status: contactAuditStatus.values.reviewing });

    mock.state.clock.advance(DAY - 1000);
    const stillReviewing = await mock.signIn('mama');
    expect((await mock.call('detail_contact_information', { pathParams: { id: added.data.id } }, stillReviewing)).data.audit_status).toBe(contactAuditStatus.values.reviewing);
    mock.state.clock.advance(1000);
    expect((await mock.call('detail_contact_information', { pathParams: { id: added.data.id } }, stillReviewing)).data.audit_status).toBe(contactAuditStatus.values.passed);
    const messages = (await mock.call('system_message_list', {}, stillReviewing)).data.list;
    expect(messages.filter((m) => m.title === '孩子信息审核通过').map((m) => m.created_at)).toEqual(['2026-09-02T10:00:00+08:00', '2026-09-02T09:00:00+08:00']);
  });

  it('refuses the same credential number twice for one parent, not across families', async () => {
    const me = await mock.signIn('mama');
    expect(await mock.call('add_contact_information', { body: childInput({ id_number: XIAOYU_ID }) }, me)).toMatchObject({ error_code: 300503, msg: '该证件号码已添加过（王小雨）' });
    const passport = childInput({ credential_type: credentialType.values.passport, id_number: ' e87654321 ', birth_date: '2019-03-01', gender: gender.values.female });
    expect((await mock.call('add_contact_information', { body: passport }, me)).error_code).toBe(300503);
    expect((await mock.call('add_contact_information', { body: childInput({ id_number: XIAOYU_ID }) }, await mock.signIn('other'))).error_code).toBe(999999);
  });

  it('takes a child only under 18, by the ID number or the birth date, and says so (a probe finding, decision 058)', async () => {
    const me = await mock.signIn('mama');
    const add = (input: Partial<ContactInput>) => mock.call('add_contact_information', { body: childInput(input) }, me);
    // 76 years old: the probe's number, once accepted as a child.
    expect(await add({ id_number: makeIdNumber('110105', '1950-03-01', 17) })).toMatchObject({ status: 200, error_code: 300501, msg: '该证件号码显示年龄为76岁，孩子须未满18周岁' });
    // A legacy 15-digit number was issued before 2000, so it never reads as a child's.
    const fifteen = (birth: string) => {
      const eighteen = makeIdNumber('110105', birth, 357);
      return `${eighteen.slice(0, 6)}${eighteen.slice(8, 17)}`;
    };
    expect(await add({ id_number: fifteen('1998-05-06') })).toMatchObject({ error_code: 300501, msg: '该证件号码显示年龄为28岁，孩子须未满18周岁' });
    // 18 today: no longer a child; 18 tomorrow: still one.
    expect(await add({ id_number: makeIdNumber('110105', '2008-09-01', 21) })).toMatchObject({ error_code: 300501, msg: '该证件号码显示年龄为18岁，孩子须未满18周岁' });
    expect((await add({ id_number: makeIdNumber('110105', '2008-09-02', 21) })).error_code).toBe(999999);
    const passport = { credential_type: credentialType.values.passport, id_number: 'E11112222', gender: gender.values.female } as const;
    expect(await add({ ...passport, birth_date: '2008-09-01' })).toMatchObject({ status: 400, error_code: 400001, msg: '出生日期：该出生日期显示年龄为18岁，孩子须未满18周岁' });
    expect(mock.state.db.contacts.count()).toBe(5);
  });

  it('takes no adult by an edit either', async () => {
    const me = await mock.signIn('mama');
    const answer = await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: { ...childInput({ id_number: makeIdNumber('110105', '1990-01-01', 5) }) } }, me);
    expect(answer).toMatchObject({ error_code: 300501, msg: '该证件号码显示年龄为36岁，孩子须未满18周岁' });
    expect(contactRow(1).id_number).toBe(XIAOYU_ID);
  });

  it('takes grade_type only from the grade choices', async () => {
    const me = await mock.signIn('mama');
    expect(await mock.call('add_contact_information', { body: childInput({ grade_type: 9 }) }, me)).toMatchObject({ status: 400, msg: '年级：请从列表中选择年级' });
  });
});

describe('edit_contact_information', () => {
  const xiaoyu = (o: Partial<ContactInput> = {}) => childInput({ name: '王小雨', id_number: XIAOYU_ID, guardian_phone: '13800001111', ...o });

  it('changes details without a new review', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: xiaoyu({ name: '王晓雨', school: '西城实验小学', health_notes: '花生过敏' }) }, me)).error_code).toBe(999999);
    expect(contactRow(1)).toMatchObject({
      name: '王晓雨',
      school: '西城实验小学',
      health_notes: '花生过敏',
      grade_type: null,
      audit_status: contactAuditStatus.values.passed,
      created_at: toIso(NOW - 60 * DAY),
    });
  });

  it('takes an omitted or masked ID number and guardian phone as unchanged (no retyping to change a school)', async () => {
    const me = await mock.signIn('mama');
    const shown = (await mock.call('detail_contact_information', { pathParams: { id: 1 } }, me)).data;
    expect(shown.id_number).toContain('*');
    const rest: Partial<ContactInput> = xiaoyu({ school: '西城实验小学' });
    delete rest.id_number;
    delete rest.guardian_phone;
    expect((await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: rest as ContactInput }, me)).error_code).toBe(999999);
    expect(contactRow(1)).toMatchObject({ id_number: XIAOYU_ID, guardian_phone: '13800001111', school: '西城实验小学', audit_status: contactAuditStatus.values.passed });
    const masked = xiaoyu({ school: '实验二小', id_number: shown.id_number, guardian_phone: shown.guardian_phone });
    expect((await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: masked }, me)).error_code).toBe(999999);
    expect(contactRow(1)).toMatchObject({ id_number: XIAOYU_ID, guardian_phone: '13800001111', school: '实验二小' });
    // A mask that is not the stored number's is no number at all.
    const before = mock.state.snapshot();
    const wrong = await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: xiaoyu({ id_number: '110105********9999' }) }, me);
    expect(wrong).toMatchObject({ error_code: 300501, msg: '证件号码与原号码不符，请输入完整号码' });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('re-reads a changed ID number', async () => {
    const me = await mock.signIn('mama');
    const number = makeIdNumber('110105', '2019-06-01', 200);
    expect((await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: xiaoyu({ id_number: number }) }, me)).error_code).toBe(999999);
    expect(contactRow(1)).toMatchObject({ id_number: number, birth_date: '2019-06-01', gender: gender.values.female, audit_status: contactAuditStatus.values.passed });
    const bad = await mock.call('edit_contact_information', { pathParams: { id: 1 }, body: xiaoyu({ id_number: number.slice(0, 17) + (number[17] === '1' ? '2' : '1') }) }, me);
    expect(bad).toMatchObject({ error_code: 300501, msg: '身份证号码校验位不正确，请核对' });
  });

  it('sends a changed non-ID credential back to review for a day', async () => {
    await mock.state.db.contacts.update((q) => q.where({ id: 2 }), { data: (c) => void (c.audit_status = contactAuditStatus.values.passed) });
    const me = await mock.signIn('mama');
    const passport = { credential_type: credentialType.values.passport, birth_date: '2019-03-01', gender: gender.values.female } as const;
    await mock.call('edit_contact_information', { pathParams: { id: 2 }, body: xiaoyu({ ...passport, name: '王小雪', id_number: PASSPORT, school: '新学校' }) }, me);
    expect(contactRow(2).audit_status).toBe(contactAuditStatus.values.passed);

    mock.state.clock.advance(2 * HOUR);
    const later = await mock.signIn('mama');
    await mock.call('edit_contact_information', { pathParams: { id: 2 }, body: xiaoyu({ ...passport, name: '王小雪', id_number: 'E11112222' }) }, later);
    expect(contactRow(2)).toMatchObject({ id_number: 'E11112222', audit_status: contactAuditStatus.values.reviewing });
    // The day counts from the edit, not from when the child was first added.
    mock.state.clock.advance(DAY - 1000);
    await mock.call('contact_information', {}, await mock.signIn('mama'));
    expect(contactRow(2).audit_status).toBe(contactAuditStatus.values.reviewing);
    mock.state.clock.advance(1000);
    await mock.call('contact_information', {}, await mock.signIn('mama'));
    expect(contactRow(2).audit_status).toBe(contactAuditStatus.values.passed);
  });

  it('refuses a sibling’s number and another family’s child', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('edit_contact_information', { pathParams: { id: 2 }, body: xiaoyu({ name: '王小雪' }) }, me)).error_code).toBe(300503);
    expect((await mock.call('edit_contact_information', { pathParams: { id: 4 }, body: xiaoyu() }, me)).status).toBe(404);
    expect(contactRow(4).name).toBe('李小明');
  });
});

describe('delete_contact_information', () => {
  async function give(contactId: number, signUp: ValueOf<typeof signUpStatus>, order: ValueOf<typeof orderStatus> | null) {
    const parentId = contactRow(contactId).parent_id;
    const signUpId = mock.state.db.signUps.count() + 1;
    const orderId = order === null ? null : mock.state.db.orders.count() + 1;
    await mock.state.db.signUps.create({
      id: signUpId,
      parent_id: parentId,
      class_id: 1,
      contact_id: contactId,
      status: signUp,
      created_at: toIso(NOW - DAY),
      result_at: null,
      order_id: orderId,
      cancel_reason: null,
      cancelled_at: null,
      rank: null,
    });
    if (orderId === null || order === null) return;
    await mock.state.db.orders.create({
      id: orderId,
      order_no: `CC${orderId}`,
      parent_id: parentId,
      sign_up_id: signUpId,
      class_id: 1,
      contact_id: contactId,
      amount: 1600,
      status: order,
      // Within its payment window: the order rules close unpaid orders whose window has passed.
      created_at: toIso(NOW - MINUTE),
      pay_deadline: toIso(NOW + 29 * MINUTE),
      pay_time: null,
      pay_type: null,
      trade_no: null,
      paid_amount: 0,
      refunded_amount: 0,
      cancelled_at: null,
      closed_at: null,
    });
  }

  const live: [string, ValueOf<typeof signUpStatus>, ValueOf<typeof orderStatus> | null][] = [
    ['awaiting an order', signUpStatus.values.awaitingOrder, null],
    ['waiting for the lottery', signUpStatus.values.lotteryPending, null],
    ['waiting for the interview', signUpStatus.values.interviewPending, null],
    ['admitted', signUpStatus.values.admitted, null],
    ['ordered, unpaid', signUpStatus.values.ordered, orderStatus.values.unpaid],
    ['enrolled, paid', signUpStatus.values.enrolled, orderStatus.values.paid],
    ['enrolled, refunding', signUpStatus.values.enrolled, orderStatus.values.refunding],
  ];
  it.each(live)('keeps a child with a sign-up %s', async (_, signUp, order) => {
    await give(1, signUp, order);
    const me = await mock.signIn('mama');
    const before = mock.state.snapshot();
    expect(await mock.call('delete_contact_information', { pathParams: { id: 1 } }, me)).toMatchObject({ status: 200, error_code: 300502, msg: '该孩子有进行中的报名或订单，不能删除' });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('soft-deletes a child whose sign-ups and orders are over', async () => {
    await give(1, signUpStatus.values.cancelled, null);
    await give(1, signUpStatus.values.notAdmitted, null);
    await give(1, signUpStatus.values.ordered, orderStatus.values.closed);
    await give(1, signUpStatus.values.enrolled, orderStatus.values.refunded);
    const me = await mock.signIn('mama');
    expect(await mock.call('delete_contact_information', { pathParams: { id: 1 } }, me)).toMatchObject({ error_code: 999999, data: null });
    expect(contactRow(1).deleted).toBe(true);
    expect((await mock.call('contact_information', {}, me)).data.list.map((c) => c.id)).toEqual([2]);
    expect((await mock.call('delete_contact_information', { pathParams: { id: 1 } }, me)).status).toBe(404);
    // Deleted, the child may be added again.
    expect((await mock.call('add_contact_information', { body: childInput({ id_number: XIAOYU_ID }) }, me)).error_code).toBe(999999);
  });

  it('answers 404 for another family’s child', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('delete_contact_information', { pathParams: { id: 4 } }, me)).status).toBe(404);
    expect(contactRow(4).deleted).toBe(false);
  });
});

describe('grade_type_enum_choose', () => {
  it('lists the grades in their order', async () => {
    expect((await mock.call('grade_type_enum_choose', {})).data).toEqual({
      list: [
        { value: 1, label: '托班' },
        { value: 2, label: '一年级' },
        { value: 3, label: '二年级' },
      ],
    });
  });
});

describe('system messages', () => {
  it('lists the parent’s messages newest first, paged', async () => {
    const me = await mock.signIn('mama');
    const { data } = await mock.call('system_message_list', {}, me);
    expect(data.list.map((m) => m.id)).toEqual([3, 2, 1]);
    expect(data.list[0]).toEqual({ id: 3, type: messageType.values.order, title: '订单已支付', summary: expect.any(String), is_see: false, created_at: toIso(NOW - MINUTE), record: null });
    expect((await mock.call('system_message_list', { query: { page: 2, page_size: 2 } }, me)).data).toMatchObject({ total: 3, list: [expect.objectContaining({ id: 1 })] });
  });

  it('marks a message read when it is opened, and counts the unread', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('system_message_is_see_num', {}, me)).data).toEqual({ num: 2 });
    const detail = await mock.call('system_message_detail', { pathParams: { id: 3 } }, me);
    expect(detail.data).toMatchObject({ id: 3, is_see: true, content: '<p>您的订单已支付成功。</p>' });
    expect((await mock.call('system_message_is_see_num', {}, me)).data).toEqual({ num: 1 });
    expect(await mock.call('system_message_detail', { pathParams: { id: 4 } }, me)).toMatchObject({ status: 404, msg: '消息不存在或已删除' });
    expect(mock.state.db.messages.findFirst((q) => q.where({ id: 4 }))!.is_see).toBe(false);
  });

  it('marks all of the parent’s messages read, and only theirs', async () => {
    const me = await mock.signIn('mama');
    expect((await mock.call('system_message_all_read', { body: {} }, me)).error_code).toBe(999999);
    expect((await mock.call('system_message_is_see_num', {}, me)).data).toEqual({ num: 0 });
    expect((await mock.call('system_message_is_see_num', {}, await mock.signIn('other'))).data).toEqual({ num: 1 });
  });
});
