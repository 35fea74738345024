/**
 * .env.example lists every variable the builds, the servers and the tests read: each
 * `process.env.X` and `import.meta.env.VITE_X` of the repository's own code is a line `X=` of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['contract', 'fixtures', 'mock-server', 'src', 'e2e', 'scripts', 'stories', '.storybook', 'eslint'];
const FILES = ['vite.config.ts', 'playwright.config.ts'];
/** The system's, what the build sets itself (vite.config.ts `define`), and Vitest's own (VITEST). */
const NOT_OURS = new Set(['PATH', 'HOME', 'NODE_OPTIONS', 'XDG_DATA_HOME', 'FORCE_COLOR', 'NODE_ENV', 'DEV', 'PROD', 'MODE', 'VITE_BUILD_ID', 'VITEST']);

function sources(): string[] {
  const files = FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name) && entry.name !== 'env-example.test.ts')
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  return [...files, ...FILES.map((file) => path.join(root, file))];
}

it('lists every variable the code reads', () => {
  const read = new Set<string>();
  for (const file of sources()) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|import\.meta\.env\.([A-Z][A-Z0-9_]*)|\benv\.(VITE_[A-Z0-9_]+)/g)) read.add((m[1] ?? m[2] ?? m[3])!);
  }
  const listed = new Set([...readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
  expect([...read].filter((name) => !NOT_OURS.has(name) && !listed.has(name)).sort(), 'read by the code, missing from .env.example').toEqual([]);
  expect([...listed].filter((name) => !read.has(name)).sort(), 'in .env.example, read by nothing').toEqual([]);
});
