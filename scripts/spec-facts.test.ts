/**
 * The spec's facts (contract/spec-facts.json) are read correctly and are up to date.
 *
 * The parser is tested on inline text, so this runs anywhere. The stored file is compared with
 * the spec itself only when the spec is given (SPEC_MD=PATH/TO/SPEC.md): the repository never
 * looks for it outside its own folder. The test's name says which of the two happened.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractSpecFacts, formatSpecFacts, parseCalls, parseCodes, specSection } from './spec-facts-lib.ts';
import facts from '../contract/spec-facts.json' with { type: 'json' };

describe('reading the spec’s §7', () => {
  const sample = [
    '### Session and account',
    '- st_validate POST',
    '- change_password GET/POST/PUT',
    '- send_sms GET (image code) and POST',
    '- contact_information (query passed=true)',
    '### Browsing',
    '- get_front_content with module=9 (payment notice; mini-app content call)',
    '- delete_my_collection/{id} DELETE',
  ].join('\n');

  it('reads the tricky rows', () => {
    const calls = parseCalls(sample);
    const methodsOf = (name: string) => calls.filter((c) => c.name === name).map((c) => c.method);
    expect(methodsOf('st_validate')).toEqual(['POST']);
    expect(methodsOf('change_password'), 'GET/POST/PUT').toEqual(['GET', 'POST', 'PUT']);
    expect(methodsOf('send_sms'), 'GET (image code) and POST').toEqual(['GET', 'POST']);
    expect(methodsOf('contact_information'), '(query passed=true)').toEqual(['GET']);
    expect(methodsOf('get_front_content'), 'with module=9 (...)').toEqual(['GET']);
    expect(calls.find((c) => c.name === 'delete_my_collection')).toMatchObject({ method: 'DELETE', path: 'delete_my_collection/{id}', group: 'Browsing' });
  });

  it('rejects rows it cannot read instead of guessing', () => {
    expect(() => parseCalls('- foo PATCH')).toThrow(/unexpected 'PATCH'/);
    expect(() => parseCalls('- Foo bar')).toThrow(/cannot read the call name/);
    expect(() => parseCalls('- foo GET and')).toThrow(/dangling 'and'/);
    expect(parseCalls('### G\n- a/{id} DELETE\n- b GET and POST\n- c (x, y)')).toEqual([
      { name: 'a', method: 'DELETE', path: 'a/{id}', group: 'G', row: 'a/{id} DELETE' },
      { name: 'b', method: 'GET', path: 'b', group: 'G', row: 'b GET and POST' },
      { name: 'b', method: 'POST', path: 'b', group: 'G', row: 'b GET and POST' },
      { name: 'c', method: 'GET', path: 'c', group: 'G', row: 'c (x, y)' },
    ]);
  });

  it('reads §8’s codes with the rule that names them, and finds sections by heading', () => {
    const spec = '## 7. Calls\n- a\n## 8. Error catalogue\n- error_code 999999 is success.\n- 200216 or 104010: home.\n## 9. Constants\n- 20000 ms';
    expect(parseCodes(specSection(spec, '## 8. Error catalogue'))).toEqual([
      { code: 999999, rule: 'error_code 999999 is success.' },
      { code: 200216, rule: '200216 or 104010: home.' },
      { code: 104010, rule: '200216 or 104010: home.' },
    ]);
    expect(() => specSection(spec, '## 3. Entities and their fields')).toThrow(/no '## 3\. Entities/);
  });
});

describe('contract/spec-facts.json', () => {
  it('is in the stored form (what npm run spec:facts writes)', () => {
    const stored = readFileSync(new URL('../contract/spec-facts.json', import.meta.url), 'utf8');
    expect(stored).toBe(formatSpecFacts(facts as Parameters<typeof formatSpecFacts>[0]));
  });

  const specPath = process.env.SPEC_MD;
  console.info(
    specPath ? `spec facts: contract/spec-facts.json compared with the spec at ${specPath}` : 'spec facts: SPEC_MD not set, the stored contract/spec-facts.json was checked without the spec',
  );
  it.runIf(specPath)(`matches the spec given by SPEC_MD (${specPath ?? 'not given'})`, () => {
    const text = readFileSync(specPath!, 'utf8');
    const fresh = extractSpecFacts(text, createHash('sha256').update(text).digest('hex'));
    expect(fresh, `contract/spec-facts.json is stale: npm run spec:facts -- --spec ${specPath}`).toEqual(facts);
  });
});
