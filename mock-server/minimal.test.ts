/**
 * Minimal answers (issue 39, decision 073): the mock as a backend built from the seed, whose
 * answers carry only what SPEC.md names. Every field the contract marks `unpromised` (an assumed
 * field of an object whose other fields the seed names) is left out of every answer; objects the
 * seed shows no field of (orders, refunds, invoices…) keep the project's design. The same setting
 * from the CLI, the control API and a world's snapshot (minimal.serve.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { errorCodes, operationList } from '#contract/index';
import { checkAnswer } from '#contract/strict-answer';
import { unpromisedFields } from '#contract/unpromised';
import { issueTicket } from './rules/tickets.ts';
import { setupMockForTests } from './testing.ts';

const mock = setupMockForTests({ scenario: 'family', settings: { minimal: true } });

describe('minimal answers', () => {
  it('answer st_validate with client_id and access_token alone, as SPEC.md §3 shows the login response', async () => {
    const ticket = await issueTicket(mock.state, 'zhangwei');
    const answer = await mock.call('st_validate', { body: { st: ticket!, is_small_app: true } });
    expect(answer.error_code).toBe(errorCodes.success.code);
    expect(Object.keys(answer.data).sort()).toEqual(['access_token', 'client_id']);
  });

  it('answer personal_data with the four fields of SPEC.md §3 wrapped as user_info', async () => {
    const me = await mock.signIn('zhangwei');
    const answer = await mock.call('personal_data', {}, me);
    expect(Object.keys(answer.data)).toEqual(['user_info']);
    expect(Object.keys(answer.data.user_info).sort()).toEqual(['phone', 'real_name', 'url', 'username']);
    expect(answer.data.user_info).toMatchObject({ username: 'zhangwei', real_name: '张伟' });
  });

  it('answer a contact list with each child’s id and name, read from data.list, and no count', async () => {
    const me = await mock.signIn('zhangwei');
    const answer = await mock.call('contact_information', { query: { passed: true } }, me);
    expect(Object.keys(answer.data)).toEqual(['list']);
    expect(answer.data.list.length).toBeGreaterThan(0);
    for (const child of answer.data.list) expect(Object.keys(child).sort()).toEqual(['id', 'name']);
    const detail = await mock.call('detail_contact_information', { pathParams: { id: answer.data.list[0]!.id } }, me);
    expect(Object.keys(detail.data).sort()).toEqual(['id', 'name']);
  });

  it('keep the objects whose fields SPEC.md does not show at all: a class’s card and the category list stay whole', async () => {
    const categories = await mock.call('class_category', {});
    expect(categories.data.class_list[0]).toEqual({ id: expect.any(Number), name: expect.any(String), children: expect.any(Array) });
    const search = await mock.call('search_by_screening_conditions', { query: {} });
    expect(Object.keys(search.data)).toEqual(['list']);
    expect(search.data.list[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), fee: expect.any(Number), admission_kind: expect.any(Number) });
  });

  it('leave out exactly the unpromised fields, and every answer still passes the strict check (absences are notes)', async () => {
    const me = await mock.signIn('zhangwei');
    const reads = ['personal_data', 'contact_information', 'order_list', 'sign_up_list', 'system_message_list', 'my_class', 'get_collection_type', 'parents_questions_and_answers'] as const;
    for (const id of reads) {
      const op = operationList.find((o) => o.id === id)!;
      const { status, ...envelope } = await mock.call(id as 'personal_data', {} as never, me);
      const { drifts } = checkAnswer(op, status, envelope);
      expect(
        drifts.filter((d) => !d.note),
        id,
      ).toEqual([]);
      const expected = unpromisedFields(op.response).map((f) => f.path);
      for (const note of drifts) expect(expected, `${id}: ${note.path} was not the seed’s to leave out`).toContain(note.path.replace(/^data\./, '').replace(/\[\d+\]/g, '[]'));
    }
  });

  it('is off by default: the same answers carry every field', async () => {
    mock.state.settings.minimal = false;
    try {
      const me = await mock.signIn('zhangwei');
      const answer = await mock.call('personal_data', {}, me);
      expect(answer.data.user_info).toMatchObject({ id: expect.any(Number), has_password: expect.any(Boolean), real_name_status: expect.any(Number) });
      expect(await mock.call('contact_information', {}, me)).toMatchObject({ data: { total: expect.any(Number), page: 1 } });
    } finally {
      mock.state.settings.minimal = true;
    }
  });
});
