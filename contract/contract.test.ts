/**
 * The contract is well formed: ids, paths and parts are consistent, every schema can be documented,
 * and the error codes and coded enums agree with the spec's §3 and §8 (as stored in
 * contract/spec-facts.json).
 */
import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import * as enums from './enums.ts';
import { errorCodes } from './error-codes.ts';
import { API_BASE_PATH, COMMON_ERRORS, SIGNED_IN_ERRORS, SUCCESS_CODE, defineOperations, errorsOf, operationList, operations, type Operation } from './index.ts';
import facts from './spec-facts.json' with { type: 'json' };

const parts = ['pathParams', 'query', 'body', 'response'] as const;
type Part = (typeof parts)[number];
const ioOf = (part: Part) => (part === 'response' ? 'output' : 'input');

function schemasOf(op: Operation): [Part, z.ZodType][] {
  return parts.flatMap((part) => (op[part] ? [[part, op[part] as z.ZodType] as [Part, z.ZodType]] : []));
}

const metaOf = (schema: z.ZodType): Record<string, unknown> | undefined => z.globalRegistry.get(schema);

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const parentOf = (schema: z.ZodType) => (schema as unknown as { _zod: { parent?: z.ZodType } })._zod.parent;

/** The schemas directly inside a schema (object fields, array items, wrapped types, union options). */
function childrenOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  const list = (value: unknown) => (Array.isArray(value) ? (value as z.ZodType[]) : value ? [value as z.ZodType] : []);
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, z.ZodType>), ...list(def.catchall)];
    case 'array':
      return list(def.element);
    case 'union':
      return list(def.options);
    case 'intersection':
      return [...list(def.left), ...list(def.right)];
    case 'pipe':
      return [...list(def.in), ...list(def.out)];
    case 'record':
      return [...list(def.keyType), ...list(def.valueType)];
    case 'tuple':
      return [...list(def.items), ...list(def.rest)];
    default:
      return list(def.innerType);
  }
}

/** Visits every schema under `root` with whether it or an enclosing schema is marked `x-assumption`. */
function walk(root: z.ZodType, visit: (schema: z.ZodType, underAssumption: boolean) => void) {
  const seen = new Set<z.ZodType>();
  const go = (schema: z.ZodType, inherited: boolean) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const assumedHere = inherited || metaOf(schema)?.['x-assumption'] === true;
    visit(schema, assumedHere);
    for (const child of childrenOf(schema)) go(child, assumedHere);
  };
  go(root, false);
}

/**
 * Strict conversion: nothing may be unrepresentable except fields marked `x-binary` (file uploads,
 * which the docs render as `{type: 'string', format: 'binary'}`). Zod also visits the unmarked
 * schema a marked one was made from, so those are allowed too.
 */
function toJsonSchemaStrict(schema: z.ZodType, io: 'input' | 'output') {
  const binary = new Set<z.ZodType>();
  walk(schema, (s) => {
    if (metaOf(s)?.['x-binary'] !== true) return;
    for (let c: z.ZodType | undefined = s; c; c = parentOf(c)) binary.add(c);
  });
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: ({ zodSchema }) => (binary.has(zodSchema as unknown as z.ZodType) ? { type: 'string', format: 'binary' } : 'throw'),
  });
}

