#!/usr/bin/env node
// Every check, in order, stopping at the first failure (non-zero exit).
//   node scripts/test-all.mjs            `npm test`: what a developer runs before each push (≤ 10 min
//                                        on 2 cores): the app's vitest ∥ types, then the other vitest
//                                        projects ∥ lint ∥ builds ∥ the stories (play and axe, then
//                                        the visual check), then Playwright
//   node scripts/test-all.mjs --release  `npm run test:release`: what npm test leaves out (the
//                                        whole fault matrix, the long invariant run, the monkey's
//                                        20 seeds × 300 actions, the whole visual walk, new:page's
//                                        pages through typecheck, lint, tests and specs)
// Set-up (scripts/setup.mjs: npm ci, Chromium, fonts, nginx when missing) runs first and is timed
// apart. The last lines are each step's time, the total without set-up, and
// `tests: N passed, M failed` (vitest + Playwright), which CI reads. Decision 048 says what runs where.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseWorkers, describeMachine } from './machine.mjs';
import { runPlan } from './run-plan.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const release = process.argv.includes('--release');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const tmp = mkdtempSync(join(tmpdir(), 'test-all-'));
const counts = { passed: 0, failed: 0 };
// The machine's state at the start and the end: a slow run says why (another process's load, a CPU limit).
const machineAtStart = describeMachine();

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A vitest step whose passed and failed tests are counted. */
function vitest(name, args, env = {}) {
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  return {
    name,
    cmd: bin('vitest'),
    args: ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    count() {
      const json = readJson(report);
      counts.passed += json?.numPassedTests ?? 0;
      counts.failed += json?.numFailedTests ?? 0;
    },
  };
}

/** A Playwright step whose passed (flaky included) and failed tests are counted. */
function playwright(name, args, env = {}) {
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  return {
    name,
    cmd: bin('playwright'),
    args: ['test', '--reporter=list,json', ...args],
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
    count() {
      const stats = readJson(report)?.stats;
      counts.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
      counts.failed += stats?.unexpected ?? 0;
    },
  };
}

const setup = { name: 'set-up', cmd: process.execPath, args: [join(root, 'scripts/setup.mjs'), '--browser'] };

/** Each entry runs after the one before; the steps of an array run side by side. */
const plan = release
  ? [
      [
        vitest('the whole fault matrix, the long invariant run', ['src/app/faults.test.tsx', 'mock-server/invariants.property.test.ts', '--testTimeout=600000'], {
          FAULT_MATRIX: 'full',
          INVARIANT_RUNS: '500',
        }),
        // Every story at both widths, beside the matrix's one busy core; npm test shoots a sample (decision 079).
        { ...playwright('stories: the whole visual walk', []), cmd: process.execPath, args: [join(root, 'scripts/test-visual.mjs'), '--reporter=list,json'] },
      ],
      playwright('the monkey, 20 seeds × 300 actions', ['e2e/monkey.spec.ts', '--project=demo'], { MONKEY_SEEDS: '20', MONKEY_ACTIONS: '300' }),
      // In a copy of the tree: two pages by npm run new:page, then typecheck, lint, their tests and specs (issue 45).
      vitest('new:page, as written', ['scripts/new-page-release.test.ts', '--project=node'], { NEW_PAGE_RELEASE: '1' }),
    ]
  : [
      /*
       * Side by side: vitest keeps about one core busy on two (its files wait on timers and
       * renders), tsc and ESLint one each, and the builds Playwright's servers need (demo, real,
       * document server) are made here instead of at Playwright's start (decision 048).
       */
      [
        // The app's tests (jsdom); the stories' own project (a browser) runs in the stories' chain below.
        vitest('unit: the app (vitest, jsdom)', ['--project=dom']),
        /*
         * The contract's, the mock's, the server's and the scripts' tests after the type check, on
         * the core it leaves: one vitest process runs one file at a time on two cores, so the two
         * projects in one step kept the other core idle once the type check, lint, builds and stories
         * were done (212 s then, the group's longest; decision 077).
         */
        {
          name: 'types, then the rest',
          steps: [
            // The package's own scripts, so `npm run typecheck` and this agree.
            { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
            vitest('unit: contract, mock, server, scripts (vitest, node)', ['--project=node']),
          ],
        },
        // `npm run lint` (ESLint, then Prettier's check), as a developer runs it.
        { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
        { name: 'builds', cmd: process.execPath, args: [join(root, 'scripts/build-cached.mjs'), 'demo', 'real', 'real-server'] },
        /*
         * The stories, one step after the other on the core the others leave (decision 078): each
         * story in Chromium with its play function and axe (Storybook's Vitest integration), then
         * the static build shot at desktop and phone width against the baselines.
         */
        {
          name: 'stories',
          steps: [
            vitest('stories: play and axe (vitest, Chromium)', ['--project=storybook']),
            {
              ...playwright('stories: visual check, a sample (playwright)', [], { VISUAL_WALK: 'sample' }),
              cmd: process.execPath,
              args: [join(root, 'scripts/test-visual.mjs'), '--reporter=list,json'],
            },
          ],
        },
      ],
      {
        /*
         * The journeys start while the first group's last step (the node project's tests, after the
         * type check) finishes on one core: the other core would idle. Their workers are chosen from
         * the machine as the run started (another process's load), not from this run's own steps.
         */
        ...playwright('e2e (playwright)', [], { E2E_WORKERS: process.env.E2E_WORKERS ?? String(chooseWorkers(machineAtStart)) }),
        overlap: { after: 'builds', leftRunning: 1 },
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

async function timed(step) {
  // A chain: its steps one after the other, each timed, stopping at the first that fails.
  if (step.steps) {
    for (const inner of step.steps) {
      const code = await timed(inner);
      done.add(inner);
      if (code !== 0) return code;
    }
    return 0;
  }
  console.log(`\n▶ ${step.name}`);
  const t0 = performance.now();
  const code = await run(step);
  const ms = performance.now() - t0;
  step.count?.();
  const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
  timings.push([step.name, ms, status]);
  console.log(`${code === 0 ? '✔' : '✘'} ${step.name}: ${seconds(ms)}${code === 0 ? '' : ` — ${status}`}`);
  return code;
}

console.log(`machine at the start: ${machineAtStart.line}`);
const setupStarted = performance.now();
let exitCode = await run(setup);
const setupMs = performance.now() - setupStarted;
const started = performance.now();
const done = new Set();

if (exitCode === 0)
  exitCode = await runPlan(plan, async (step) => {
    const code = await timed(step);
    done.add(step);
    return code;
  });

rmSync(tmp, { recursive: true, force: true });
const allSteps = plan.flat().flatMap((step) => step.steps ?? [step]);
const width = Math.max(18, ...allSteps.map((step) => step.name.length));
console.log(`\n${release ? 'npm run test:release' : 'npm test'} summary:`);
console.log(`  ${'set-up (not counted)'.padEnd(width)} ${seconds(setupMs).padStart(8)}  ${exitCode !== 0 && done.size === 0 ? 'FAILED' : 'ok'}`);
for (const [name, ms, status] of timings) console.log(`  ${name.padEnd(width)} ${seconds(ms).padStart(8)}  ${status}`);
for (const step of allSteps.filter((step) => !done.has(step))) console.log(`  ${step.name.padEnd(width)} ${'-'.padStart(8)}  not run`);
console.log(`  ${'total'.padEnd(width)} ${seconds(performance.now() - started).padStart(8)}`);
console.log(`  machine at the start: ${machineAtStart.line}`);
console.log(`  machine at the end:   ${describeMachine().line}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(exitCode);
