/**
 * The mock and the contract's link types (issue 30): it refuses to store a hostile link, whether
 * a parent sends one (every body with a link field: a Chinese 400 naming the field, nothing
 * changed) or a table or a snapshot would take one; and its hostile-links setting (what the XSS
 * journeys plant) puts a given URL in every link field of every answer, as a hostile backend would.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SUCCESS_CODE, errorCodes, operationList, operations, type Operation, type OperationId } from '#contract/index';
import { linkFields, mapLinks } from '#contract/link-fields';
import { hostileUrl as nthHostileUrl } from '#contract/hostile-urls';
import { tableNames, tables } from '#fixtures/records';
import type { z } from '#contract/zod';
import { updateSettings } from './control/operations.ts';
import { SnapshotError, parseSnapshotFile, snapshotOfState } from './control/snapshot-file.ts';
import { setupMockForTests, type Credentials } from './testing.ts';

const mock = setupMockForTests({ scenario: 'default' });
const hostileUrl = fc.nat().map((n) => nthHostileUrl(n));
const PARENT = 'gaoyan';

describe('the mock’s tables', () => {
  /** Every column of every table typed by a link type, with the table's name. */
  const columns = tableNames.flatMap((table) => linkFields(tables[table] as z.ZodType).map((field) => ({ table, ...field })));

  it('type every column named like an address as a link (the bytes of an upload excepted)', () => {
    const addressLike = /url|avatar|image|photo|link/i;
    const untyped: string[] = [];
    for (const table of tableNames) {
      const shape = (tables[table] as unknown as z.ZodObject<z.ZodRawShape>).shape;
      for (const key of Object.keys(shape)) {
        if (addressLike.test(key) && !(table === 'uploads' && key === 'data_url') && linkFields(shape[key] as z.ZodType).length === 0) untyped.push(`${table}.${key}`);
      }
    }
    expect(untyped).toEqual([]);
    expect(columns.map((c) => `${c.table}.${c.path}`)).toEqual(expect.arrayContaining(['banners.link_url', 'site.official_site_url', 'invoices.file_url', 'parents.url', 'pickers.photo_url']));
  });

  /** A copy of the first row where the column can hold a link (a list may be empty, an object null), with `url` in it. */
  function plantedRow(column: (typeof columns)[number], url: string): unknown {
    const at = `data.${column.path.replaceAll('[]', '[0]')}`;
    for (const row of mock.state.db[column.table].all()) {
      let reached = false;
      const copy = mapLinks(tables[column.table] as z.ZodType, JSON.parse(JSON.stringify(row)), (value, _kind, path) => (path === at ? ((reached = true), url) : value));
      if (reached) return copy;
    }
    return undefined;
  }

  it('refuse a hostile link in any link column, and a snapshot that holds one', async () => {
    const filled = columns.filter((column) => plantedRow(column, 'x') !== undefined);
    expect(filled.map((c) => `${c.table}.${c.path}`)).toEqual(
      expect.arrayContaining([
        'banners.link_url',
        'banners.image_url',
        'site.about_url',
        'site.oss_base_url',
        'classes.cover_url',
        'invoices.file_url',
        'parents.url',
        'parents.wechat.avatar',
        'pickers.photo_url',
        'contacts.avatar',
      ]),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...filled), hostileUrl, async (column, url) => {
        const table = column.table;
        const planted = plantedRow(column, url);
        // @msw/data prints the issues of a refused row too: the refusal is what is checked.
        const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
        await expect((mock.state.db[table] as unknown as { create(row: unknown): Promise<unknown> }).create(planted)).rejects.toThrow();
        quiet.mockRestore();
        const file = snapshotOfState(mock.state, 'hostile');
        (file.tables[table] as unknown[])[0] = planted;
        expect(() => parseSnapshotFile(JSON.stringify(file))).toThrow(SnapshotError);
      }),
      { numRuns: 40 },
    );
  });
});

/** A body each operation with a link field accepts, for the parent below. */
function goodBodies(): Partial<Record<OperationId, unknown>> {
  const parent = mock.state.db.parents.findFirst((q) => q.where({ username: PARENT }), { strict: true });
  const child = mock.state.db.contacts.findFirst((q) => q.where({ parent_id: parent.id, deleted: false }), { strict: true });
  return {
    opinion_feedback: { problem_type: 1, content: '支付成功后订单仍显示待支付。', images: ['upload/1.png'] },
    edit_personal_data: { url: 'upload/1.png' },
    add_contact_information: {
      name: '高小明',
      credential_type: 2,
      id_number: 'E12345678',
      gender: 1,
      birth_date: '2019-03-08',
      guardian_name: '高岩',
      guardian_relation: 1,
      guardian_phone: '13912345678',
      avatar: 'upload/1.png',
    },
    edit_contact_information: { avatar: 'upload/1.png', guardian_name: child.guardian_name, guardian_relation: child.guardian_relation, name: child.name, credential_type: child.credential_type },
    creat_access_control_info: { contact_id: child.id, name: '李秀兰', relation: 2, phone: '13912345678', photo_url: 'upload/grandma.jpg' },
  };
}

