import { defineConfig } from '@playwright/test';
import type { MockOptions } from './e2e/support/mock.ts';
import { PROD_LOG } from './e2e/support/prod-stack.ts';
import { chooseWorkers, describeMachine } from './scripts/machine.mjs';

const isCI = Boolean(process.env.CI);
/*
 * One worker per core this run may use that no other process is using (scripts/machine.mjs,
 * decision 077): a worker's chain (the test, Chromium, the page and its servers) keeps about one
 * core busy, so on 2 quiet cores two workers finish sooner, and on a machine where another process
 * holds a core a second worker only halves every test's speed. Measured once by the runner (its
 * workers load this file again and read the answer from the environment). E2E_WORKERS overrides.
 */
if (!process.env.E2E_WORKERS) {
  const machine = describeMachine();
  process.env.E2E_WORKERS = String(chooseWorkers(machine));
  console.log(`playwright: ${machine.line}: ${process.env.E2E_WORKERS} worker(s)`);
}
const workers = Number(process.env.E2E_WORKERS);
/** nginx with deploy/nginx in front of the standalone mock (npm run serve:prod). */
// Ports can move (E2E_PORT, E2E_PROD_PORT, E2E_MOCK_PORT) so two checkouts can run their journeys at once.
const prodPort = Number(process.env.E2E_PROD_PORT ?? 8080);
const mockPort = Number(process.env.E2E_MOCK_PORT ?? 8787);
const port = Number(process.env.E2E_PORT ?? 4173);

/*
 * Each project's server starts only when the run can reach that project: `--project demo` (or
 * spec files outside e2e/prod/) starts no nginx and no standalone mock, `--project prod` (or only
 * e2e/prod/ specs) builds no demo. Builds go through scripts/build-cached.mjs, which skips a build
 * whose inputs have not changed since the last one.
 */
function projectFlags(argv: string[]): string[] {
  return argv.flatMap((arg, i) => (arg === '--project' ? [argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []));
}
/** Positional arguments of `playwright test`: file filters (flags and their values left out). */
function fileFilters(argv: string[]): string[] {
  const at = argv.indexOf('test');
  if (at < 0) return [];
  const valued = new Set([
    '--project',
    '--grep',
    '-g',
    '--grep-invert',
    '--config',
    '-c',
    '--reporter',
    '--workers',
    '-j',
    '--retries',
    '--repeat-each',
    '--shard',
    '--timeout',
    '--output',
    '--max-failures',
    '--trace',
    '--global-timeout',
  ]);
  return argv.slice(at + 1).filter((arg, i, rest) => !arg.startsWith('-') && !valued.has(rest[i - 1] ?? ''));
}
const chosenProjects = projectFlags(process.argv);
const files = fileFilters(process.argv);
/** Specs under e2e/prod/ and e2e/minimal/ run on the production-like run (nginx, the document server, the standalone mock). */
const isProdFile = (filter: string) => /(^|\/)(prod|minimal)(\/|$)/.test(filter.replace(/^e2e\//, ''));
/** The projects each server serves: spec-only (its mock switched) and phone run on the demo build, minimal on the production-like run. */
const servedBy = { demo: ['demo', 'spec-only', 'phone'], prod: ['prod', 'minimal'] };
function runs(project: 'demo' | 'prod'): boolean {
  if (chosenProjects.length > 0 && !chosenProjects.some((chosen) => servedBy[project].includes(chosen))) return false;
  if (files.length === 0) return true;
  return project === 'prod' ? files.some(isProdFile) : files.some((filter) => !isProdFile(filter));
}

/** The journeys that reach the pages a backend of spec §7 alone changes (decision 057). */
export const SPEC_ONLY_JOURNEYS = ['refund.spec.ts', 'invoice.spec.ts', 'supply-fee.spec.ts'];

export default defineConfig<MockOptions>({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  workers,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    /*
     * A failed test keeps its trace: its actions, the network, the console and the source, without
     * DOM snapshots or the screencast, whose recording costs every test for the few that fail: the
     * screencast's frames a third of the run's CPU (browser and GPU process); the snapshots 27% of
     * the runner's CPU and 24% of the wall time (farm-bench, journeys + xss + keyboard, 3 pairs; with
     * snapshots off the same run costs what it costs with no trace at all: CPU ratio 1.00). For a DOM
     * snapshot of each step, run the failing test again with `--trace on`.
     */
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    // One picture of the page as a failed test left it (taken only then).
    screenshot: 'only-on-failure',
    // Debian's Chromium (installed by `node scripts/setup.mjs --browser`); never `playwright install`.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // The demo build: the app with the mock in the browser (one fresh mock per browser context).
    { name: 'demo', testIgnore: ['prod/**', 'minimal/**', 'phone.spec.ts'] },
    // The same build on a mock that answers spec §7's calls only (decision 057): the journeys through the pages that differ.
    { name: 'spec-only', testMatch: SPEC_ONLY_JOURNEYS, use: { specOnly: true } },
    /*
     * The demo build on a phone held upright (decision 050): 390 × 844 CSS px (iPhone 12 to 14), touch,
     * the page's viewport meta honoured. The enrolment journey by thumb, and the accessibility walk
     * of every route, which at this size also checks touch targets, the fields' keyboards and that
     * no route scrolls sideways at 320 to 1024 px.
     */
    { name: 'phone', testMatch: ['phone.spec.ts', 'a11y.spec.ts'], use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    // The real build as deployed: nginx with deploy/nginx, the standalone mock behind it, one world per test.
    { name: 'prod', testMatch: 'prod/**', use: { baseURL: `http://localhost:${prodPort}` } },
    /*
     * The same run with each test's world answering as a backend built from the seed: spec §7's calls
     * only, and only the fields SPEC.md names (decision 073). A few compact journeys: sign in, browse,
     * sign up, pay, refund, invoice, children, the account.
     */
    { name: 'minimal', testMatch: 'minimal/*.spec.ts', use: { baseURL: `http://localhost:${prodPort}` } },
  ],
  webServer: [
    runs('demo') && {
      // The demo build runs with the mock backend (VITE_BACKEND defaults to 'mock' in --mode demo).
      // Its own folder: the prod project builds the real build into dist/ at the same time.
      command: `node scripts/build-cached.mjs demo && node_modules/.bin/vite preview --mode demo --outDir dist-demo --port ${port} --strictPort`,
      url: `http://localhost:${port}`,
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    runs('prod') && {
      // Builds the real build into dist/ (unless unchanged), installs nginx when missing, starts the mock and nginx;
      // nginx's and the document servers' JSON lines go to PROD_LOG (e2e/prod/operations.spec.ts reads them).
      command: `node scripts/serve-prod.mjs --port ${prodPort} --mock-port ${mockPort} --log ${PROD_LOG}`,
      url: `http://localhost:${prodPort}`,
      reuseExistingServer: !isCI,
      timeout: 180_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ].filter((server) => server !== false),
});
