/**
 * Keeps docs/mock.md's curl walkthroughs true: takes the ```bash blocks between the markers
 * `<!-- walkthrough:start -->` and `<!-- walkthrough:end -->` (and the two-testers walkthrough's
 * `worlds-walkthrough` markers, and the lost answer's `lost-answer-walkthrough`), runs them in one bash (they share variables) against a fresh
 * standalone mock API on a free port, and checks each step's outcome. The first walkthrough runs
 * twice: as is (jq if installed) and with a PATH holding only curl and node, as on a fresh Debian
 * machine without jq.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '#fixtures/records';
import { booksProblems } from './rules/books.ts';
import { startMockServer, type RunningMockServer } from './serve.ts';

const GUIDE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'mock.md');
const STEP_MARK = '::walkthrough-step-done::';

/** The ```bash blocks of a walkthrough section of docs/mock.md, in order. */
function walkthroughBlocks(markdown: string, marker = 'walkthrough'): string[] {
  const start = markdown.indexOf(`<!-- ${marker}:start -->`);
  const end = markdown.indexOf(`<!-- ${marker}:end -->`);
  if (start < 0 || end < start) throw new Error(`docs/mock.md has no ${marker} markers`);
  const section = markdown.slice(start, end);
  return [...section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** What each block must print (in order); a block may print more. */
const curlSteps: { what: string; expect: RegExp[] }[] = [
  { what: 'reset to the family scenario', expect: [/"scenario":"family"/, /"seed":1/] },
  { what: 'a ticket and st_validate', expect: [/"error_code":999999/, /"client_id":"[^"]+"/, /"username":"zhangwei"/] },
  { what: 'a child and a class for its age, no time conflict', expect: [/^child \d+ \(age \d+\), class \d+$/m, /"is_conflict":false/] },
  { what: 'sign up and place the order', expect: [/"error_code":999999/, /"order_id":\d+/, /"pay_deadline":"[^"]+"/] },
  { what: 'pay: a waiting trade', expect: [/"trade_no":"T\d+"/, /"status":1\b/] },
  { what: 'the tester settles the payment', expect: [/"status":2\b/] },
  { what: 'the order is paid', expect: [/"paid":true/, /^2$/m] },
  { what: 'refund preview and application', expect: [/"is_full":true/, /"refundable_amount":[1-9]\d*/, /"refund_id":\d+/, /^5$/m] },
  { what: 'the request journal', expect: [/"ok":true/, /"count":1/, /^GET preview_refund_fee 200\nPOST apply_refund 200\nGET order_detail 200$/m] },
  { what: 'a fault for one class, a Prefer', expect: [/^class \d+ answered HTTP 500$/m, /^class \d+ answered HTTP 200$/m, /"error_code":404001/] },
  { what: 'the clock and the time rules', expect: [/"now":"[^"]+"/, /^2$/m, /^99993$/m, /^3\n6$/m] },
];

/** The two-testers walkthrough, after the first block of the one above (MOCK, API, field). */
const worldSteps: { what: string; expect: RegExp[] }[] = [
  { what: 'the definitions', expect: [] },
  { what: 'two worlds from one scenario', expect: [/"scenario":"unpaid-order"[\s\S]*"scenario":"unpaid-order"/] },
  { what: 'alice pays lina’s order', expect: [/"status":2\b/] },
  { what: 'alice saves; bob still sees it unpaid', expect: [/"name":"lina-paid"/, /^bob sees order \d+ with status 1$/m, /"name":"alice"/, /"name":"bob"/] },
  { what: 'bob loads the snapshot and sees it paid', expect: [/"snapshot":"lina-paid"/, /^bob sees order \d+ with status 2$/m, /"deleted":"lina-paid"/] },
];

/** The lost answer and the near miss (issue 44), after the first block of the first walkthrough. */
const lostSteps: { what: string; expect: RegExp[] }[] = [
  { what: 'the definitions', expect: [] },
  { what: 'lina signs in, her order unpaid', expect: [/"scenario":"unpaid-order"/, /^order \d+ unpaid$/m] },
  { what: 'the payment’s answer is lost', expect: [/"network":"lost_answer"/, /^the answer was lost \(curl exit \d+\)$/m] },
  { what: 'the journal keeps what the backend did', expect: [/^lost_answer 200 T\d+$/m] },
  { what: 'paid meanwhile; asked again, not twice', expect: [/"status":2\b/, /"error_code":300202/, /^2\n1 trade$/m] },
  { what: 'a failed verification’s near miss', expect: [/"ok":false/, /"near_misses":\[\{"request_id":\d+/, /\{"field":"body\.pay_type","expected":2,"actual":1\}/] },
];

interface Run {
  status: number | null;
  outputs: string[];
  stderr: string;
}

/** Runs the blocks in one bash, asynchronously: the server answers from this same process. */
async function runBlocks(blocks: string[], port: number, env: NodeJS.ProcessEnv): Promise<Run> {
  const script = ['set -euo pipefail', ...blocks.map((block) => `${block.replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`)}\necho\necho '${STEP_MARK}'`)].join('\n');
  const child = spawn('/bin/bash', ['-c', script], { env, timeout: 60_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // The text after the last mark is what a failing block printed before it stopped.
  return { status, outputs: stdout.split(`${STEP_MARK}\n`).map((chunk) => chunk.trim()), stderr };
}

function check(run: Run, steps: { what: string; expect: RegExp[] }[] = curlSteps) {
  const done = run.outputs.length - 1;
  const failed = done < steps.length ? `step ${done + 1} (${steps[done]?.what}) failed:\n${run.outputs[done]}\n${run.stderr}` : '';
  steps.forEach((step, i) => {
    if (i >= done) return;
    for (const pattern of step.expect) expect(run.outputs[i], `step ${i + 1}: ${step.what}`).toMatch(pattern);
  });
  expect(failed).toBe('');
  expect(run.status).toBe(0);
}

describe('docs/mock.md curl walkthroughs', () => {
  let server: RunningMockServer;
  let blocks: string[];
  let worldBlocks: string[];
  let lostBlocks: string[];
  let bin: string;
  let snapshots: string;

  beforeAll(async () => {
    const guide = readFileSync(GUIDE, 'utf8');
    blocks = walkthroughBlocks(guide);
    worldBlocks = [blocks[0]!, ...walkthroughBlocks(guide, 'worlds-walkthrough')];
    lostBlocks = [blocks[0]!, ...walkthroughBlocks(guide, 'lost-answer-walkthrough')];
    snapshots = mkdtempSync(path.join(tmpdir(), 'walkthrough-snapshots-'));
    server = await startMockServer({ port: 0, log: null, snapshotDir: snapshots });
    bin = mkdtempSync(path.join(tmpdir(), 'walkthrough-bin-'));
    symlinkSync(process.execPath, path.join(bin, 'node'));
    symlinkSync('/usr/bin/curl', path.join(bin, 'curl'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(bin, { recursive: true, force: true });
    rmSync(snapshots, { recursive: true, force: true });
  });

  it('has one bash block per checked step', () => {
    expect(blocks).toHaveLength(curlSteps.length);
    expect(worldBlocks).toHaveLength(worldSteps.length);
    expect(lostBlocks).toHaveLength(lostSteps.length);
  });

  /** The books of a world after the walkthrough: sign-up, payment and refund all add up (books.ts). */
  async function books(world?: string) {
    const answer = await fetch(`http://127.0.0.1:${server.port}/__mock/state`, { headers: world ? { 'X-Mock-World': world } : {} });
    return booksProblems(((await answer.json()) as { tables: Snapshot }).tables);
  }

  it('runs every step against npm run mock:serve, with jq where installed, in a world of its own', async () => {
    const before = JSON.stringify(server.state.snapshot());
    check(await runBlocks(blocks, server.port, process.env));
    expect(await books('walkthrough')).toEqual([]);
    // The server's default world was never used: no call, the same tables.
    expect(server.state.journal.records()).toEqual([]);
    expect(JSON.stringify(server.state.snapshot())).toBe(before);
  });

  it('runs with curl and node only (no jq)', async () => {
    check(await runBlocks(blocks, server.port, { PATH: bin, HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' }));
  });

  it('two testers in two worlds: one saves a snapshot after paying, the other loads it', async () => {
    check(await runBlocks(worldBlocks, server.port, process.env), worldSteps);
    expect(await books('alice')).toEqual([]);
    expect(await books('bob')).toEqual([]);
  });

  it('a payment whose answer is lost is found paid, not paid twice; a failed verification names its near miss', async () => {
    check(await runBlocks(lostBlocks, server.port, process.env), lostSteps);
    expect(await books('lost-answer')).toEqual([]);
  });
});
