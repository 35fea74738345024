#!/usr/bin/env node
// How fast the portal is for parents, measured as Lighthouse measures it, beside a control.
//   npm run bench:web [-- --runs 5] [--pages home,search,...] [--profiles desktop,mobile] [--no-build] [--no-interactions]
//                     [--throttling simulate|devtools] [--calibrate] [--no-hydration] [--no-lighthouse]
//                     [--port 8180] [--mock-port 8887] [--web-port 8888] [--write] [--reports DIR] [--ab DIR,…] [--ab-port-step 10]
// Builds the real build and its document server (the pages are rendered on the server, decision
// 061; both through scripts/build-cached.mjs, as serve:prod builds them), serves them production-like (npm run serve:prod -- --https: nginx with
// deploy/nginx, TLS and HTTP/2 as production (decision 037), gzip, immutable hashed assets, the
// standalone mock as the API on the same origin), and runs
// --throttling devtools has Chrome throttle the load itself (each request pays its round trip and
// shares the link) instead of Lighthouse simulating a phone from an unthrottled load (its default,
// and the issue's figures): what a real slow phone sees, for an A/B the simulation may misjudge.
// It prints the host's benchmarkIndex (Lighthouse's measure of the CPU); --calibrate scales
// Lighthouse's mobile CPU multiplier to a host of index 1,850 (4 × this host's / 1,850: the class
// of machine the 4× is meant for), so TBT reads as on such a phone. Then, per public page and
// profile (mobile: CPU 4×, 150 ms RTT, 1.6 Mbps in Chromium itself), the time until the page is
// hydrated (the app's `cc:hydrated` mark, set at the hydration's commit: decision 085) beside FCP
// and LCP, and the INP of a first tap on the page's control once it shows (Event Timing).
// Lighthouse 12 (desktop and mobile presets, median of --runs) on the pages below and on a bare
// static page served by the same nginx (the control: what this machine scores with nothing to do);
// each run's line also names its first long task before the paint and how much of it ends past FCP
// (the navigation's commit, which TBT counts when it runs late: docs/perf.md).
// The mobile profile runs on Lighthouse's phone screen (412 px), where the pages have the phone
// layout (decision 050): checked first, a page wider than the screen fails. Then measures
// interactions at 4x CPU slowdown in Chromium (Event Timing: the longest event
// duration of each interaction, as INP counts it). Prints one table with the ratios to the
// control; --write also records it in docs/perf/bench-web-DATE.md. --reports DIR keeps each
// Lighthouse report (PROFILE-PAGE-RUN.json) there, for its long tasks and its trace's why.
// --ab DIR[,DIR…] is an A/B in one run: each DIR is another checkout of the portal (this tree with
// one change, its node_modules a link to this one's), built the same way and served beside this one
// (the Nth on --port + N, its mock and document servers on their ports + 10N: serve:prod starts two
// document servers, one port after another); each round measures
// every page on A (this checkout), then on B, C…, so a busy moment of the machine falls on all of
// them. The table gets a row per build and page; interactions are measured on A only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import { BUILDS, buildNamed } from './build-cached.mjs';
import { option, waitForPort } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const runs = Number(opt('runs', '5'));
const profiles = opt('profiles', 'desktop,mobile').split(',');
const throttling = opt('throttling', 'simulate');
const throttlingName = throttling === 'devtools' ? "Chrome's own throttling" : 'simulated throttling';
const port = Number(opt('port', '8180'));
const mockPort = Number(opt('mock-port', '8887'));
const webPort = Number(opt('web-port', String(mockPort + 1)));
const abRoots = opt('ab', '').split(',').filter(Boolean);
const calibrate = args.includes('--calibrate');
/** The benchmarkIndex of the host Lighthouse's 4× mobile multiplier is calibrated for (issue 41). */
const REFERENCE_INDEX = 1850;
const WORLD = 'bench-web';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
// The server's certificate is a throwaway self-signed one (serve-prod --https).
const LIGHTHOUSE_CHROME_FLAGS = `${CHROME_FLAGS} --ignore-certificate-errors`;

