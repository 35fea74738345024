import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import rule from './no-import-cycle.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A tree of its own: rules/a.ts → views/b.ts → rules/a.ts, and c.ts → d.ts (no way back). */
const root = mkdtempSync(path.join(tmpdir(), 'no-import-cycle-'));
const files: Record<string, string> = {
  'package.json': '{}',
  'mock-server/rules/a.ts': "import { b } from '../views/b.ts';\nexport const a = b;",
  'mock-server/views/b.ts': "import type { a } from '#mock/rules/a';\nexport const b = 1;",
  'mock-server/c.ts': "import { d } from './d';\nexport const c = d;",
  'mock-server/d.ts': "import { z } from 'zod';\nexport const d = z;",
  'mock-server/e.ts': "export * from './e.ts';",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const at = (name: string) => ({ filename: path.join(root, name), code: files[name]!, options: [{ folders: ['mock-server'], root }] });

ruleTester.run('no-import-cycle', rule, {
  valid: [at('mock-server/c.ts'), at('mock-server/d.ts')],
  invalid: [
    { ...at('mock-server/rules/a.ts'), errors: [{ message: /mock-server\/rules\/a\.ts → mock-server\/views\/b\.ts → mock-server\/rules\/a\.ts/ }] },
    // a type import and an alias close the loop as well
    { ...at('mock-server/views/b.ts'), errors: [{ message: /mock-server\/views\/b\.ts → mock-server\/rules\/a\.ts → mock-server\/views\/b\.ts/ }] },
    { ...at('mock-server/e.ts'), errors: [{ message: /mock-server\/e\.ts → mock-server\/e\.ts/ }] },
  ],
});

describe('the lint of mock-server/ (eslint.config.js, decision 053)', () => {
  it('refuses a file over 400 lines (a test file over 600) and an import cycle, and keeps its layers', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..', '..') });
    const code = (await eslint.calculateConfigForFile('mock-server/rules/seats.ts')) as { rules: Record<string, unknown[]> };
    expect(code.rules['max-lines']).toEqual([2, { max: 400 }]);
    expect(code.rules['local/no-import-cycle']?.[0]).toBe(2);
    expect(code.rules['local/import-boundaries']?.[0]).toBe(2);
    const test = (await eslint.calculateConfigForFile('mock-server/serve.test.ts')) as { rules: Record<string, unknown[]> };
    expect(test.rules['max-lines']).toEqual([2, { max: 600 }]);
  });
});

describe('the lint of the whole repository (eslint.config.js, issue 40)', () => {
  it('refuses an import cycle in every folder with code, following imports through all of them', async () => {
    const { ESLint } = await import('eslint');
    const root = path.resolve(import.meta.dirname, '..', '..');
    const eslint = new ESLint({ cwd: root });
    const folders = ['contract', 'fixtures', 'mock-server', 'src', 'e2e', 'scripts', 'stories', 'eslint'];
    for (const file of [
      'contract/core.ts',
      'fixtures/world.ts',
      'mock-server/rules/seats.ts',
      'src/server/render-page.ts',
      'src/app/router.tsx',
      'e2e/a11y.spec.ts',
      'scripts/bench-ssr.mjs',
      'stories/support/story-mock.tsx',
      'eslint/rules/no-import-cycle.js',
    ]) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, [number, { folders: string[] }]> };
      const [level, options] = config.rules['local/no-import-cycle'] ?? [0, { folders: [] }];
      expect(level, file).toBe(2);
      expect(options.folders, file).toEqual(expect.arrayContaining(folders));
    }
  });
});
