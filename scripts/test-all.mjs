#!/usr/bin/env node
// Runs every check in order and stops at the first failure (non-zero exit):
//   typecheck -> lint -> unit (vitest) -> storybook build -> e2e (playwright)
// Prints each step's duration and, as the very last line, `tests: N passed, M failed`
// (vitest + playwright), which CI reads. Run `node scripts/setup.mjs --browser` first
// (`npm test` does both).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const tmp = mkdtempSync(join(tmpdir(), 'test-all-'));
const vitestJson = join(tmp, 'vitest.json');
const playwrightJson = join(tmp, 'playwright.json');

const counts = { passed: 0, failed: 0 };

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const steps = [
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', cmd: bin('eslint'), args: ['--max-warnings=0', '.'] },
  {
    name: 'unit (vitest)',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    count() {
      const report = readJson(vitestJson);
      if (!report) return;
      counts.passed += report.numPassedTests ?? 0;
      counts.failed += report.numFailedTests ?? 0;
    },
  },
  {
    name: 'storybook build',
    cmd: bin('storybook'),
    args: ['build', '--quiet', '-o', 'storybook-static'],
    env: { STORYBOOK_DISABLE_TELEMETRY: '1' },
  },
  {
    name: 'e2e (playwright)',
    cmd: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
    count() {
      const stats = readJson(playwrightJson)?.stats;
      if (!stats) return;
      counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      counts.failed += stats.unexpected ?? 0;
    },
  },
];

function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        ...step.env,
      },
    });
    child.on('error', (error) => {
      console.error(`${step.name}: cannot start ${step.cmd}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const timings = [];
let exitCode = 0;
const started = performance.now();

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t0 = performance.now();
  const code = await run(step);
  const ms = performance.now() - t0;
  step.count?.();
  timings.push([step.name, ms, code === 0 ? 'ok' : `FAILED (exit ${code})`]);
  console.log(`${code === 0 ? '✔' : '✘'} ${step.name}: ${seconds(ms)}${code === 0 ? '' : ` — FAILED (exit ${code})`}`);
  if (code !== 0) {
    exitCode = code;
    break;
  }
}

rmSync(tmp, { recursive: true, force: true });
const skipped = steps.slice(timings.length).map((s) => s.name);
console.log('\nsummary:');
for (const [name, ms, status] of timings) console.log(`  ${name.padEnd(18)} ${seconds(ms).padStart(8)}  ${status}`);
for (const name of skipped) console.log(`  ${name.padEnd(18)} ${'-'.padStart(8)}  not run`);
console.log(`  ${'total'.padEnd(18)} ${seconds(performance.now() - started).padStart(8)}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(exitCode);
