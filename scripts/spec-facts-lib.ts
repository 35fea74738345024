/**
 * Reads the facts the tests rely on out of the product spec (SPEC.md, kept by the product owner
 * outside this repository): the calls of §7, the error codes of §8 and the coded enums of §3.
 * They are stored in contract/spec-facts.json, which the tests read, so the repository stands
 * alone; `npm run spec:facts -- --spec PATH` regenerates the file when the spec is at hand.
 *
 * The parser refuses anything it cannot read instead of guessing, so a new way of writing a
 * call in the spec is noticed rather than read as a GET.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SpecCall {
  name: string;
  method: HttpMethod;
  /** `name` or `name/{param}`, as the spec writes it. */
  path: string;
  /** The `### ` subsection the call is listed under, e.g. 'Session and account'. */
  group: string;
  /** The bullet as written, for messages. */
  row: string;
}

export interface SpecCode {
  code: number;
  /** The bullet of §8 that names the code, as written. */
  rule: string;
}

export interface SpecEnumEntry {
  value: number;
  /** The spec's English wording. */
  label: string;
}

export interface SpecFacts {
  /** Where the facts came from: a digest of the spec's text, so a changed spec is noticed. */
  source: { document: 'SPEC.md'; sha256: string };
  calls: SpecCall[];
  errorCodes: SpecCode[];
  enums: { credentialType: SpecEnumEntry[]; gender: SpecEnumEntry[] };
}

/** The text of a `## N. Title` section, up to the next `## ` heading. */
export function specSection(spec: string, heading: string): string {
  const lines = spec.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`SPEC.md has no '${heading}' section`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const METHOD = '(?:GET|POST|PUT|DELETE)';
const METHODS = new RegExp(`^${METHOD}(?:/${METHOD})*$`);

/**
 * The bullets of §7: `- name[/{param}] [METHODS] [(notes)]`. Methods may be `POST`,
 * `GET/POST/PUT`, or `GET (image code) and POST`; no method means GET. A trailing
 * `with module=9 (...)` names an argument, not a method.
 */
export function parseCalls(section: string): SpecCall[] {
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
    const text = row
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const [first = '', ...rest] = text.split(' ');
    const target = /^([a-z][a-z0-9_]*)(\/\{\w+\})?$/.exec(first);
    if (!target) throw new Error(`SPEC.md §7: cannot read the call name of '- ${row}'`);
    const name = target[1]!;

    let tail = rest;
    if (tail[0] === 'with') tail = []; // `get_front_content with module=9`: an argument of a GET
    const methods: HttpMethod[] = [];
    tail.forEach((word, i) => {
      if (i % 2 === 1) {
        if (word !== 'and') throw new Error(`SPEC.md §7: unexpected '${word}' in '- ${row}'`);
        return;
      }
      if (!METHODS.test(word)) throw new Error(`SPEC.md §7: unexpected '${word}' in '- ${row}'`);
      methods.push(...(word.split('/') as HttpMethod[]));
    });
    if (tail.length > 0 && tail.length % 2 === 0) throw new Error(`SPEC.md §7: dangling 'and' in '- ${row}'`);
    for (const method of methods.length > 0 ? methods : (['GET'] as const)) {
      calls.push({ name, method, path: first, group, row });
    }
  }
  return calls;
}

/** Every 5- or 6-digit code of §8, with the bullet that names it (first mention wins). */
export function parseCodes(section: string): SpecCode[] {
  const codes = new Map<number, string>();
  for (const line of section.split(/\r?\n/)) {
    const bullet = /^\s*-\s+(.+?)\s*$/.exec(line);
    if (!bullet) continue;
    for (const match of bullet[1]!.matchAll(/\b\d{5,6}\b/g)) {
      const code = Number(match[0]);
      if (!codes.has(code)) codes.set(code, bullet[1]!);
    }
  }
  return [...codes].map(([code, rule]) => ({ code, rule }));
}

/** `**Credential types:**` followed by `- 1 identity card ...` bullets. */
export function parseCredentialTypes(section: string): SpecEnumEntry[] {
  const block = /\*\*Credential types:\*\*\n((?:\s+- .+\n?)+)/.exec(section);
  if (!block) throw new Error('SPEC.md §3 lists no credential types');
  return [...block[1]!.matchAll(/- (\d+) (.+)/g)].map((m) => ({ value: Number(m[1]), label: m[2]!.trim() }));
}

/** `**Gender:** 1 male, 2 female.` */
export function parseGenders(section: string): SpecEnumEntry[] {
  const line = /\*\*Gender:\*\*(.+)/.exec(section);
  if (!line) throw new Error('SPEC.md §3 lists no genders');
  return [...line[1]!.matchAll(/(\d+) (\w+)/g)].map((m) => ({ value: Number(m[1]), label: m[2]! }));
}

export function extractSpecFacts(spec: string, sha256: string): SpecFacts {
  const entities = specSection(spec, '## 3. Entities and their fields');
  return {
    source: { document: 'SPEC.md', sha256 },
    calls: parseCalls(specSection(spec, '## 7. Calls')),
    errorCodes: parseCodes(specSection(spec, '## 8. Error catalogue')),
    enums: { credentialType: parseCredentialTypes(entities), gender: parseGenders(entities) },
  };
}

/** The facts as stored: stable key order, one call per line, so a diff reads well. */
export function formatSpecFacts(facts: SpecFacts): string {
  const lines = (items: unknown[]) => items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
  return [
    '{',
    `  "source": ${JSON.stringify(facts.source)},`,
    `  "calls": [\n${lines(facts.calls)}\n  ],`,
    `  "errorCodes": [\n${lines(facts.errorCodes)}\n  ],`,
    `  "enums": {`,
    `    "credentialType": ${JSON.stringify(facts.enums.credentialType)},`,
    `    "gender": ${JSON.stringify(facts.enums.gender)}`,
    `  }`,
    '}',
    '',
  ].join('\n');
}
