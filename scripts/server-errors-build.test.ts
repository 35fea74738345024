/**
 * The same three broken pages as dev-server-errors.test.ts, in production (issue 45, decision
 * 087): the document server built by `vite build --ssr` (broken-pages.ts breaks the pages in
 * memory; the build takes about a second) and run as `node dist-server/main.js` runs, on the
 * standalone mock. A syntax error stops the build, naming its place; a page module that fails in
 * Node answers the parents' Chinese 500 page, and the process lives on; a render's throw is the
 * browser's to draw (the document had started: decision 074). The log holds each real error, in
 * the page's own source (source-mapped), never the chunk-reload guard's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '#mock/serve';
import { BROKEN_PAGES, brokenPages, brokenSource, type BrokenPage } from './broken-pages.ts';
import { freePort, untilQuiet } from './test-ports.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the tree, so the build's bare imports resolve from node_modules; a folder per run, so two
// checkouts sharing one node_modules (a link) never build into each other's.
mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(path.join(root, 'node_modules/.cache/server-errors-build-'));
const byKind = (kind: BrokenPage['kind']) => BROKEN_PAGES.find((page) => page.kind === kind)!;
const runtime = BROKEN_PAGES.filter((page) => page.kind !== 'syntax error');

let mock: RunningMockServer;
let server: ChildProcess;
let origin = '';
let log = '';

/**
 * `vite build --ssr src/server/main.ts` with these pages broken, into `outDir`. As `npm run build`
 * runs it: NODE_ENV production (vitest's is `test`, which would compile JSX for React's
 * development build), restored after.
 */
async function buildServer(pages: BrokenPage[], outDir: string) {
  const given = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      plugins: [brokenPages(root, pages)],
      build: { ssr: 'src/server/main.ts', outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = given;
  }
}

function placeOf(page: BrokenPage): string {
  const { line, column } = brokenSource(page, readFileSync(path.join(root, page.module), 'utf8'));
  return `${page.module}:${line}:${column}`;
}

beforeAll(async () => {
  await buildServer(runtime, path.join(work, 'dist-server'));
  // The client build's part the server reads: its index.html, and a manifest (no page's chunks: the browser is not asked here).
  mkdirSync(path.join(work, 'dist/.vite'), { recursive: true });
  writeFileSync(path.join(work, 'dist/index.html'), readFileSync(path.join(root, 'index.html'), 'utf8'));
  writeFileSync(path.join(work, 'dist/.vite/manifest.json'), '{}');
  mock = await startMockServer({ port: 0, log: null });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(work, 'dist-server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      BACKEND_URL: mock.url,
      ACCOUNT_SERVICE_URL: 'https://account.example.org/login',
      DIST: path.join(work, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (let tries = 0; !log.includes('[server] documents on'); tries += 1) {
    if (server.exitCode !== null) throw new Error(`the document server exited (code ${server.exitCode}):\n${log}`);
    if (tries > 300) throw new Error(`the document server did not start in 30 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await mock?.close();
  rmSync(work, { recursive: true, force: true });
});

async function visit(page: BrokenPage): Promise<{ status: number; html: string; logged: string }> {
  const from = log.length;
  const response = await fetch(`${origin}${page.path}`);
  const html = await response.text();
  await untilQuiet(() => log);
  return { status: response.status, html, logged: log.slice(from) };
}

describe('the build, a page that fails on the server', () => {
  it('syntax error: the build stops, naming the file, line and column', async () => {
    const page = byKind('syntax error');
    const failed = await buildServer([page], path.join(work, 'syntax')).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failed, 'the build failed').not.toBeNull();
    expect(failed!.message).toMatch(/Unexpected token/);
    expect(failed!.message).toContain(placeOf(page).split(':').slice(0, 2).join(':'));
  }, 60_000);

  it("top-level window: the parents' Chinese 500 page, no stack; the log holds the real error in the source; the server lives on", async () => {
    const page = byKind('top-level window');
    const { status, html, logged } = await visit(page);
    expect(status).toBe(500);
    expect(html).toContain('页面暂时无法显示');
    expect(html).not.toMatch(/window is not defined|\n\s+at |Error/);
    expect(logged).toMatch(page.message);
    expect(logged).toContain(placeOf(page).split(':').slice(0, 2).join(':'));
    expect(logged).not.toMatch(/sessionStorage|reloadForChunkError/);
    expect(server.exitCode).toBeNull();
    // Another page still renders.
    expect((await fetch(`${origin}/patriarchFAQ`)).status).toBe(200);
  }, 30_000);

  it('throw in render: the document started, drawn by the browser, with no stack; the log holds the real error once, in the source', async () => {
    const page = byKind('throw in render');
    const { status, html, logged } = await visit(page);
    expect(status).toBe(200);
    expect(html).toContain('<div id="root">');
    expect(html).not.toMatch(/payment notice broke|\n\s+at |ErrorOverlay/);
    expect(logged.split('\n').filter((line) => page.message.test(line))).toHaveLength(1);
    expect(logged).toContain(placeOf(page).split(':').slice(0, 2).join(':'));
    expect(server.exitCode).toBeNull();
  }, 30_000);
});
