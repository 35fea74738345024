/**
 * `npm start`'s mock is reloaded with its code (issue 45, decision 088), run as a developer runs
 * it (`npm run dev`) in a copy of the working tree (temp-copy.ts), whose files the test edits: a
 * fixture's edit is in the mock's next answer without a restart, and the terminal says what was
 * reloaded; an edit of the mock's code keeps a world's state (its clock, here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, MOCK_WORLD_HEADER } from '#contract/index';
import { tempCopy, type TempCopy } from './temp-copy.ts';
import { freePort } from './test-ports.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
let copy: TempCopy;
let server: ChildProcess;
let origin = '';
let terminal = '';

beforeAll(async () => {
  copy = tempCopy(root, 'mock-reload-');
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn('npm', ['run', '--silent', 'dev', '--', '--port', String(port)], { cwd: copy.dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  for (let tries = 0; !terminal.includes(`${origin}/`); tries += 1) {
    if (server.exitCode !== null) throw new Error(`npm run dev exited (code ${server.exitCode}):\n${terminal}`);
    if (tries > 600) throw new Error(`npm run dev did not start in a minute:\n${terminal}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 70_000);

afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  copy?.remove();
});

const world = (name: string) => ({ [MOCK_WORLD_HEADER]: name });
const firstQuestion = async () =>
  ((await (await fetch(`${origin}${API_BASE_PATH}parents_questions_and_answers?page=1&page_size=1`)).json()) as { data: { list: { question: string }[] } }).data.list[0]!.question;

/** Edits a file of the copy. */
function edit(file: string, change: (text: string) => string): void {
  const at = path.join(copy.dir, file);
  writeFileSync(at, change(readFileSync(at, 'utf8')));
}

/** Waits for `done`, at most 15 s. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start reloads the mock with its code', () => {
  it("a fixture's edit is in the next answer, and the terminal says so", async () => {
    const before = await firstQuestion();
    expect(before).toBe('怎样为孩子报名？');
    edit('fixtures/catalogue.ts', (text) => text.replace("question: '怎样为孩子报名？'", "question: '怎样为孩子报名？（已修改）'"));
    expect(await until(firstQuestion, (question) => question !== before)).toBe('怎样为孩子报名？（已修改）');
    expect(terminal).toMatch(/\[mock\] reloaded \(fixtures\/catalogue\.ts changed\); world default: fixtures changed: it starts again from scenario default/);
  }, 30_000);

  it("an edit of the mock's code keeps each world's state", async () => {
    const now = '2026-09-01T02:00:00.000Z';
    const set = await fetch(`${origin}/__mock/clock`, { method: 'POST', headers: { ...world('reload-qa'), 'Content-Type': 'application/json' }, body: JSON.stringify({ now, frozen: true }) });
    expect(set.status).toBe(200);
    const from = terminal.length;
    edit('mock-server/handlers/browsing.ts', (text) => `${text}\n// edited by mock-reload-dev.test.ts\n`);
    await until(
      async () => terminal.slice(from),
      (said) => said.includes('[mock] reloaded (mock-server/handlers/browsing.ts changed)'),
    );
    expect(terminal.slice(from)).toMatch(/kept worlds default, reload-qa/);
    const clock = (await (await fetch(`${origin}/__mock/clock`, { headers: world('reload-qa') })).json()) as { now: string; frozen: boolean };
    expect({ now: new Date(clock.now).toISOString(), frozen: clock.frozen }).toEqual({ now, frozen: true });
  }, 30_000);
});
