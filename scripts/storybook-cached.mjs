#!/usr/bin/env node
// The static Storybook build (storybook-static/), made again only when what it is made of changed:
// the app's build inputs (scripts/build-cached.mjs) plus stories/ (its baselines and the visual
// check's own files excepted) and .storybook/. The visual check (scripts/test-visual.mjs) shoots it.
//   node scripts/storybook-cached.mjs        build unless up to date; BUILD_CACHE=0 builds anyway
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, stampOf } from './build-cached.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const STORYBOOK_OUT = join(root, 'storybook-static');
const STORY_DIRS = ['stories', '.storybook'];
/** The visual check's baselines and specs are no input of the build. */
const NOT_INPUT = /^stories\/visual\//;

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
}

export function storybookInputsHash(env = process.env) {
  const hash = createHash('sha256').update(inputsHash(['storybook'], { ...env, VITE_BACKEND: 'mock' }));
  for (const path of STORY_DIRS.flatMap((dir) => files(join(root, dir)))) {
    const name = relative(root, path);
    if (NOT_INPUT.test(name)) continue;
    hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

/** Builds storybook-static/ unless its recorded inputs are these; answers whether it built. */
export function buildStorybookCached({ env = process.env, log = (line) => console.log(line) } = {}) {
  const stamp = stampOf(STORYBOOK_OUT);
  const hash = storybookInputsHash(env);
  const index = join(STORYBOOK_OUT, 'index.json');
  if (env.BUILD_CACHE !== '0' && existsSync(stamp) && existsSync(index) && readFileSync(stamp, 'utf8').trim() === hash) {
    log(`build: storybook-static/ is up to date (inputs unchanged since ${statSync(stamp).mtime.toISOString()})`);
    return false;
  }
  const built = spawnSync(join(root, 'node_modules/.bin/storybook'), ['build', '--quiet', '-o', relative(root, STORYBOOK_OUT)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    // The stories run on the mock (VITE_BACKEND as in the demo build); no telemetry.
    env: { ...env, VITE_BACKEND: 'mock', STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  mkdirSync(join(stamp, '..'), { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildStorybookCached();
