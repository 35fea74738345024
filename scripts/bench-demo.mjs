#!/usr/bin/env node
// How long the demo build (the app with the mock in the browser, as the Playwright journeys use
// it) takes to answer, and how much main-thread time it spends doing so.
//   node scripts/bench-demo.mjs [--dist DIR] [--runs 5] [--cpu 1,4] [--no-build]
// Builds the demo into DIR (default dist-demo/), serves it with `vite preview`, and for each CPU
// slowdown loads a page several times in a fresh browser context, as a journey does:
//   scenario   /?scenario=family        a reset: builds the scenario's world
//   reload     /                        the state saved by the previous load
//   personal   /personal/myOrder        signed in, a page with several calls
// Prints medians (ms): until globalThis.__mock answers, until the header's nav shows, until the
// network is idle, and the main thread's busy time (CDP Performance.getMetrics TaskDuration).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { option } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const dist = opt('dist', 'dist-demo');
const runs = Number(opt('runs', '5'));
const rates = opt('cpu', '1,4').split(',').map(Number);
const port = Number(opt('port', '4183'));
const base = `http://localhost:${port}`;

if (!args.includes('--no-build')) {
  const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--mode', 'demo', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('demo build failed');
}
const server = spawn(join(root, 'node_modules/.bin/vite'), ['preview', '--mode', 'demo', '--outDir', dist, '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore' });
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base)).ok) break;
  } catch {
    if (i > 100) throw new Error('vite preview did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Main-thread time of a CPU profile: every sample that is not idle (scripts, parsing, GC, layout). */
function busyMs(profile) {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (!idle.has(id)) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

async function load(page, cdp, url, waitFor) {
  await cdp.send('Profiler.start');
  const t0 = performance.now();
  await page.goto(url);
  await page.waitForFunction(() => globalThis.__mock !== undefined);
  const mock = performance.now() - t0;
  await waitFor(page);
  const shown = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  const idle = performance.now() - t0;
  const { profile } = await cdp.send('Profiler.stop');
  return { mock, shown, idle, busy: busyMs(profile) };
}

const nav = (page) => page.getByRole('navigation').first().waitFor();
const orders = (page) => page.getByRole('table', { name: '订单列表' }).waitFor();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];

for (const rate of rates) {
  const samples = { scenario: [], reload: [], personal: [] };
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    samples.scenario.push(await load(page, cdp, `${base}/?scenario=unpaid-order`, nav));
    samples.reload.push(await load(page, cdp, `${base}/`, nav));
    const { ticket } = await page.evaluate(() => globalThis.__mock.login('lina'));
    await page.goto(`${base}/?ticket=${ticket}`);
    await page.waitForURL((u) => !u.searchParams.has('ticket'));
    samples.personal.push(await load(page, cdp, `${base}/personal/myOrder`, orders));
    await context.close();
  }
  for (const [name, list] of Object.entries(samples)) {
    const m = (key) => Math.round(median(list.map((s) => s[key])));
    rows.push({ cpu: `${rate}x`, load: name, mock_ready: m('mock'), shown: m('shown'), idle: m('idle'), main_thread_busy: m('busy') });
  }
}

await browser.close();
server.kill();
console.log(`demo build, medians of ${runs} (ms):`);
console.table(rows);
