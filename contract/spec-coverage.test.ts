/**
 * The contract covers SPEC.md section 7 exactly: every call it lists (name, method, path) is an
 * operation, and the contract declares nothing the spec does not list.
 */
// Test-only: reads SPEC.md from disk. The contract's own modules stay free of Node APIs.
// eslint-disable-next-line local/import-boundaries
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { domains, type Domain, type HttpMethod } from './core.ts';
import { operationList } from './index.ts';

/** SPEC.md sits next to the repository: path.resolve(repoRoot, '../shared/spec/SPEC.md'). */
const repoRoot = new URL('..', import.meta.url);
const specUrl = new URL('../shared/spec/SPEC.md', repoRoot);
const specPath = decodeURIComponent(specUrl.pathname);

function readSpec(): string {
  if (!existsSync(specUrl)) {
    throw new Error(`SPEC.md not found at ${specPath}; the contract is checked against its section 7 (Calls).`);
  }
  return readFileSync(specUrl, 'utf8');
}

/** The text of a `## N. Title` section, up to the next `## ` heading. */
function specSection(spec: string, heading: string): string {
  const lines = spec.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`SPEC.md has no '${heading}' section`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

interface SpecCall {
  name: string;
  method: HttpMethod;
  /** `name` or `name/{param}`, as SPEC.md writes it. */
  path: string;
  /** The `### ` subsection the call is listed under, e.g. 'Session and account'. */
  group: string;
  /** The bullet as written, for messages. */
  row: string;
}

const METHOD = '(?:GET|POST|PUT|DELETE)';
const METHODS = new RegExp(`^${METHOD}(?:/${METHOD})*$`);

/**
 * Parses the bullets of section 7: `- name[/{param}] [METHODS] [(notes)]`. Methods may be
 * `POST`, `GET/POST/PUT`, or `GET (image code) and POST`; no method means GET. A trailing
 * `with module=9 (...)` names an argument, not a method. Any other shape throws, so a new way of
 * writing a call in the spec is noticed instead of being read as a GET.
 */
function parseSpecCalls(section: string): SpecCall[] {
  const calls: SpecCall[] = [];
  let group = '';
  for (const line of section.split(/\r?\n/)) {
    const heading = /^###\s+(.+?)\s*$/.exec(line);
    if (heading) {
      group = heading[1]!;
      continue;
    }
    const bullet = /^-\s+(.+?)\s*$/.exec(line);
    if (!bullet) continue;
    const row = bullet[1]!;
    // Notes in parentheses never hold methods: `GET (image code) and POST` is `GET and POST`.
    const text = row.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
    const [first = '', ...rest] = text.split(' ');
    const target = /^([a-z][a-z0-9_]*)(\/\{\w+\})?$/.exec(first);
    if (!target) throw new Error(`SPEC.md section 7: cannot read the call name of '- ${row}'`);
    const name = target[1]!;
    const callPath = first;

    let tail = rest;
    if (tail[0] === 'with') tail = []; // `get_front_content with module=9`: an argument of a GET
    const methods: HttpMethod[] = [];
    tail.forEach((word, i) => {
      if (i % 2 === 1) {
        if (word !== 'and') throw new Error(`SPEC.md section 7: unexpected '${word}' in '- ${row}'`);
        return;
      }
      if (!METHODS.test(word)) throw new Error(`SPEC.md section 7: unexpected '${word}' in '- ${row}'`);
      methods.push(...(word.split('/') as HttpMethod[]));
    });
    if (tail.length > 0 && tail.length % 2 === 0) throw new Error(`SPEC.md section 7: dangling 'and' in '- ${row}'`);
    for (const method of methods.length > 0 ? methods : (['GET'] as const)) {
      calls.push({ name, method, path: callPath, group, row });
    }
  }
  return calls;
}

let cached: SpecCall[] | undefined;
function specCalls(): SpecCall[] {
  cached ??= parseSpecCalls(specSection(readSpec(), '## 7. Calls'));
  return cached;
}

const key = (c: { name: string; method: string; path: string }) => `${c.method} ${c.path} (${c.name})`;

describe('SPEC.md section 7 parser', () => {
  it('reads the tricky rows', () => {
    const calls = specCalls();
    const methodsOf = (name: string) => calls.filter((c) => c.name === name).map((c) => c.method);
    expect(methodsOf('send_sms'), 'send_sms GET (image code) and POST').toEqual(['GET', 'POST']);
    expect(methodsOf('change_password'), 'change_password GET/POST/PUT').toEqual(['GET', 'POST', 'PUT']);
    expect(methodsOf('real_name_authentication')).toEqual(['GET', 'POST']);
    expect(methodsOf('contact_information'), 'contact_information (query passed=true)').toEqual(['GET']);
    expect(methodsOf('get_front_content'), 'get_front_content with module=9 (...)').toEqual(['GET']);
    expect(methodsOf('unbound_register_user_auth_info')).toEqual(['DELETE']);
    expect(calls.filter((c) => c.name === 'sign_up').map(key)).toEqual(['POST sign_up (sign_up)', 'GET sign_up/{id} (sign_up)']);
    expect(calls.find((c) => c.name === 'cancel_sign_up')).toMatchObject({ method: 'POST', path: 'cancel_sign_up/{id}' });
    expect(calls.find((c) => c.name === 'get_my_collection')).toMatchObject({ method: 'GET', path: 'get_my_collection/{type}' });
    expect(calls.find((c) => c.name === 'check_class_time_conflict')).toMatchObject({ method: 'GET', path: 'check_class_time_conflict' });
  });

  it('rejects rows it cannot read instead of guessing', () => {
    expect(() => parseSpecCalls('- foo PATCH')).toThrow(/unexpected 'PATCH'/);
    expect(() => parseSpecCalls('- Foo bar')).toThrow(/cannot read the call name/);
    expect(parseSpecCalls('### G\n- a/{id} DELETE\n- b GET and POST\n- c (x, y)')).toEqual([
      { name: 'a', method: 'DELETE', path: 'a/{id}', group: 'G', row: 'a/{id} DELETE' },
      { name: 'b', method: 'GET', path: 'b', group: 'G', row: 'b GET and POST' },
      { name: 'b', method: 'POST', path: 'b', group: 'G', row: 'b GET and POST' },
      { name: 'c', method: 'GET', path: 'c', group: 'G', row: 'c (x, y)' },
    ]);
  });
});

describe('the contract covers SPEC.md section 7', () => {
  it('lists 98 calls, each once', () => {
    const calls = specCalls();
    const keys = calls.map(key);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(repeated, `SPEC.md section 7 lists these calls twice`).toEqual([]);
    expect(calls.length, 'calls in SPEC.md section 7 (one per name, path and method)').toBe(98);
    expect(operationList.length, 'operations in contract/index.ts').toBe(98);
  });

  it('declares every call of the spec with its name, method and path', () => {
    const declared = new Set(operationList.map(key));
    const missing = specCalls().filter((c) => !declared.has(key(c))).map((c) => `${key(c)}  ← '- ${c.row}'`);
    expect(missing, `SPEC.md section 7 calls with no operation of that name, method and path:\n${missing.join('\n')}`).toEqual([]);
  });

  it('declares nothing the spec does not list', () => {
    const listed = new Set(specCalls().map(key));
    const extra = operationList.filter((op) => !listed.has(key(op))).map((op) => `${op.id}: ${key(op)}`);
    expect(extra, `operations that SPEC.md section 7 does not list:\n${extra.join('\n')}`).toEqual([]);
  });

  it('puts each call in the domain of its SPEC.md subsection', () => {
    const byKey = new Map(operationList.map((op) => [key(op), op]));
    const misplaced = specCalls().flatMap((c) => {
      const op = byKey.get(key(c));
      if (!op) return [];
      const label: string = domains[op.domain as Domain];
      return label.endsWith(` ${c.group}`) ? [] : [`${op.id}: domain '${op.domain}' (${label}), SPEC.md subsection '${c.group}'`];
    });
    expect(misplaced, `operations whose domain differs from their SPEC.md subsection:\n${misplaced.join('\n')}`).toEqual([]);
  });
});