const PAGES = {
  control: { path: '/bench-control.html', signedIn: false },
  home: { path: '/', signedIn: false },
  search: { path: '/searchHome?name=%E5%AF%92%E5%81%87', signedIn: false },
  details: { path: '/details?id=1', signedIn: false },
  brochure: { path: '/apply', signedIn: false },
  faq: { path: '/patriarchFAQ', signedIn: false },
  myOrder: { path: '/personal/myOrder', signedIn: true },
};
const pages = [
  'control',
  ...opt('pages', 'home,search,details,brochure,faq,myOrder')
    .split(',')
    .filter((p) => p !== 'control'),
];
const unknown = [
  ...pages.filter((p) => !PAGES[p]),
  ...profiles.filter((p) => p !== 'desktop' && p !== 'mobile'),
  ...(['simulate', 'devtools'].includes(throttling) ? [] : [`--throttling ${throttling}`]),
];
if (unknown.length || !(runs >= 1)) {
  console.error(`bench:web: unknown ${unknown.join(', ') || `--runs ${opt('runs')}`}; pages: ${Object.keys(PAGES).join(', ')}; profiles: desktop, mobile; --runs 1 or more`);
  process.exit(2);
}

const say = (line) => console.error(`bench:web: ${line}`);

// -- the builds: A is this checkout, B (--ab) another
const builds = [{ name: 'A', root, port, mockPort, webPort }];
// --ab-port-step: how far apart each build's mock and document servers are (10 by default).
const step = Number(opt('ab-port-step', '10'));
abRoots.forEach((dir, i) => builds.push({ name: String.fromCharCode(66 + i), root: resolve(dir), port: port + 1 + i, mockPort: mockPort + step * (i + 1), webPort: webPort + step * (i + 1) }));
for (const build of builds) build.base = `https://localhost:${build.port}`;
const base = builds[0].base;

// The same two builds, with the same flags, as serve:prod makes: a page is the document server's
// render of dist-server/ around dist/'s chunks, so measuring a stale dist-server measures old pages.
if (!args.includes('--no-build')) {
  const env = { ...process.env, ...BUILDS.real.env };
  for (const build of builds) {
    if (build.root === root) {
      buildNamed('real', { log: say });
      buildNamed('real-server', { log: say });
      continue;
    }
    say(`building ${build.name} in ${build.root}`);
    // The other checkout's build-cached.mjs may predate the named builds: it is given their flags.
    for (const flags of [BUILDS.real.args, BUILDS['real-server'].args]) {
      const made = spawnSync(process.execPath, [join(build.root, 'scripts/build-cached.mjs'), ...flags], { cwd: build.root, stdio: ['ignore', 'ignore', 'inherit'], env });
      if (made.status !== 0) process.exit(1);
    }
  }
}

