/**
 * A copy of this working tree in a temporary folder, for tests that edit files while other checks
 * read the real ones (mock-reload-dev.test.ts, new-page.test.ts): every file git tracks or would
 * track, as it is now, and a node_modules of its own made of links to this one's packages, so its
 * caches (Vite's, tsc's, ESLint's) stay its own.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Caches and stamps a copy makes for itself. */
const OWN = new Set(['.cache', '.vite', '.vite-temp', '.setup-stamp', '.tsbuildinfo']);

export interface TempCopy {
  dir: string;
  remove(): void;
}

export function tempCopy(root: string, prefix = 'portal-copy-'): TempCopy {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of new Set(listed.stdout.split('\0').filter(Boolean))) {
    const from = path.join(root, file);
    // Deleted in the working tree but still in the index.
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (!OWN.has(entry)) symlinkSync(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
