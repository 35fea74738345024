/**
 * `npm run new:page` makes pages that pass the type check, lint, their tests and their specs with
 * no edit (issue 45): in a copy of the working tree (temp-copy.ts), a public page and a personal
 * one, then `npm run typecheck`, `npm run lint`, the pages' tests with the lists' tests, and their
 * Playwright specs on the production-like run (built from the copy). Minutes: `npm run
 * test:release` runs it (NEW_PAGE_RELEASE=1); `npm test` runs new-page.test.ts.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempCopy, type TempCopy } from './temp-copy.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = [
  ['school-notices', '/schoolNotices', 'public', '学校通知'],
  ['course-notes', '/personal/courseNotes', 'session', '课程笔记'],
] as const;
let copy: TempCopy | null = null;
afterAll(() => copy?.remove());

/** Runs a command in the copy; its output is the failure's message. */
function inCopy(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd: copy!.dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  expect(result.status, `${command} ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`.slice(-6000)).toBe(0);
}

/** Beside the run's own servers: its ports moved by 20 (the copy builds and serves its own). */
const port = (name: string, fallback: number) => String(Number(process.env[name] ?? fallback) + 20);

describe.skipIf(!process.env.NEW_PAGE_RELEASE)('npm run new:page, as written', () => {
  it('makes pages that pass typecheck, lint, their tests and their specs', () => {
    copy = tempCopy(root, 'new-page-');
    for (const [name, at, access, title] of pages) inCopy('npm', ['run', '--silent', 'new:page', '--', name, at, access, title]);
    inCopy('npm', ['run', '--silent', 'typecheck']);
    inCopy('npm', ['run', '--silent', 'lint']);
    inCopy(path.join(root, 'node_modules/.bin/vitest'), [
      'run',
      ...pages.map(([name]) => `src/features/${name}`),
      'src/app/route-lists.test.ts',
      'src/app/deploy-routes.test.ts',
      'src/server/route-data.test.ts',
      'src/app/faults.test.tsx',
    ]);
    inCopy(path.join(root, 'node_modules/.bin/playwright'), ['test', '--reporter=line', ...pages.map(([name]) => `e2e/prod/${name}.spec.ts`)], {
      CI: 'true',
      E2E_PORT: port('E2E_PORT', 4173),
      E2E_PROD_PORT: port('E2E_PROD_PORT', 8080),
      E2E_MOCK_PORT: port('E2E_MOCK_PORT', 8787),
    });
  }, 900_000);
});
