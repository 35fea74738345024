/**
 * A page that fails on the server under `npm start` (issue 45, decision 087): a syntax error, a
 * `window` at a page module's top level, a throw in render (broken-pages.ts breaks three pages in
 * memory). The developer sees the real error, never the chunk-reload guard's: in Vite's overlay in
 * the browser, with the page's file, line and column in the source, and printed once in the
 * terminal. Production's side of the same errors: server-errors-build.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_PAGES, brokenSource, type BrokenPage } from './broken-pages.ts';
import { freePort, untilQuiet } from './test-ports.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: ChildProcess;
let origin = '';
let terminal = '';
let browser: Browser | null = null;

beforeAll(async () => {
  const port = await freePort();
  server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'tsconfig.base.json', 'scripts/dev-server-broken.ts', String(port)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
  for (let tries = 0; !/ready http/.test(terminal); tries += 1) {
    if (server.exitCode !== null) throw new Error(`the dev server exited (code ${server.exitCode}):\n${terminal}`);
    if (tries > 600) throw new Error(`the dev server did not start in a minute:\n${terminal}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  origin = /ready (http\S+)/.exec(terminal)![1]!;
}, 70_000);

afterAll(async () => {
  await browser?.close();
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** Where the break is, as the source reads with it: `src/features/…/x-page.tsx:26:11`. */
function placeOf(page: BrokenPage): string {
  const { line, column } = brokenSource(page, readFileSync(path.join(root, page.module), 'utf8'));
  return `${page.module}:${line}:${column}`;
}

/** The JSON the page hands Vite's ErrorOverlay. */
function overlayOf(html: string): { message: string; stack: string; loc?: { file: string; line: number; column: number } } {
  const json = /new ErrorOverlay\((\{.*?\})\)\);<\/script>/s.exec(html)?.[1];
  expect(json, 'the page opens Vite’s overlay').toBeTruthy();
  return JSON.parse(json!) as never;
}

/** Requests the page and answers what the terminal printed meanwhile (once the line stops growing). */
async function visit(page: BrokenPage): Promise<{ status: number; html: string; printed: string }> {
  const from = terminal.length;
  const response = await fetch(`${origin}${page.path}`);
  const html = await response.text();
  await untilQuiet(() => terminal);
  return { status: response.status, html, printed: terminal.slice(from) };
}

const count = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).length;

describe('npm start, a page that fails on the server', () => {
  for (const page of BROKEN_PAGES) {
    it(`${page.kind}: the real error, in the page's overlay with its place in the source, and once in the terminal`, async () => {
      const { status, html, printed } = await visit(page);
      const overlay = overlayOf(html);
      expect(overlay.message).toMatch(page.message);
      expect(`${overlay.stack}\n${overlay.message}`).not.toMatch(/sessionStorage|reloadForChunkError/);
      const place = placeOf(page);
      if (page.kind === 'syntax error') expect(overlay.loc).toEqual({ file: path.join(root, page.module), line: Number(place.split(':')[1]), column: Number(place.split(':')[2]) });
      // Source-mapped: the line and column of the break in the page's own source.
      else expect(overlay.stack).toContain(`${path.join(root, page.module)}:${place.split(':').slice(1).join(':')}`);
      // A module that does not load fails before the document starts (500); a render's throw is drawn over the started document.
      expect(status).toBe(page.kind === 'throw in render' ? 200 : 500);

      expect(count(printed, page.message), printed).toBe(1);
      expect(printed).toContain(place);
      expect(printed).not.toMatch(/sessionStorage|pluginCode/);
    }, 30_000);
  }

  it('the browser shows Vite’s overlay with each error and its place', async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    const tab = await browser.newPage();
    for (const page of BROKEN_PAGES) {
      await tab.goto(`${origin}${page.path}`);
      const overlay = tab.locator('vite-error-overlay');
      await expect
        .poll(
          () =>
            overlay
              .locator('.message-body')
              .textContent()
              .catch(() => ''),
          { timeout: 20_000 },
        )
        .toMatch(page.message);
      const place = placeOf(page);
      const shown = `${await overlay.locator('.file').textContent()}\n${await overlay.locator('.stack').textContent()}`;
      expect(shown).toContain(`${page.module}:${place.split(':').slice(1).join(':')}`);
    }
  }, 60_000);
});
