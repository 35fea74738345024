/**
 * The strict answer check reads an assumed field's absence as a note for the team (the seed never
 * promised the field), not as the backend's failure, and still fails on a value of the wrong type
 * (issue 39, decision 073).
 */
import { describe, expect, it } from 'vitest';
import { assumed, assumedObject, operations } from './index.ts';
import { checkAnswer, strictDiff } from './strict-answer.ts';
import { z } from './zod.ts';

const ok = (data: unknown) => ({ error_code: 999999, msg: '查询成功', data });

describe('an assumed field that is absent', () => {
  const schema = z.object({
    named: z.string(),
    ours: assumed(z.number().int().optional()),
    card: assumedObject({ id: z.number(), title: z.string() }),
  });

  it('is a note, not a failure, whether the contract lets it be absent or the object around it is assumed', () => {
    expect(strictDiff(schema, { named: 'a', card: { id: 1 } })).toEqual([
      { path: 'data.ours', problem: 'missing (the portal does without it)', assumed: true, note: true },
      { path: 'data.card.title', problem: 'missing (the portal needs it)', assumed: true, note: true },
    ]);
  });

  it('still fails when it comes with a value of the wrong type', () => {
    expect(strictDiff(schema, { named: 'a', ours: '3', card: { id: 1, title: 2 } })).toEqual([
      { path: 'data.ours', problem: 'expected number, got string', assumed: true, note: false },
      { path: 'data.card.title', problem: 'expected string, got number', assumed: true, note: false },
    ]);
  });

  it('leaves a missing field the seed names a failure', () => {
    expect(strictDiff(schema, { ours: 1, card: { id: 1, title: 'x' } })).toEqual([{ path: 'data.named', problem: 'missing', assumed: false, note: false }]);
  });
});

describe('the seed’s own answers (SPEC.md §3)', () => {
  it('take st_validate’s client_id and access_token alone, noting the assumed fields', () => {
    const { ok: success, drifts } = checkAnswer(operations.st_validate, 200, ok({ client_id: 'c1', access_token: 't1' }));
    expect(success).toBe(true);
    expect(drifts.filter((d) => !d.note)).toEqual([]);
    expect(drifts.map((d) => d.path).sort()).toEqual(['data.expires_in', 'data.user_id', 'data.username']);
  });

  it('take personal_data with the four fields SPEC.md names, and fail one of them missing or of the wrong type', () => {
    const seed = { user_info: { url: null, real_name: '张伟', phone: '138****0000', username: 'zhangwei' } };
    expect(checkAnswer(operations.personal_data, 200, ok(seed)).drifts.filter((d) => !d.note)).toEqual([]);
    const withoutUsername: Partial<typeof seed.user_info> = { ...seed.user_info };
    delete withoutUsername.username;
    expect(checkAnswer(operations.personal_data, 200, ok({ user_info: withoutUsername })).drifts.filter((d) => !d.note)).toEqual([
      { path: 'data.user_info.username', problem: 'missing', assumed: false, note: false },
    ]);
    expect(checkAnswer(operations.personal_data, 200, ok({ user_info: { ...seed.user_info, has_password: 'yes' } })).drifts.filter((d) => !d.note)).toEqual([
      { path: 'data.user_info.has_password', problem: 'expected boolean, got string', assumed: true, note: false },
    ]);
  });

  it('take a contact list of ids and names, read from data.list', () => {
    const { drifts } = checkAnswer(operations.contact_information, 200, ok({ list: [{ id: 1, name: '张小明' }] }));
    expect(drifts.filter((d) => !d.note)).toEqual([]);
    expect(drifts.filter((d) => d.note).map((d) => d.path)).toContain('data.list[0].audit_status');
  });
});