describe('operations', () => {
  it('has unique ids, each the name or name_method, and keyed by its id', () => {
    const ids = operationList.map((op) => op.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'repeated ids',
    ).toEqual([]);
    const wrong = operationList.filter((op) => op.id !== op.name && op.id !== `${op.name}_${op.method.toLowerCase()}`).map((op) => `${op.id} (name ${op.name}, ${op.method})`);
    expect(wrong, 'ids that are neither the name nor name_method').toEqual([]);
    const misKeyed = Object.entries(operations)
      .filter(([k, op]) => k !== op.id)
      .map(([k, op]) => `${k} → ${op.id}`);
    expect(misKeyed, 'operations record keys that differ from the id').toEqual([]);
  });

  it('uses the plain name as id unless the name has several methods or paths', () => {
    const count = new Map<string, number>();
    for (const op of operationList) count.set(op.name, (count.get(op.name) ?? 0) + 1);
    const wrong = operationList.filter((op) => (count.get(op.name)! > 1 ? op.id === op.name : op.id !== op.name)).map((op) => `${op.id} (${count.get(op.name)} operations named ${op.name})`);
    expect(wrong).toEqual([]);
  });

  it('has unique method and path pairs', () => {
    const pairs = operationList.map((op) => `${op.method} ${op.path}`);
    expect(
      pairs.filter((p, i) => pairs.indexOf(p) !== i),
      'repeated method and path',
    ).toEqual([]);
  });

  it('has paths that start with the name and sit under the base path', () => {
    expect(API_BASE_PATH).toBe('/children_center/front/api/');
    const wrong = operationList.filter((op) => !(op.path === op.name || op.path.startsWith(`${op.name}/`)) || op.path.startsWith('/')).map((op) => `${op.id}: ${op.path}`);
    expect(wrong).toEqual([]);
  });

  it('sends no body with GET or DELETE', () => {
    const wrong = operationList.filter((op) => (op.method === 'GET' || op.method === 'DELETE') && op.body).map((op) => op.id);
    expect(wrong).toEqual([]);
  });

  it('declares a pathParams field for every path placeholder, and no other', () => {
    const wrong = operationList.flatMap((op) => {
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
      const declared = Object.keys(op.pathParams?.shape ?? {}).sort();
      return placeholders.join() === declared.join() ? [] : [`${op.id}: path ${op.path}, pathParams [${declared.join()}]`];
    });
    expect(wrong).toEqual([]);
  });

  it('declares object schemas for pathParams, query and a JSON or multipart body', () => {
    const wrong = operationList.flatMap((op) =>
      (['pathParams', 'query', 'body'] as const).flatMap((part) => {
        const schema = op[part] as z.ZodType | undefined;
        return schema && defOf(schema).type !== 'object' ? [`${op.id}.${part} is a ${defOf(schema).type}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('converts every part to JSON Schema, so the docs can be generated', () => {
    const failures: string[] = [];
    for (const op of operationList) {
      for (const [part, schema] of schemasOf(op)) {
        try {
          const json = toJsonSchemaStrict(schema, ioOf(part));
          expect(json).toBeTypeOf('object');
        } catch (error) {
          failures.push(`${op.id}.${part}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures, `schemas z.toJSONSchema cannot convert:\n${failures.join('\n')}`).toEqual([]);
  });

  it('renders the upload file as a binary string', () => {
    const json = toJsonSchemaStrict(operations.upload.body, 'input') as { properties: Record<string, unknown> };
    expect(json.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(() => toJsonSchemaStrict(z.object({ f: z.custom<Blob>(() => true) }), 'input')).toThrow();
  });

  /*
   * zod's `.extend()` builds a new object without the metadata of the one it extends, so
   * `assumedObject({...}).extend({...})` silently loses its † mark in the docs. An object that holds
   * every field (the very same schemas) of an assumed object must itself be marked or sit inside a
   * marked schema.
   */
  it('keeps the x-assumption mark on objects extended from assumed objects', () => {
    const assumedObjects = new Set<z.ZodType>();
    const objects: { schema: z.ZodType; where: string; underAssumption: boolean }[] = [];
    for (const op of operationList) {
      for (const [part, root] of schemasOf(op)) {
        walk(root, (schema, underAssumption) => {
          if (defOf(schema).type !== 'object') return;
          if (metaOf(schema)?.['x-assumption'] === true) assumedObjects.add(schema);
          objects.push({ schema, where: `${op.id}.${part}`, underAssumption });
        });
      }
    }
    const shapeOf = (s: z.ZodType) => defOf(s).shape as Record<string, z.ZodType>;
    const lost = objects.flatMap(({ schema, where, underAssumption }) => {
      if (underAssumption) return [];
      const shape = shapeOf(schema);
      const base = [...assumedObjects].find((a) => {
        const entries = Object.entries(shapeOf(a));
        return entries.length >= 2 && entries.every(([k, field]) => shape[k] === field);
      });
      const fields = base ? Object.keys(shapeOf(base)) : [];
      return base ? [`${where}: extends an assumed object (${fields.slice(0, 4).join(', ')}${fields.length > 4 ? ', …' : ''}) but is not marked; wrap it in assumed()`] : [];
    });
    expect([...new Set(lost)], lost.join('\n')).toEqual([]);
  });
});

describe('refusals of each operation', () => {
  it('are listed by every operation, catalogue codes each once, besides those every call answers', () => {
    for (const op of operationList) {
      expect(Array.isArray(op.errors), op.id).toBe(true);
      for (const name of op.errors) expect(errorCodes, `${op.id}: ${name}`).toHaveProperty(name);
      const all = errorsOf(op);
      expect(new Set(all).size, `${op.id} lists a code twice`).toBe(all.length);
      expect(all).toEqual(expect.arrayContaining([...COMMON_ERRORS, ...(op.auth ? SIGNED_IN_ERRORS : [])]));
      if (!op.auth) expect(all, `${op.id} is not signed in`).not.toContain('notSignedIn');
    }
  });

  it('never list the success code, and the business rules are somebody’s refusal', () => {
    const listed = new Set(operationList.flatMap((op) => op.errors));
    expect(listed.has('success')).toBe(false);
    expect([...listed]).toEqual(expect.arrayContaining(['classFull', 'timeConflict', 'refundNothingLeft', 'invoiceWindowPassed', 'pickerLimit']));
  });

  it('are checked when the contract loads: one listed twice, or one every call answers, throws', () => {
    const spec = { method: 'GET', auth: true, summary: 's', response: z.null() } as const;
    expect(() => defineOperations('orders', { x: { ...spec, errors: ['classFull', 'classFull'] } })).toThrow(/x lists classFull twice/);
    expect(() => defineOperations('orders', { x: { ...spec, errors: ['notSignedIn'] } })).toThrow(/x lists notSignedIn twice/);
  });

  it('names and paths follow from the id, the method and the path params', () => {
    const ops = defineOperations('orders', {
      cancel_order: { method: 'POST', auth: true, summary: 's', pathParams: z.object({ id: z.number() }), response: z.null(), errors: [] },
      sign_up_get: { method: 'GET', auth: true, summary: 's', pathParams: z.object({ id: z.number() }), response: z.null(), errors: [] },
    });
    expect([ops.cancel_order.name, ops.cancel_order.path, ops.cancel_order.id]).toEqual(['cancel_order', 'cancel_order/{id}', 'cancel_order']);
    expect([ops.sign_up_get.name, ops.sign_up_get.path, ops.sign_up_get.domain]).toEqual(['sign_up', 'sign_up/{id}', 'orders']);
  });
});

describe('error codes', () => {
  const entries = Object.entries(errorCodes);
  const specCodes = [999999, 200216, 104010, 89994, 99993, 99995, 99994];

  it('are unique', () => {
    const codes = entries.map(([, e]) => e.code);
    expect(
      codes.filter((c, i) => codes.indexOf(c) !== i),
      'repeated error codes',
    ).toEqual([]);
  });

  it('include the seven codes of the spec’s §8, not marked assumed', () => {
    const inSpec = facts.errorCodes.map((c) => c.code);
    expect(inSpec.sort(), 'codes of the spec’s §8').toEqual([...specCodes].sort());
    for (const code of specCodes) {
      const found = entries.find(([, e]) => e.code === code);
      expect(found, `error code ${code} of spec §8 is missing from contract/error-codes.ts`).toBeDefined();
      expect(found?.[1].assumed, `error code ${code} comes from the spec and must not be marked assumed`).toBe(false);
    }
    expect(errorCodes.success.code).toBe(SUCCESS_CODE);
  });

  it('mark every code the spec does not list as assumed, with an HTTP status and a Chinese message', () => {
    const wrong = entries
      .filter(([, e]) => !specCodes.includes(e.code))
      .filter(([, e]) => !e.assumed)
      .map(([name, e]) => `${name} ${e.code}`);
    expect(wrong, 'codes not in spec §8 that are not marked assumed').toEqual([]);
    const badText = entries.filter(([, e]) => !/[\u4e00-\u9fff]/.test(e.message) || !e.meaning.trim() || !(e.http >= 100 && e.http < 600)).map(([name]) => name);
    expect(badText).toEqual([]);
  });
});

type AnyCodedEnum = { description: string; entries: { key: string; value: number | string; label: string }[]; schema: z.ZodType };
const codedEnums = (Object.entries(enums) as [string, unknown][]).filter(
  (entry): entry is [string, AnyCodedEnum] => typeof entry[1] === 'object' && entry[1] !== null && 'entries' in entry[1] && 'schema' in entry[1],
);

describe('coded enums', () => {
  it('are found', () => {
    expect(codedEnums.map(([name]) => name)).toEqual(expect.arrayContaining(['credentialType', 'gender', 'orderStatus']));
  });

  it.each(codedEnums)('%s has unique values and non-empty, unique Chinese labels', (_, coded) => {
    const values = coded.entries.map((e) => e.value);
    expect(
      values.filter((v, i) => values.indexOf(v) !== i),
      'repeated values',
    ).toEqual([]);
    const labels = coded.entries.map((e) => e.label);
    expect(
      labels.filter((l, i) => labels.indexOf(l) !== i),
      'repeated labels',
    ).toEqual([]);
    expect(
      labels.filter((l) => !/[\u4e00-\u9fff]/.test(l.trim())),
      'labels without Chinese text',
    ).toEqual([]);
    for (const value of values) expect(coded.schema.safeParse(value).success, `schema accepts ${value}`).toBe(true);
    expect(coded.schema.safeParse(999).success, 'schema rejects other values').toBe(false);
  });

  /** Spec §3 in English, mapped to the Chinese labels the portal shows. */
  const credentialLabels: Record<string, string> = {
    'identity card (including household register and social security card)': '身份证（含户口簿、社保卡）',
    passport: '护照',
    'Taiwan compatriot permit': '台胞证',
    'Hong Kong/Macau pass': '港澳通行证',
    other: '其他',
  };
  const genderLabels: Record<string, string> = { male: '男', female: '女' };

  it('has the credential types of the spec’s §3', () => {
    const spec = facts.enums.credentialType.map((e) => ({ value: e.value, label: credentialLabels[e.label] ?? `? ${e.label}` }));
    expect(spec.map((e) => e.value)).toEqual([1, 2, 3, 4, 5]);
    expect(enums.credentialType.entries.map(({ value, label }) => ({ value, label }))).toEqual(spec);
  });

  it('has the genders of the spec’s §3', () => {
    const spec = facts.enums.gender.map((e) => ({ value: e.value, label: genderLabels[e.label] ?? `? ${e.label}` }));
    expect(spec.map((e) => e.value)).toEqual([1, 2]);
    expect(enums.gender.entries.map(({ value, label }) => ({ value, label }))).toEqual(spec);
  });
});
