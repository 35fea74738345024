#!/usr/bin/env node
// Makes a fresh clone runnable. Node built-ins only: this runs before node_modules exists.
//   node scripts/setup.mjs            -> npm ci if needed, public/mockServiceWorker.js
//   node scripts/setup.mjs --browser  -> also Debian's chromium + fonts-noto-cjk, and nginx-light
//                                         for the deployed-portal journeys (apt, as root), with
//                                         its brotli module when apt can get it
// Quiet when there is nothing to do.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nodeModules = join(root, 'node_modules');
const lockPath = join(root, 'package-lock.json');
const stampPath = join(nodeModules, '.setup-stamp');

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`setup: \`${cmd} ${args.join(' ')}\` failed (exit ${res.status ?? res.signal ?? res.error?.message})`);
    process.exit(1);
  }
}

// --- 1. dependencies --------------------------------------------------------
const lockText = readFileSync(lockPath, 'utf8');
const lockHash = createHash('sha256').update(lockText).digest('hex');

/** True when node_modules/.package-lock.json (npm's record of what is installed) matches the lock. */
function installedMatchesLock() {
  const hiddenPath = join(nodeModules, '.package-lock.json');
  if (!existsSync(hiddenPath)) return false;
  try {
    const wanted = JSON.parse(lockText).packages ?? {};
    const have = JSON.parse(readFileSync(hiddenPath, 'utf8')).packages ?? {};
    for (const [key, pkg] of Object.entries(have)) {
      if (wanted[key]?.version !== pkg.version) return false;
    }
    for (const [key, pkg] of Object.entries(wanted)) {
      // Optional packages for other platforms (e.g. @esbuild/darwin-arm64) are never installed.
      if (key !== '' && !pkg.optional && !have[key]) return false;
    }
    return true;
  } catch {
    return false;
  }
}

const stampOk = existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === lockHash;
if (!stampOk) {
  if (!existsSync(nodeModules) || !installedMatchesLock()) {
    console.log('setup: node_modules is missing or differs from package-lock.json: running npm ci');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  writeFileSync(stampPath, `${lockHash}\n`);
}

// --- 2. MSW worker script (npm does not run msw's postinstall here) --------
const workerSrc = join(nodeModules, 'msw', 'lib', 'mockServiceWorker.js');
const workerDst = join(root, 'public', 'mockServiceWorker.js');
if (existsSync(workerSrc)) {
  const same = existsSync(workerDst) && readFileSync(workerSrc).equals(readFileSync(workerDst));
  if (!same) {
    mkdirSync(dirname(workerDst), { recursive: true });
    copyFileSync(workerSrc, workerDst);
    console.log('setup: wrote public/mockServiceWorker.js from the installed msw');
  }
} else if (existsSync(join(nodeModules, 'msw', 'cli', 'index.js'))) {
  // Fallback for an msw layout without lib/mockServiceWorker.js.
  run(process.execPath, [join(nodeModules, 'msw', 'cli', 'index.js'), 'init', 'public', '--save=false']);
} else {
  console.error('setup: msw is not installed, cannot create public/mockServiceWorker.js');
  process.exit(1);
}

// --- 3. browser for Playwright / Storybook (opt-in) -------------------------
if (process.argv.includes('--browser')) {
  const chromium = '/usr/bin/chromium';
  const hasFonts = () => spawnSync('dpkg', ['-s', 'fonts-noto-cjk'], { stdio: 'ignore' }).status === 0;
  const hasNginx = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p));
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!hasFonts()) missing.push('fonts-noto-cjk');
  if (!hasNginx()) missing.push('nginx-light');
  if (missing.length > 0) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!isRoot || !hasApt) {
      console.error(
        `setup: missing ${missing.join(' and ')} (needed by Playwright and Storybook tests).\n` +
          `Install them as root with:\n` +
          `  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}\n` +
          `Never run \`playwright install\`: the project uses Debian's ${chromium}.`,
      );
      process.exit(1);
    }
    console.log(`setup: installing ${missing.join(' ')} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', ...missing], { env });
    if (!existsSync(chromium) || !hasFonts() || !hasNginx()) {
      console.error(`setup: apt-get finished but ${chromium}, fonts-noto-cjk or nginx is still missing`);
      process.exit(1);
    }
  }
  // Brotli for serve:prod's nginx, as production serves it (decision 041). Optional: without it
  // serve:prod sends gzip, and its brotli check says why it did not run.
  const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  const canApt = typeof process.getuid === 'function' && process.getuid() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  // Tried once per install of node_modules: a machine without a package mirror does not wait again.
  const brotliTried = join(nodeModules, '.setup-brotli-tried');
  if (!existsSync(brotliModule) && canApt && !existsSync(brotliTried)) {
    writeFileSync(brotliTried, '');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // A minute each at most: an unreachable mirror must not hold up the tests for apt's own timeouts.
    const apt = (...args) => spawnSync('apt-get', args, { stdio: 'ignore', env, timeout: 60_000 }).status === 0;
    const install = () => apt('install', '-y', 'libnginx-mod-http-brotli-static');
    if (!install() && !(apt('update') && install())) {
      console.log('setup: libnginx-mod-http-brotli-static could not be installed: serve:prod will send gzip only');
    }
  }
}
