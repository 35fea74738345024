/**
 * docs/api/ is what `npm run contract:docs` writes from the contract, and its OpenAPI document is
 * sane. When this fails after a contract change, run `npm run contract:docs` and commit docs/api/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { proposalList } from '../contract/proposals.ts';
import { invoiceApplicationSchema, invoiceKind, invoiceTitleType, operationList, operations } from '../contract/index.ts';
import { diffDocs, readVersion } from './contract-docs.ts';
import { DOCS_DIR, buildOpenApi, cell, fieldRows, generateContractDocs, inAppLine, typeLabel, type JsonSchema } from './contract-docs-lib.ts';

const version = readVersion();
const files = generateContractDocs(version);

describe('docs/api', () => {
  it('is up to date with the contract', () => {
    const { stale, extra } = diffDocs(files);
    const lines = [...stale, ...extra.map((rel) => `${rel} (not generated any more)`)];
    expect(lines, `${DOCS_DIR}/ differs from the contract; run \`npm run contract:docs\`:\n${lines.join('\n')}`).toEqual([]);
  });

  it('is deterministic', () => {
    expect(generateContractDocs(version)).toEqual(files);
  });

  it('has a README, one page per domain and openapi.json, each ending in a newline', () => {
    const names = [...files.keys()].map((rel) => rel.slice(DOCS_DIR.length + 1));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'openapi.json', 'session.md', 'orders.md']));
    for (const [rel, text] of files) expect(text.endsWith('\n') && !text.endsWith('\n\n'), rel).toBe(true);
  });

  it('says how the app sends each call: hook, input, amounts in fen, what is asked again', () => {
    for (const op of operationList) expect(files.get(`${DOCS_DIR}/${op.domain}.md`), op.id).toContain(`\n${inAppLine(op)}\n`);
    expect(inAppLine(operations.class_detail)).toBe("**In the app**: `useApiQuery('class_detail', { pathParams: { id } })` · money in fen (yuan on the wire): `data.fee`.");
    expect(inAppLine(operations.sign_up_post)).toContain('when it succeeds, the query client asks again [`sign_up_list`](#sign_up_list) where shown');
    expect(inAppLine(operations.order_list)).toMatch(/asked again after .*\[`apply_refund`\]\(refunds\.md#apply_refund\)/);
    expect(inAppLine(operations.search_by_screening_conditions)).toContain('`fee_min`, `fee_max`, `data.list[].fee`');
  });

  it('lists the proposals to the backend team, each with what it saves, and links decisions that exist', () => {
    const readme = files.get(`${DOCS_DIR}/README.md`)!;
    for (const p of proposalList()) {
      expect(readme, `${p.operation} ${p.field ?? ''}`).toContain(cell(p.saves));
      expect(files.get(`${DOCS_DIR}/${operations[p.operation].domain}.md`)).toContain(p.field ? `**Proposed field \`${p.field}\`**` : '**Proposal to the backend team**');
    }
    for (const [, file] of readme.matchAll(/\]\(\.\.\/decisions\/([^)]+)\)/g)) expect(existsSync(path.join(DOCS_DIR, '..', 'decisions', file!)), file).toBe(true);
  });

  it('documents every operation on its domain page', () => {
    const missing = operationList.filter((op) => !files.get(`${DOCS_DIR}/${op.domain}.md`)?.includes(`\n### ${op.id}\n`));
    expect(missing.map((op) => op.id)).toEqual([]);
  });
});

describe('openapi.json', () => {
  const text = files.get(`${DOCS_DIR}/openapi.json`)!;
  const doc = JSON.parse(text) as {
    openapi: string;
    info: { title: string; version: string };
    servers: { url: string }[];
    paths: Record<string, Record<string, { operationId: string; security?: unknown; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> } }>>;
    components: { securitySchemes: Record<string, { name: string }> };
  };
  const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, ...op })));

  it('is OpenAPI 3.1 JSON, pretty-printed, for the package version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(version);
    expect(doc.info.title).toMatch(/[\u4e00-\u9fff].* [A-Za-z]/);
    expect(doc.servers).toEqual([{ url: '/children_center/front/api' }]);
    expect(text).toBe(`${JSON.stringify(buildOpenApi(version), null, 2)}\n`);
  });

  it('has the 101 operations (the spec’s 98, withdraw_refund, my_refund_list and supply_fee_detail), each under its path and method', () => {
    expect(ops).toHaveLength(101);
    expect(ops.map((op) => op.operationId).sort()).toEqual(operationList.map((op) => op.id).sort());
    for (const op of operationList) {
      expect(doc.paths[`/${op.path}`]?.[op.method.toLowerCase()]?.operationId, op.id).toBe(op.id);
    }
  });

  it('declares path parameters for every placeholder, security on auth calls, and multipart for upload', () => {
    for (const op of ops) {
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, op.operationId).toEqual(placeholders);
      const contract = operationList.find((o) => o.id === op.operationId)!;
      expect(Boolean(op.security), `${op.operationId} security`).toBe(contract.auth);
    }
    expect(
      Object.values(doc.components.securitySchemes)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['Authorization', 'client_id']);
    expect(Object.keys(doc.paths['/upload']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(text).toContain('"format": "binary"');
    expect(text).not.toContain('"x-binary"');
  });
});

describe('field tables', () => {
  it('flatten nested objects and arrays, and inherit the assumption mark', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', 'x-assumption': true, properties: { id: { type: 'integer', exclusiveMinimum: 0 } }, required: ['id'] } },
        note: { anyOf: [{ type: 'string', maxLength: 5, description: 'a note' }, { type: 'null' }] },
      },
      required: ['list'],
    };
    expect(fieldRows(schema)).toEqual([
      { field: 'list', type: 'array of object', required: true, description: '', assumed: false },
      { field: 'list[].id', type: 'integer (> 0)', required: true, description: '', assumed: true },
      { field: 'note', type: 'string (≤ 5 chars) or null', required: false, description: 'a note', assumed: false },
    ]);
  });

  it('read coded enums, literals and binaries', () => {
    expect(typeLabel({ type: 'number', enum: [1, 2] })).toBe('one of 1, 2');
    expect(typeLabel({ const: true })).toBe('true');
    expect(typeLabel({ type: 'string', format: 'binary' })).toBe('file (binary)');
    expect(typeLabel({})).toBe('any');
    expect(cell('a|b\nc')).toBe('a\\|b c');
  });

  it('say when a field the contract requires in some cases is required (requiredWhen), and the contract refuses without it', () => {
    const invoices = files.get(`${DOCS_DIR}/invoices.md`)!;
    expect(invoices).toMatch(/\| `tax_number` † \| [^|]+(\\\|[^|]+)* \| when `title_type` is 2 \(单位\) \|/);
    expect(invoices).toMatch(/\| `mail_info_id` † \| [^|]+ \| when `invoice_kind` is 2 /);
    const company = { order_id: 1, title_type: invoiceTitleType.values.company, title: '某某公司', invoice_kind: invoiceKind.values.electronic, email: 'a@example.com' };
    expect(invoiceApplicationSchema.safeParse(company).error?.issues[0]).toMatchObject({ path: ['tax_number'], message: '单位抬头需填写纳税人识别号' });
    expect(invoiceApplicationSchema.safeParse({ ...company, tax_number: '91110000600037341L' }).success).toBe(true);
  });

  it('show the Chinese labels of coded fields and mark assumptions', () => {
    const orders = files.get(`${DOCS_DIR}/orders.md`)!;
    expect(orders).toContain('订单状态 order status: 1=待支付');
    expect(orders).toMatch(/\| `list\[\]\.order_no` † \|/);
    const contacts = files.get(`${DOCS_DIR}/contacts.md`)!;
    // Spec §3 gives a contact's id and name; the rest is ours.
    expect(contacts).toMatch(/\| `list\[\]\.name` \| string \|/);
    expect(contacts).toMatch(/\| `list\[\]\.gender` † \|/);
  });
});