/** Serves one build as production does, with the pages Lighthouse opens first; resolves with its cookies. */
async function serve(build) {
  const dist = join(build.root, 'dist');
  writeFileSync(
    join(dist, 'bench-control.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>对照页</title></head><body><h1>少年儿童活动中心</h1><p>这是一个没有脚本的静态页面，用作性能测量的对照。</p></body></html>',
  );
  // its session from document.cookie, so a signed-in run needs the cookies in the
  // browser's jar, not in a request header: Lighthouse opens this page first, which sets them
  // (a script file, since the CSP refuses inline ones). Nothing of the app's is cached by it.
  writeFileSync(
    join(dist, 'bench-session.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>setting cookies</title><script src="/bench-session.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dist, 'bench-session.js'), "for (const pair of decodeURIComponent(location.hash.slice(1)).split('; ')) document.cookie = pair + '; path=/';\ndocument.title = 'cookies set';\n");
  const server = spawn(
    process.execPath,
    [join(build.root, 'scripts/serve-prod.mjs'), '--no-build', '--https', '--port', String(build.port), '--mock-port', String(build.mockPort), '--web-port', String(build.webPort)],
    { cwd: build.root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  build.stop = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', build.stop);
  await waitForPort(build.port, { what: 'serve:prod', seconds: 90 });

  // A signed-in parent in a world of the bench's own.
  const mock = `http://127.0.0.1:${build.mockPort}`;
  const worldHeader = { 'x-mock-world': WORLD, 'content-type': 'application/json' };
  await fetch(`${mock}/__mock/reset`, { method: 'POST', headers: worldHeader, body: JSON.stringify({ scenario: 'default' }) });
  const { ticket } = await (await fetch(`${mock}/__mock/login`, { method: 'POST', headers: worldHeader, body: JSON.stringify({ username: 'gaoyan' }) })).json();
  const session = await (await fetch(`${mock}/children_center/front/api/st_validate`, { method: 'POST', headers: worldHeader, body: JSON.stringify({ st: ticket, is_small_app: true }) })).json();
  build.cookies = { signedOut: `mock_world=${WORLD}`, signedIn: `mock_world=${WORLD}; client_id=${session.data.client_id}; access_token=${session.data.access_token}` };
}
for (const build of builds) await serve(build);
const { cookies } = builds[0];
const mock = `http://127.0.0.1:${mockPort}`;
const stop = () => builds.forEach((build) => build.stop());

/** A cookie jar's `a=b; c=d` as Playwright's cookies for the server. */
const cookieList = (jar, url = base) => jar.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url }));

// -- each page once on each build before any is measured: a document server's first render of a
// route is its slowest (code not yet optimised), and Lighthouse would measure it on one build
// and not another. With the mobile profile it also checks the phone layout (decision 050): on
// Lighthouse's own mobile screen each page fits the window; one laid out wider would be measured
// as a desktop page.
{
  const { screenEmulationMetrics } = await import('lighthouse/core/config/constants.js');
  const mobile = profiles.includes('mobile');
  const { width, height, deviceScaleFactor } = screenEmulationMetrics[mobile ? 'mobile' : 'desktop'];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });
  for (const build of builds) {
    for (const name of pages.filter((p) => p !== 'control')) {
      const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width, height }, deviceScaleFactor, isMobile: mobile, hasTouch: mobile, locale: 'zh-CN' });
      await context.addCookies(cookieList(PAGES[name].signedIn ? build.cookies.signedIn : build.cookies.signedOut, build.base));
      const page = await context.newPage();
      await page.goto(`${build.base}${PAGES[name].path}`, { waitUntil: 'networkidle' });
      const [laidOut, screenWidth] = await page.evaluate(() => [globalThis.document.documentElement.scrollWidth, globalThis.document.documentElement.clientWidth]);
      await context.close();
      if (mobile && laidOut > screenWidth) {
        await browser.close();
        throw new Error(`bench:web: ${name} lays out ${laidOut} px wide on the mobile profile's ${width} px screen: not the phone layout`);
      }
    }
  }
  await browser.close();
  if (mobile) say(`mobile profile: every page fits Lighthouse's ${width} × ${height} screen (the phone layout)`);
}

