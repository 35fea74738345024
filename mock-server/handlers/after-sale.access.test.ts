import { beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, guardianRelation, pickerStatus } from '#contract/index';
import { DAY } from '#fixtures/time';
import { setupMockForTests } from '../testing.ts';
import { afterSaleWorld, ids } from './after-sale.world.ts';

const mock = setupMockForTests({ world: afterSaleWorld });
// These tests move the clock by days and weeks; a session must outlive that (tokens have their own tests).
beforeEach(() => void (mock.state.settings.tokenTtlMs = 365 * DAY));

const grandma = { contact_id: ids.child, name: '李秀兰', relation: guardianRelation.values.grandparent, phone: '13912345678', photo_url: 'upload/grandma.jpg' };
const pickerRows = (contactId: number) => mock.state.db.pickers.findMany((q) => q.where({ contact_id: contactId }));

describe('pick-up people (access control)', () => {
  it('adds one for the parent’s child and lists it with the phone masked and the limit', async () => {
    const me = await mock.signIn('mum');
    const created = await mock.call('creat_access_control_info', { body: grandma }, me);
    expect(created).toMatchObject({ status: 200, error_code: 999999, data: { id: 2 } });
    const answer = await mock.call('get_access_control_info', { pathParams: { id: ids.child } }, me);
    expect(answer.data).toEqual({
      list: [
        {
          id: 2,
          contact_id: ids.child,
          name: '李秀兰',
          relation: guardianRelation.values.grandparent,
          phone: '139****5678',
          photo_url: 'upload/grandma.jpg',
          status: pickerStatus.values.enabled,
          created_at: '2026-09-01T10:00:00+08:00',
        },
      ],
      limit: 3,
    });
    expect(pickerRows(ids.child)[0]).toMatchObject({ parent_id: ids.mum, phone: '13912345678' });
  });

  it('answers an empty list for a child with nobody yet', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('get_access_control_info', { pathParams: { id: ids.child } }, me);
    expect(answer.data).toEqual({ list: [], limit: 3 });
  });

  it('allows at most three per child, and a refusal changes nothing', async () => {
    const me = await mock.signIn('mum');
    for (const phone of ['13900000001', '13900000002', '13900000003']) {
      expect((await mock.call('creat_access_control_info', { body: { ...grandma, phone } }, me)).error_code).toBe(999999);
    }
    const before = mock.state.snapshot();
    const fourth = await mock.call('creat_access_control_info', { body: { ...grandma, phone: '13900000004' } }, me);
    expect(fourth).toMatchObject({ status: 200, error_code: errorCodes.pickerLimit.code, msg: '每个孩子最多添加3位接送人' });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('refuses the same phone twice for one child', async () => {
    const me = await mock.signIn('mum');
    await mock.call('creat_access_control_info', { body: grandma }, me);
    const again = await mock.call('creat_access_control_info', { body: { ...grandma, name: '李秀英' } }, me);
    expect(again).toMatchObject({ status: 200, error_code: errorCodes.pickerDuplicate.code, msg: '手机号139****5678已是王小明的接送人，请勿重复添加' });
    expect(pickerRows(ids.child)).toHaveLength(1);
  });

  it('needs a photo (contract)', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('creat_access_control_info', { body: { ...grandma, photo_url: '' } }, me);
    expect(answer).toMatchObject({ status: 400, error_code: errorCodes.invalidRequest.code, msg: 'photo_url：请上传接送人正面照片' });
  });

  it('answers 404 for another parent’s child, reading or adding', async () => {
    const me = await mock.signIn('mum');
    const read = await mock.call('get_access_control_info', { pathParams: { id: ids.otherChild } }, me);
    expect(read).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '孩子信息不存在或已删除' });
    const add = await mock.call('creat_access_control_info', { body: { ...grandma, contact_id: ids.otherChild } }, me);
    expect(add).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
    expect(pickerRows(ids.otherChild)).toHaveLength(1);
  });

  it('answers 404 for a deleted child', async () => {
    const me = await mock.signIn('mum');
    await mock.state.db.contacts.update((q) => q.where({ id: ids.child }), { data: (c) => void (c.deleted = true) });
    const read = await mock.call('get_access_control_info', { pathParams: { id: ids.child } }, me);
    expect(read).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
  });

  it('disables, enables and deletes the parent’s pick-up person', async () => {
    const me = await mock.signIn('mum');
    const { data } = await mock.call('creat_access_control_info', { body: grandma }, me);
    const operate = (op: 'enable' | 'disable' | 'delete') => mock.call('access_control_info_operate', { pathParams: { id: data.id }, body: { operate: op } }, me);

    expect(await operate('disable')).toMatchObject({ status: 200, error_code: 999999, data: null });
    expect(pickerRows(ids.child)[0]?.status).toBe(pickerStatus.values.disabled);
    await operate('enable');
    expect(pickerRows(ids.child)[0]?.status).toBe(pickerStatus.values.enabled);
    await operate('delete');
    expect(pickerRows(ids.child)).toEqual([]);
    expect(await operate('enable')).toMatchObject({ status: 404, error_code: errorCodes.notFound.code });
  });

  it('answers 404 for another parent’s pick-up person, changing nothing', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('access_control_info_operate', { pathParams: { id: ids.otherPicker }, body: { operate: 'delete' } }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '接送人不存在或已删除' });
    expect(pickerRows(ids.otherChild)).toHaveLength(1);
  });
});

