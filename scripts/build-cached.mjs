#!/usr/bin/env node
// A Vite build that is made again only when what it is made of changed:
//   node scripts/build-cached.mjs --outDir DIR [any other `vite build` flag, e.g. --mode demo]
//   node scripts/build-cached.mjs demo real real-server   the named builds below (BUILDS), in turn
// Hashes the build's inputs (the app's, contract's, mock's and fixtures' sources without their
// tests, public/, index.html, the Vite and TypeScript configuration, the lock file, .env files,
// the VITE_* variables and the flags) and skips the build when the hash recorded for DIR (in
// node_modules/.cache/build-inputs/, by DIR's absolute path: a checkout whose node_modules is a
// link to another's, as bench:web's --ab uses, keeps records of its own) is the same. Playwright's servers and serve:prod build through it, so a second run of one spec starts
// in a second or two instead of rebuilding both bundles. BUILD_CACHE=0 builds whatever the hash.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Folders and files a build reads (tests and stories excepted). */
const INPUT_DIRS = ['src', 'contract', 'mock-server', 'fixtures', 'public'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.base.json', 'package.json', 'package-lock.json'];
const NOT_INPUT = /\.(test|spec|stories)\.[cm]?[jt]sx?$|(^|\/)(node_modules|__snapshots__)\//;

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? files(path) : [path];
    });
}

/** One hash of every input's path and bytes, the VITE_* variables and the build's flags. */
export function inputsHash(args, env = process.env) {
  const hash = createHash('sha256');
  const envFiles = readdirSync(root).filter((name) => /^\.env(\..+)?$/.test(name) && name !== '.env.example');
  const paths = [...INPUT_DIRS.flatMap((dir) => files(join(root, dir))), ...[...INPUT_FILES, ...envFiles].map((name) => join(root, name))];
  for (const path of paths) {
    const name = relative(root, path);
    if (NOT_INPUT.test(name) || !existsSync(path)) continue;
    hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
  }
  const vite = Object.entries(env)
    .filter(([key]) => key.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify({ args, vite }));
  return hash.digest('hex');
}

/**
 * The builds the Playwright projects and serve:prod run on, by name: their flags and variables are
 * stated here only. `npm test` makes them beside vitest, so Playwright's servers find them made.
 */
export const BUILDS = {
  // The demo build: the app with the mock in the browser (VITE_BACKEND defaults to 'mock' in --mode demo).
  demo: { args: ['--mode', 'demo', '--outDir', 'dist-demo'], env: {} },
  // The real build (VITE_BACKEND=real) and its document server, behind nginx.
  real: { args: ['--outDir', 'dist'], env: { VITE_BACKEND: 'real' } },
  'real-server': { args: ['--ssr', 'src/server/main.ts', '--outDir', 'dist-server'], env: { VITE_BACKEND: 'real' } },
};

/** A named build (BUILDS) made unless its inputs are unchanged; answers whether it built. */
export function buildNamed(name, { log } = {}) {
  const build = BUILDS[name];
  if (!build) throw new Error(`build-cached: no build named ${name} (${Object.keys(BUILDS).join(', ')})`);
  return buildCached(build.args, { env: { ...process.env, ...build.env }, ...(log ? { log } : {}) });
}

const stamps = join(root, 'node_modules/.cache/build-inputs');

/**
 * Where the inputs of the build in outDir are recorded: named by its absolute path, since two
 * checkouts may share one node_modules (a link), and each has its own dist-server/.
 */
export function stampOf(outDir, checkout = root) {
  return join(stamps, `${relative(checkout, outDir).replaceAll('/', '_') || 'root'}-${createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 12)}`);
}

/** Builds into outDir unless its recorded inputs are these; answers whether it built. */
export function buildCached(args, { env = process.env, log = (line) => console.log(line) } = {}) {
  const at = args.indexOf('--outDir');
  const outDir = resolve(root, at >= 0 ? args[at + 1] : 'dist');
  const stamp = stampOf(outDir);
  const hash = inputsHash(args, env);
  // The output's page is recorded too: a build made into the same folder by other means (npm run
  // build with other variables) names other chunks, so it is not taken for this one.
  const page = join(outDir, 'index.html');
  const output = () => (existsSync(page) ? createHash('sha256').update(readFileSync(page)).digest('hex') : 'none');
  if (env.BUILD_CACHE !== '0' && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === `${hash} ${output()}`) {
    log(`build: ${relative(root, outDir)}/ is up to date (inputs unchanged since ${statSync(stamp).mtime.toISOString()})`);
    return false;
  }
  const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--emptyOutDir', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
  mkdirSync(stamps, { recursive: true });
  writeFileSync(stamp, `${hash} ${output()}\n`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length > 0 && args.every((arg) => !arg.startsWith('-'))) args.forEach((name) => buildNamed(name));
  else buildCached(args);
}