// -- Lighthouse
const median = (xs) => {
  const sorted = xs.filter((x) => typeof x === 'number' && !Number.isNaN(x)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const reportsDir = opt('reports');
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const outDir = reportsDir ?? mkdtempSync(join(tmpdir(), 'bench-web-'));

/** Waits until the Chrome at `port` shows the page that set the cookies. */
async function cookiesSet(port) {
  for (let i = 0; i < 200; i++) {
    const targets = await fetch(`http://127.0.0.1:${port}/json/list`).then(
      (r) => r.json(),
      () => [],
    );
    if (targets.some((t) => t.title === 'cookies set')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the cookie page did not load');
}

/**
 * One Lighthouse run in a fresh Chrome (a new profile: nothing cached) whose cookie jar holds the
 * page's cookies; a run Chrome's tracing lost (NO_NAVSTART, NO_FCP…) is tried again, twice. Fails
 * when the page went elsewhere (a guard's redirect): the figures would be another page's.
 */
async function lighthouse(base, path, profile, cookie, n, attempt = 1) {
  const out = join(outDir, `${profile}-${n}.json`);
  const chrome = await launchChrome({ chromePath: '/usr/bin/chromium', chromeFlags: LIGHTHOUSE_CHROME_FLAGS.split(' '), startingUrl: `${base}/bench-session.html#${encodeURIComponent(cookie)}` });
  let result;
  try {
    await cookiesSet(chrome.port);
    result = spawnSync(
      join(root, 'node_modules/.bin/lighthouse'),
      [
        `${base}${path}`,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance',
        `--port=${chrome.port}`,
        // The profile is new, so this keeps only the cookies: the cache is empty as in a reset.
        '--disable-storage-reset',
        ...(profile === 'desktop' ? ['--preset=desktop'] : []),
        ...(profile === 'mobile' && cpuMultiplier ? [`--throttling.cpuSlowdownMultiplier=${cpuMultiplier}`] : []),
        `--throttling-method=${throttling}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
  } finally {
    chrome.kill();
  }
  if (result.status !== 0) {
    if (attempt < 3) return lighthouse(base, path, profile, cookie, n, attempt + 1);
    throw new Error(`lighthouse ${path} (${profile}) failed: ${result.stderr.slice(-500)}`);
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const landed = new URL(report.finalDisplayedUrl);
  if (landed.pathname !== new URL(path, base).pathname) throw new Error(`lighthouse ${path} (${profile}) measured ${landed.pathname}${landed.search} instead`);
  const audit = (id) => report.audits[id]?.numericValue;
  benchmarkIndexes.push(report.environment?.benchmarkIndex);
  const fcp = audit('first-contentful-paint');
  // The first long task that starts before the estimated paint: on this host, the navigation's
  // commit (V8 contexts, Lighthouse's own among them), 70–430 ms simulated from one load to the
  // next. What of it ends past the paint counts in TBT (docs/perf.md: why home's TBT jumps).
  const first = (report.audits['long-tasks']?.details?.items ?? []).filter((task) => task.startTime < fcp).sort((a, b) => a.startTime - b.startTime)[0];
  return {
    perf: report.categories.performance.score,
    fcp,
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    firstTask: first ? { ms: first.duration, pastFcp: Math.max(0, first.startTime + first.duration - fcp) } : null,
  };
}

const benchmarkIndexes = [];
let cpuMultiplier = null;
if (calibrate) {
  // The host's index, from Lighthouse's own measure on the control page (3 runs, the median).
  for (let n = 0; n < 3; n++) await lighthouse(base, PAGES.control.path, 'mobile', cookies.signedOut, `calibrate-${n}`);
  const index = median(benchmarkIndexes);
  cpuMultiplier = Math.round(((4 * index) / REFERENCE_INDEX) * 100) / 100;
  say(`--calibrate: benchmarkIndex ${Math.round(index)}, mobile CPU multiplier 4 × ${Math.round(index)} / ${REFERENCE_INDEX} = ${cpuMultiplier}`);
  benchmarkIndexes.length = 0;
}
const results = {};
const lighthouseRuns = args.includes('--no-lighthouse') ? [] : profiles;
for (const profile of lighthouseRuns) {
  for (let n = 0; n < runs; n++) {
    // Pages interleaved within each round (and builds within each page), so a busy moment of the
    // machine hits all of them.
    for (const name of pages) {
      for (const build of builds) {
        const page = PAGES[name];
        const label = builds.length > 1 ? `${build.name} ${name}` : name;
        const sample = await lighthouse(build.base, page.path, profile, page.signedIn ? build.cookies.signedIn : build.cookies.signedOut, `${label.replace(' ', '-')}-${n}`);
        ((results[label] ??= {})[profile] ??= []).push(sample);
        say(
          `${profile} ${label} run ${n + 1}/${runs}: perf ${sample.perf} FCP ${Math.round(sample.fcp)} ms LCP ${Math.round(sample.lcp)} ms TBT ${Math.round(sample.tbt)} ms CLS ${sample.cls.toFixed(3)}` +
            (sample.firstTask ? `; first long task ${Math.round(sample.firstTask.ms)} ms, ${Math.round(sample.firstTask.pastFcp)} ms of it past FCP` : ''),
        );
      }
    }
  }
}
const labels = pages.flatMap((name) => builds.map((build) => (builds.length > 1 ? `${build.name} ${name}` : name)));

// -- hydration and a first tap, in Chromium with its own throttling (decision 085)
/** The header's phone menu (or its first button): a tap that stays on the page. */
const PHONE_MENU = 'header button[aria-haspopup="dialog"], header button';
/** What a parent taps first on each public page (once it shows), and what says it was done. */
const FIRST_TAPS = {
  home: 'header button[aria-haspopup="dialog"], header a, header button',
  // Where the page's own first control leaves the page before the hydration, its INP would go with
  // the document (decision 090): search's filters are GET forms' buttons, a signed-out visitor's 收藏
  // goes to sign in, and a past class's 报名 is disabled. The phone menu, as on home.
  search: PHONE_MENU,
  details: PHONE_MENU,
  brochure: 'main button, header button',
  faq: 'main h3 button',
  myOrder: 'main button, main a',
};
const PHONE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
async function hydration(build) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });
  const out = {};
  for (const profile of profiles) {
    const mobile = profile === 'mobile';
    for (const name of pages.filter((p) => p !== 'control')) {
      for (let n = 0; n < runs; n++) {
        const context = await browser.newContext({
          ignoreHTTPSErrors: true,
          viewport: mobile ? { width: 412, height: 823 } : { width: 1350, height: 940 },
          isMobile: mobile,
          hasTouch: mobile,
          locale: 'zh-CN',
        });
        await context.addCookies(cookieList(PAGES[name].signedIn ? build.cookies.signedIn : build.cookies.signedOut, build.base));
        await context.addInitScript(() => {
          globalThis.__taps = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (entry.interactionId) globalThis.__taps.push(entry.duration);
          }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
          // A build without the app's mark: when React's root is made (polled from the start).
          const poll = setInterval(() => {
            if (!Object.keys(globalThis.document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer'))) return;
            globalThis.__rootAt = performance.now();
            clearInterval(poll);
          }, 10);
          globalThis.__lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        if (mobile) {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        }
        await page.goto(`${build.base}${PAGES[name].path}`, { waitUntil: 'commit' });
        // The first tap once the control shows, before or after the hydration, as a parent would.
        // Never a disabled control: a parent cannot tap it (a selector list matches in the page's order).
        const target = page.locator(FIRST_TAPS[name]).and(page.locator(':not([disabled])')).filter({ visible: true }).first();
        let tapped = false;
        try {
          await target.waitFor({ state: 'visible', timeout: 20_000 });
          await target.evaluate((el) => {
            el.addEventListener('click', (e) => e.target.closest('a') && e.preventDefault(), { capture: true });
            globalThis.__beforeTap = true;
          });
          await (mobile ? target.tap({ noWaitAfter: true }) : target.click({ noWaitAfter: true }));
          tapped = true;
        } catch {
          // No such control on this page in this world: the hydration is still measured.
        }
        const hydrated = await page
          // A build without the mark (an --ab control from before decision 085): when React's root
          // is made (hydrateRoot's call, before its commit: that build is favoured by it).
          .waitForFunction(() => performance.getEntriesByName('cc:hydrated')[0]?.startTime ?? globalThis.__rootAt, null, { timeout: 30_000, polling: 20 })
          .then((h) => h.jsonValue())
          .catch(() => NaN);
        await page.waitForTimeout(800);
        // A tap that loaded another document (a sign-in): its INP went with the one it was read on.
        if (tapped && !(await page.evaluate(() => globalThis.__beforeTap === true).catch(() => false))) {
          say(`${profile} ${name}: the first tap loaded another document (${new URL(page.url()).pathname}); its INP is not measured`);
          tapped = false;
        }
        const figures = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          lcp: globalThis.__lcp || NaN,
          // Event Timing reports events of 16 ms and more: none is a tap answered within 16 ms.
          inp: globalThis.__taps.length ? Math.max(...globalThis.__taps) : 0,
        }));
        const label = builds.length > 1 ? `${build.name} ${name}` : name;
        ((out[label] ??= {})[profile] ??= []).push({ hydrated, ...figures, inp: tapped ? figures.inp : NaN });
        say(
          `${profile} ${label} hydration run ${n + 1}/${runs}: hydrated ${Math.round(hydrated)} ms FCP ${Math.round(figures.fcp)} ms LCP ${Math.round(figures.lcp)} ms first tap INP ${tapped ? Math.round(figures.inp) : '-'} ms`,
        );
        await context.close();
      }
    }
  }
  await browser.close();
  return out;
}
const hydrations = {};
if (!args.includes('--no-hydration')) {
  say('hydration and first tap (Chromium throttling: mobile CPU 4×, 150 ms RTT, 1.6 Mbps)');
  for (const build of builds) Object.assign(hydrations, await hydration(build));
}

// -- interactions at 4x CPU slowdown (Event Timing)
async function interactions() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await context.addCookies(cookieList(cookies.signedIn));
  await context.addInitScript(() => {
    globalThis.__events = [];
    new PerformanceObserver((list) => {
      // Hover menus have no interactionId (INP counts clicks, taps and keys): keep every event.
      for (const entry of list.getEntries()) globalThis.__events.push({ name: entry.name, duration: entry.duration, id: entry.interactionId });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const measured = {};
  async function measure(label, prepare, act) {
    await prepare();
    // The interaction, not the page's start-up: the shell paints before the data (decision 025),
    // so what the prepare step waits for can be on screen while calls and chunks still load.
    await page.waitForLoadState('networkidle');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => (globalThis.__events = []));
    await act();
    await page.waitForTimeout(500);
    const events = await page.evaluate(() => globalThis.__events);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    measured[label] = events.length ? Math.max(...events.map((e) => e.duration)) : 0;
  }
  // The sign-up happens in a family world: zhangwei's older child, a class that fits him.
  const family = { 'x-mock-world': `${WORLD}-family`, 'content-type': 'application/json' };
  await fetch(`${mock}/__mock/reset`, { method: 'POST', headers: family, body: JSON.stringify({ scenario: 'family' }) });
  const state = await (await fetch(`${mock}/__mock/state`, { headers: family })).json();
  const parent = state.tables.parents.find((p) => p.username === 'zhangwei');
  const [child] = state.tables.contacts.filter((c) => c.parent_id === parent.id && !c.deleted).sort((a, b) => a.birth_date.localeCompare(b.birth_date));
  const open = state.tables.classes.find((c) => c.name === '寒假科学探索营');
  const { ticket: familyTicket } = await (await fetch(`${mock}/__mock/login`, { method: 'POST', headers: family, body: JSON.stringify({ username: 'zhangwei' }) })).json();
  const familySession = await (
    await fetch(`${mock}/children_center/front/api/st_validate`, { method: 'POST', headers: family, body: JSON.stringify({ st: familyTicket, is_small_app: true }) })
  ).json();
  const asFamily = async () =>
    context.addCookies(
      Object.entries({ mock_world: `${WORLD}-family`, client_id: familySession.data.client_id, access_token: familySession.data.access_token, contact_id: String(child.id) }).map(([name, value]) => ({
        name,
        value,
        url: base,
      })),
    );

  await measure(
    'open the category menu',
    async () => {
      await page.goto(`${base}/searchHome`);
      await page.getByRole('navigation', { name: '课程分类' }).or(page.getByText('全部课程分类')).first().waitFor();
    },
    async () => {
      await page.getByText('全部课程分类').hover();
      await page.getByRole('navigation', { name: '课程分类' }).first().locator('a').first().hover();
    },
  );
  await measure(
    'change a search filter',
    async () => {
      await page.goto(`${base}/searchHome`);
      await page
        .getByRole('button', { name: /上午|周六|先到先得/ })
        .first()
        .waitFor();
    },
    async () => {
      await page
        .getByRole('button', { name: /上午|周六|先到先得/ })
        .first()
        .click();
    },
  );
  await measure(
    'choose a child',
    async () => {
      await page.goto(`${base}/`);
      await page
        .getByRole('button', { name: /请选择宝宝|宝宝/ })
        .first()
        .waitFor();
    },
    async () => {
      await page
        .getByRole('button', { name: /请选择宝宝/ })
        .or(page.locator('[aria-haspopup="listbox"]'))
        .first()
        .click();
    },
  );
  await measure(
    'submit a sign-up',
    async () => {
      await asFamily();
      await page.goto(`${base}/appointment?id=${open.id}`);
      await page.getByRole('checkbox', { name: /报名须知/ }).waitFor();
      await page.getByRole('radio', { name: new RegExp(child.name) }).check();
      await page.getByRole('checkbox', { name: /报名须知/ }).check();
    },
    async () => {
      await page.getByRole('button', { name: /^提交报名/ }).click();
    },
  );
  await browser.close();
  return measured;
}
const inp = args.includes('--no-interactions') ? {} : (say('interactions at 4x CPU slowdown'), await interactions());
stop();
if (!reportsDir) rmSync(outDir, { recursive: true, force: true });

// -- the table
const fmt = (x, unit = '') => (Number.isNaN(x) ? '-' : unit === 's' ? `${(x / 1000).toFixed(2)} s` : unit === 'ms' ? `${Math.round(x)} ms` : x.toFixed(unit === 'cls' ? 3 : 2));
const rows = (lighthouseRuns.length ? labels : []).map((name) => {
  const row = { page: name };
  const control = results[name.replace(/\S+$/, 'control')];
  const isControl = name.endsWith('control');
  for (const profile of profiles) {
    const m = (key) => median(results[name][profile].map((s) => s[key]));
    const c = (key) => median(control[profile].map((s) => s[key]));
    row[`${profile} perf`] = `${fmt(m('perf'))}${isControl ? '' : ` (${(m('perf') / c('perf')).toFixed(2)}×)`}`;
    row[`${profile} FCP`] = fmt(m('fcp'), 's');
    row[`${profile} LCP`] = `${fmt(m('lcp'), 's')}${isControl ? '' : ` (${(m('lcp') / c('lcp')).toFixed(1)}×)`}`;
    // With the CPU multiplied 4–9×, a pause of the host's lands in TBT: its spread says how far the median can be read.
    const tbts = results[name][profile].map((s) => s.tbt);
    row[`${profile} TBT`] = `${fmt(m('tbt'), 'ms')} (${Math.round(Math.min(...tbts))}–${Math.round(Math.max(...tbts))})`;
    row[`${profile} CLS`] = fmt(m('cls'), 'cls');
  }
  return row;
});
if (lighthouseRuns.length) {
  console.log(
    `Lighthouse 12 (${throttlingName}), medians of ${runs} (TBT's lowest and highest in brackets), real build behind nginx (deploy/nginx, TLS and HTTP/2), standalone mock as API; ratios to the control page:`,
  );
  console.table(rows);
}
const hostIndex = median(benchmarkIndexes);
if (Number.isFinite(hostIndex))
  console.log(`Host benchmarkIndex (Lighthouse): ${Math.round(hostIndex)}${cpuMultiplier ? `; --calibrate: mobile CPU multiplier ${cpuMultiplier} (4 × index / ${REFERENCE_INDEX})` : ''}`);
const hydrationRows = Object.entries(hydrations).flatMap(([name, byProfile]) =>
  Object.entries(byProfile).map(([profile, samples]) => {
    const m = (key) => median(samples.map((s) => s[key]));
    return { page: name, profile, hydrated: fmt(m('hydrated'), 's'), FCP: fmt(m('fcp'), 's'), LCP: fmt(m('lcp'), 's'), 'first tap INP': m('inp') === 0 ? '< 16 ms' : fmt(m('inp'), 'ms') };
  }),
);
if (hydrationRows.length) {
  console.log(`Hydration (the app's cc:hydrated mark) and a first tap's INP, Chromium's own throttling (mobile: CPU 4×, 150 ms RTT, 1.6 Mbps), medians of ${runs}:`);
  console.table(hydrationRows);
}
if (Object.keys(inp).length) {
  console.log('Interactions at 4x CPU slowdown (longest event duration, ms):');
  console.table(Object.entries(inp).map(([interaction, ms]) => ({ interaction, ms: Math.round(ms) })));
}

if (args.includes('--write')) {
  const date = new Date().toISOString().slice(0, 10);
  const head = Object.keys(rows[0]);
  const md = [
    `# bench:web ${date}`,
    '',
    `\`npm run bench:web -- --runs ${runs}${calibrate ? ' --calibrate' : ''}\` on this machine kind (2 cores), host benchmarkIndex ${Math.round(hostIndex)}${cpuMultiplier ? ` (mobile CPU multiplier ${cpuMultiplier})` : ''}. Lighthouse 12.8.2 (${throttlingName}), medians of ${runs}, the real build behind nginx with deploy/nginx (TLS and HTTP/2, as production) and the standalone mock as API; in brackets the ratio to the control (a static page on the same server), and TBT's lowest and highest run.`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${head.map((k) => r[k]).join(' | ')} |`),
    '',
    ...(abRoots.length
      ? [
          `A is this checkout; ${builds
            .slice(1)
            .map((b) => `${b.name} is ${basename(b.root)}`)
            .join(', ')}; measured alternately (--ab).`,
          '',
        ]
      : []),
    ...(hydrationRows.length
      ? [
          "Hydration (the app's cc:hydrated mark) and a first tap's INP, Chromium's own throttling (mobile: CPU 4×, 150 ms RTT, 1.6 Mbps):",
          '',
          '| page | profile | hydrated | FCP | LCP | first tap INP |',
          '|---|---|---|---|---|---|',
          ...hydrationRows.map((r) => `| ${r.page} | ${r.profile} | ${r.hydrated} | ${r.FCP} | ${r.LCP} | ${r['first tap INP']} |`),
          '',
        ]
      : []),
    ...(Object.keys(inp).length
      ? [
          'Interactions at 4x CPU slowdown (longest event duration, as INP counts it):',
          '',
          '| interaction | ms |',
          '|---|---|',
          ...Object.entries(inp).map(([k, v]) => `| ${k} | ${Math.round(v)} |`),
          '',
        ]
      : []),
  ].join('\n');
  mkdirSync(join(root, 'docs/perf'), { recursive: true });
  const file = `docs/perf/bench-web-${date}${abRoots.length ? `-ab-${abRoots.map((dir) => basename(resolve(dir))).join('-')}` : ''}.md`;
  writeFileSync(join(root, file), md);
  say(`wrote ${file}`);
}
process.exit(0);