describe('the mailing address', () => {
  const address = { receiver: '王芳', phone: '13800138000', province: '北京市', city: '北京市', district: '西城区', address: '平安里西大街1号院2号楼' };

  it('is null until saved, then answered in full to its parent', async () => {
    const me = await mock.signIn('mum');
    expect((await mock.call('get_mail_info', { pathParams: { id: ids.mum } }, me)).data).toEqual({ mail_info: null });
    const created = await mock.call('creat_mail_info', { body: address }, me);
    expect(created).toMatchObject({ status: 200, error_code: 999999, data: { id: 2 } });
    const answer = await mock.call('get_mail_info', { pathParams: { id: ids.mum } }, me);
    expect(answer.data).toEqual({ mail_info: { id: 2, ...address, postcode: null } });
  });

  it('is one per parent', async () => {
    const me = await mock.signIn('mum');
    await mock.call('creat_mail_info', { body: address }, me);
    const before = mock.state.snapshot();
    const again = await mock.call('creat_mail_info', { body: { ...address, receiver: '王强' } }, me);
    expect(again).toMatchObject({ status: 200, error_code: errorCodes.mailInfoExists.code, msg: '已有邮寄地址，请直接修改' });
    expect(mock.state.snapshot()).toEqual(before);
  });

  it('is changed by its parent only', async () => {
    const me = await mock.signIn('mum');
    const { data } = await mock.call('creat_mail_info', { body: address }, me);
    const changed = { ...address, address: '德胜门外大街8号', postcode: '100088' };
    expect(await mock.call('update_mail_info', { pathParams: { id: data.id }, body: changed }, me)).toMatchObject({ status: 200, data: null });
    expect((await mock.call('get_mail_info', { pathParams: { id: ids.mum } }, me)).data.mail_info).toEqual({ id: data.id, ...changed });

    const theirs = mock.state.db.mailInfos.findFirst((q) => q.where({ id: ids.otherMailInfo }), { strict: true });
    const answer = await mock.call('update_mail_info', { pathParams: { id: ids.otherMailInfo }, body: changed }, me);
    expect(answer).toMatchObject({ status: 404, error_code: errorCodes.notFound.code, msg: '邮寄地址不存在或已删除' });
    expect(mock.state.db.mailInfos.findFirst((q) => q.where({ id: ids.otherMailInfo }))).toEqual(theirs);
  });

  it('of another parent is forbidden (104010: the app goes home)', async () => {
    const me = await mock.signIn('mum');
    const answer = await mock.call('get_mail_info', { pathParams: { id: ids.other } }, me);
    expect(answer).toMatchObject({ status: 403, error_code: 104010, msg: '无权访问该内容', data: null });
  });

  it('needs a session', async () => {
    const answer = await mock.call('get_mail_info', { pathParams: { id: ids.mum } });
    expect(answer).toMatchObject({ status: 401, error_code: errorCodes.notSignedIn.code });
  });
});