describe('a parent’s request with a hostile link', () => {
  const withLinks = operationList.filter((op) => op.body && linkFields(op.body as z.ZodType).length > 0);

  it('is refused by every operation whose body has a link field, naming the field, and nothing changes', async () => {
    const me = await mock.signIn(PARENT);
    const bodies = goodBodies();
    expect(
      withLinks.map((op) => op.id).filter((id) => !(id in bodies)),
      'operations without a body here',
    ).toEqual([]);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withLinks), hostileUrl, async (op, url) => {
        const body = mapLinks(op.body as z.ZodType, bodies[op.id as OperationId], () => url, '');
        const child = mock.state.db.contacts.findFirst((q) => q.where({ deleted: false }), { strict: true });
        const before = JSON.stringify(mock.state.snapshot());
        const answer = await mock.call(op.id as OperationId, { body, pathParams: { id: child.id } } as never, me);
        expect(answer.error_code, `${op.id} ${JSON.stringify(url)}: ${answer.msg}`).toBe(errorCodes.invalidRequest.code);
        expect(answer.msg).toMatch(/^(url|avatar|photo_url|images\.0)：/);
        expect(JSON.stringify(mock.state.snapshot())).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});

type Input = { pathParams?: Record<string, unknown>; query?: Record<string, unknown> };

describe('the hostile-links setting', () => {
  /** Every GET whose answer has a link field, with what to ask for PARENT (or for zhangwei, who bound WeChat). */
  async function reads(): Promise<[OperationId, Input, string][]> {
    const db = mock.state.db;
    const parent = db.parents.findFirst((q) => q.where({ username: PARENT }), { strict: true });
    const child = db.contacts.findFirst((q) => q.where({ parent_id: parent.id, deleted: false }), { strict: true });
    const order = db.orders.all().find((o) => o.parent_id === parent.id && db.invoices.all().some((i) => i.order_id === o.id))!;
    const signUp = db.signUps.findFirst((q) => q.where({ parent_id: parent.id }), { strict: true });
    const picked = db.pickers.all().find((p) => db.contacts.all().some((c) => c.id === p.contact_id && c.parent_id === parent.id))!;
    const inputs: Partial<Record<OperationId, Input>> = {
      class_detail: { pathParams: { id: db.classes.all()[0]!.id } },
      search_by_screening_conditions: { query: {} },
      get_my_collection: { pathParams: { type: 1 }, query: {} },
      sign_up_get: { pathParams: { id: signUp.id } },
      specific_order_list: { query: { contact_id: order.contact_id } },
      order_detail: { pathParams: { id: order.id } },
      order_list: { query: {} },
      contact_information: { query: {} },
      detail_contact_information: { pathParams: { id: child.id } },
      query_invoice_detail: { pathParams: { id: order.id } },
      get_access_control_info: { pathParams: { id: picked.contact_id } },
      send_sms_get: { query: {} },
    };
    return operationList
      .filter((op) => op.method === 'GET' && linkFields(op.response as z.ZodType).length > 0)
      .map((op) => [op.id as OperationId, inputs[op.id as OperationId] ?? {}, op.id === 'get_register_user_auth_info' ? 'zhangwei' : PARENT]);
  }

  it('puts the given URLs, in turn, in every link field of every answer (empty ones too), and changes nothing else', async () => {
    const sessions: Record<string, Credentials> = { [PARENT]: await mock.signIn(PARENT), zhangwei: await mock.signIn('zhangwei') };
    const list = await reads();
    const planted = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(hostileUrl, { minLength: 1, maxLength: 5 }), async (urls) => {
        for (const [id, input, who] of list) {
          const me = sessions[who]!;
          updateSettings(mock.state, { hostile_links: null });
          const honest = await mock.call(id, input as never, me);
          updateSettings(mock.state, { hostile_links: urls });
          const hostile = await mock.call(id, input as never, me);
          expect(hostile.error_code, `${id}: ${hostile.msg}`).toBe(SUCCESS_CODE);
          const op = operations[id] as Operation;
          let n = 0;
          const seen = mapLinks(op.response as z.ZodType, hostile.data, (value, _kind, path) => {
            expect(value, `${id} ${path}`).toBe(urls[n++ % urls.length]);
            planted.add(`${id} ${path.replace(/\[\d+\]/g, '[]').replace(/^data\.?/, '')}`);
            return null;
          });
          // With every link put back, the answer is the honest one.
          const honestLess = mapLinks(op.response as z.ZodType, honest.data, () => null);
          if (id !== 'send_sms_get') expect(seen, id).toEqual(honestLess);
        }
      }),
      { numRuns: 5 },
    );
    updateSettings(mock.state, { hostile_links: null });
    const every = list.flatMap(([id]) => linkFields((operations[id] as Operation).response as z.ZodType).map((f) => `${id} ${f.path}`));
    expect(
      every.filter((field) => !planted.has(field)),
      'link fields no answer had',
    ).toEqual([]);
  });
});
