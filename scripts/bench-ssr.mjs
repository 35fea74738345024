#!/usr/bin/env node
// How fast the document server answers, through nginx as deployed, past any cache.
//   npm run bench:ssr [-- --requests 10000] [--clients 50] [--rounds N] [--web-processes N] [--no-build] [--write]
//                     [--port 8990] [--mock-port 9990] [--ab DIR[,DIR…]]
// Builds the real build and the document server (unless unchanged), serves them as production
// does (npm run serve:prod: nginx with deploy/nginx, the document server with --expose-gc, the
// standalone mock as the backend), and asks for home and a class's details, each address made
// unique (?bench=N) so nginx's few-second cache never answers. Each request is a visitor of its
// own to nginx's limits (X-Bench-Client, which serve:prod keys them by: bench:burst measures the
// limits), so what is measured is the document servers: a request is answered with the page (200)
// or, past a server's cap on renders under way, its Chinese 503 page (issue 38); anything else (a
// dropped connection, another status) is an error. Prints, for 1 client and for --clients at once
// (50): the time to the first byte (p50, p99) and to the last of the pages, the 503s, the errors, the CPU each page
// cost the document servers and the whole serve:prod (nginx, the document servers, the mock), read
// from /proc; what the documents' Server-Timing headers said (their render passes, times); and the
// document server's heap after a collection, after the first 2,500 requests and after --requests
// (default 10,000). Targets (issues 25 and 40): p50 TTFB ≤ 30 ms; with 50 clients p99 TTFB ≤ 100 ms;
// no errors; the heap after 10,000 within 10% of the heap after 2,500. --write records the table in
// docs/perf/.
// --ab DIR[,DIR…] is an A/B in one run: each DIR another checkout of the portal (its node_modules a
// link to this one's), built by its own serve:prod and served beside this one (the Nth on --port + N,
// its mock on --mock-port + 10N and its document servers just after). Each phase is cut in --rounds
// (3 by default with --ab) and every round runs the phase on each build in turn, the order reversed
// every other round, so a busy moment of this shared machine falls on all of them.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { option, waitForPort } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const total = Number(opt('requests', '10000'));
const many = Number(opt('clients', '50'));
const port = Number(opt('port', '8990'));
const mockPort = Number(opt('mock-port', '9990'));
const abRoots = opt('ab', '').split(',').filter(Boolean);
const rounds = Math.max(1, Number(opt('rounds', abRoots.length ? '3' : '1')));
const PATHS = ['/', '/details?id=1'];
const say = (line) => console.error(`bench:ssr: ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const builds = [root, ...abRoots.map((dir) => resolve(dir))].map((dir, i) => ({
  name: String.fromCharCode(65 + i),
  root: dir,
  port: port + i,
  mockPort: mockPort + 10 * i,
  webPort: mockPort + 10 * i + 1,
}));

/** Starts one build's serve:prod; resolves once nginx and its first document server listen. */
async function serve(build) {
  const server = spawn(
    process.execPath,
    [
      join(build.root, 'scripts/serve-prod.mjs'),
      ...(args.includes('--no-build') ? ['--no-build'] : []),
      ...(opt('web-processes') ? ['--web-processes', opt('web-processes')] : []),
      '--port',
      String(build.port),
      '--mock-port',
      String(build.mockPort),
      '--web-port',
      String(build.webPort),
    ],
    {
      cwd: build.root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
    },
  );
  build.server = server;
  build.stop = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', build.stop);
  // Another server on these ports would be measured instead: serve:prod must be the one that listens.
  server.on('exit', (code) => {
    console.error(`bench:ssr: ${build.name}'s serve:prod stopped (code ${code}); a port of ${build.port}, ${build.mockPort}, ${build.webPort} may be taken (--port, --mock-port)`);
    process.exit(1);
  });
  await waitForPort(build.port, { what: `${build.name}'s nginx`, seconds: 300 });
  await waitForPort(build.webPort, { what: `${build.name}'s document server`, seconds: 120 });
}
process.on('SIGINT', () => process.exit(130));
say(`load average at the start: ${load()}`);
for (const build of builds) {
  say(`starting ${build.name} (${build.root}) on ${build.port}`);
  await serve(build);
}

// -- CPU, from /proc: the ticks (user + system) of a build's processes.
const TICK_MS = 10;
/** Every process under `pid` (itself included): its command line and CPU ticks. */
function processTree(pid) {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command's name is in brackets and may hold spaces: the fields after it are split.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.push({ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmd: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const walk = (parent) => {
    for (const p of all.filter((q) => q.ppid === parent)) {
      tree.push(p);
      walk(p.pid);
    }
  };
  walk(pid);
  return tree;
}
/** CPU ticks of a build's document servers and of its whole serve:prod. */
function cpuOf(build) {
  const tree = processTree(build.server.pid);
  const sum = (list) => list.reduce((s, p) => s + p.ticks, 0);
  return { web: sum(tree.filter((p) => p.cmd.includes('dist-server/main.js'))), all: sum(tree) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let sequence = 0;

/** `render;dur=4.1, passes;desc="1"` as { render: { dur: 4.1 }, passes: { desc: '1' } }. */
function parseServerTiming(header) {
  const metrics = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const metric = (metrics[name] = {});
    for (const param of params) {
      const at = param.indexOf('=');
      if (at < 0) continue;
      const key = param.slice(0, at).trim();
      const value = param
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      metric[key] = key === 'dur' ? Number(value) : value;
    }
  }
  return metrics;
}

/**
 * One document: the time to its first byte and to its last, in ms, whether it was answered (the
 * page, or the server's 503 page), whether that was the 503, and its Server-Timing.
 */
function ask(build, path) {
  sequence += 1;
  const url = `${path}${path.includes('?') ? '&' : '?'}bench=${sequence}`;
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = { 'Accept-Encoding': 'gzip', Host: `localhost:${build.port}`, 'X-Bench-Client': String(sequence) };
    const request = http.get({ host: '127.0.0.1', port: build.port, path: url, agent, headers }, (response) => {
      let first = null;
      response.on('data', () => (first ??= performance.now() - started));
      response.on('end', () =>
        resolve({
          ttfb: first ?? performance.now() - started,
          total: performance.now() - started,
          ok: response.statusCode === 200 || response.statusCode === 503,
          busy: response.statusCode === 503,
          timing: parseServerTiming(response.headers['server-timing']),
        }),
      );
    });
    request.on('error', () => resolve({ ttfb: NaN, total: NaN, ok: false, busy: false, timing: {} }));
  });
}

/** `count` requests by `clients` clients at once, alternating the pages. */
async function run(build, count, clients) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const path = PATHS[next % PATHS.length];
        next += 1;
        results.push(await ask(build, path));
      }
    }),
  );
  return results;
}

const quantile = (values, q) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '-');
/** The document servers' heaps after a collection, summed: serve:prod starts them one port after another from webPort. */
async function heap(build) {
  let sum = 0;
  for (let p = build.webPort; ; p += 1) {
    const health = await fetch(`http://127.0.0.1:${p}/healthz`).then(
      (response) => response.json(),
      () => null,
    );
    if (!health) return sum;
    sum += health.heap_used_bytes;
  }
}

/** The documents the document servers rendered and their render passes, summed (/healthz). */
async function passes(build) {
  const sum = { documents: 0, passes: 0 };
  for (let p = build.webPort; ; p += 1) {
    const health = await fetch(`http://127.0.0.1:${p}/healthz`).then(
      (response) => response.json(),
      () => null,
    );
    if (!health) return sum;
    sum.documents += health.documents_rendered ?? 0;
    sum.passes += health.render_passes ?? 0;
  }
}

/** Runs `phase` on every build once per round, the builds' order reversed every other round. */
async function inRounds(label, phase) {
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      say(`${label}, round ${r + 1}/${rounds}, ${build.name} (load ${load()})`);
      await phase(build);
    }
  }
}

for (const build of builds) {
  say(`${build.name}: warming up (200 requests)`);
  await run(build, 200, 4);
  Object.assign(build, { one: [], fifty: [], rest: [], cpu: { web: 0, all: 0 } });
}
await inRounds('1 client, 300 requests in all', async (build) => build.one.push(...(await run(build, Math.round(300 / rounds), 1))));
await inRounds(`${many} clients, 2,000 requests in all`, async (build) => {
  const before = cpuOf(build);
  build.fifty.push(...(await run(build, Math.round(2000 / rounds), many)));
  const after = cpuOf(build);
  build.cpu.web += after.web - before.web;
  build.cpu.all += after.all - before.all;
});
// The first heap reading comes after these 2,500 requests, the second after --requests.
const done = 200 + 300 + 2000;
for (const build of builds) {
  build.heapAtFirst = await heap(build);
  say(`${build.name}: ${total - done} more requests, 10 clients, for the memory`);
  build.rest = await run(build, Math.max(0, total - done), 10);
  build.heapAtEnd = await heap(build);
  build.passes = await passes(build);
}
for (const build of builds) {
  build.server.removeAllListeners('exit');
  build.stop();
}

/** A quantile of one measure (`ttfb` or `total`) of some results. */
const at = (results, measure, q) =>
  quantile(
    results.map((r) => r[measure]),
    q,
  );
const label = (build) => (builds.length > 1 ? `${build.name} ` : '');
/** Quantiles of the pages (200s); the 503 pages are counted apart. */
const row = (build, clients, results, cpu) => {
  const pages = results.filter((r) => r.ok && !r.busy);
  return `| ${label(build)}${clients} | ${results.length} | ${ms(at(pages, 'ttfb', 0.5))} | ${ms(at(pages, 'ttfb', 0.99))} | ${ms(at(pages, 'total', 0.5))} | ${ms(at(pages, 'total', 0.99))} | ${results.filter((r) => r.busy).length} | ${results.filter((r) => !r.ok).length} | ${
    cpu ? `${((cpu.web * TICK_MS) / results.length).toFixed(1)} ms | ${((cpu.all * TICK_MS) / results.length).toFixed(1)} ms` : '- | -'
  } |`;
};
/** What the documents' Server-Timing said: each metric's duration (p50, p99) or its descriptions and how often. */
function timingSummary(results) {
  const names = [...new Set(results.flatMap((r) => Object.keys(r.timing)))];
  if (names.length === 0) return 'no Server-Timing header';
  return names
    .map((name) => {
      const values = results.map((r) => r.timing[name]).filter(Boolean);
      const durs = values.map((v) => v.dur).filter((d) => d !== undefined);
      if (durs.length) return `${name} p50 ${ms(quantile(durs, 0.5))}, p99 ${ms(quantile(durs, 0.99))}`;
      const counts = {};
      for (const v of values) counts[v.desc ?? '(none)'] = (counts[v.desc ?? '(none)'] ?? 0) + 1;
      return `${name} ${Object.entries(counts)
        .map(([desc, n]) => `"${desc}" ×${n}`)
        .join(', ')}`;
    })
    .join('; ');
}
const growth = (build) => (build.heapAtEnd - build.heapAtFirst) / build.heapAtFirst;
const [a] = builds;
const table = [
  `bench:ssr, ${new Date().toISOString().slice(0, 10)}: home and /details?id=1 alternating, through nginx (deploy/nginx) past its cache, the document server and the standalone mock, on this machine; load average ${load()} at the end.${
    builds.length > 1 ? ` A is this checkout, ${builds.slice(1).map((b) => `${b.name} ${basename(b.root)}`)}; ${rounds} rounds, the builds alternating.` : ''
  }`,
  '',
  '| clients | requests | TTFB p50 | TTFB p99 | last byte p50 | last byte p99 | 503 page | errors | CPU a page: document servers | CPU a page: all of serve:prod |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...builds.flatMap((build) => [row(build, '1', build.one), row(build, String(many), build.fifty, build.cpu)]),
  '',
  ...builds.map((build) => `${label(build)}Server-Timing (${many} clients): ${timingSummary(build.fifty)}.`),
  ...builds.map((build) =>
    build.passes.documents
      ? `${label(build)}Render passes (/healthz): ${build.passes.passes.toLocaleString('en')} for ${build.passes.documents.toLocaleString('en')} documents (${(build.passes.passes / build.passes.documents).toFixed(2)} a document).`
      : `${label(build)}Render passes: /healthz does not count them.`,
  ),
  '',
  ...builds.map(
    (build) =>
      `${label(build)}Document server heap (all processes) after a collection: ${(build.heapAtFirst / 1048576).toFixed(1)} MB after ${done.toLocaleString('en')} requests, ${(build.heapAtEnd / 1048576).toFixed(1)} MB after ${total.toLocaleString('en')} (${growth(build) >= 0 ? '+' : ''}${(growth(build) * 100).toFixed(1)}%).`,
  ),
  '',
  `Targets${builds.length > 1 ? ' (A)' : ''}: 1-client TTFB p50 ≤ 30 ms: ${at(a.one, 'ttfb', 0.5) <= 30 ? 'met' : 'NOT met'}; ${many}-client TTFB p99 ≤ 100 ms: ${at(a.fifty, 'ttfb', 0.99) <= 100 ? 'met' : 'NOT met'}; errors (neither a page nor the 503 page): ${[...a.one, ...a.fifty, ...a.rest].some((r) => !r.ok) ? 'SOME' : 'none'}; heap within 10%: ${Math.abs(growth(a)) <= 0.1 ? 'met' : 'NOT met'}.`,
].join('\n');
console.log(table);
if (args.includes('--write')) {
  mkdirSync(join(root, 'docs/perf'), { recursive: true });
  const file = join(root, `docs/perf/bench-ssr-${new Date().toISOString().slice(0, 10)}${abRoots.length ? `-ab-${abRoots.map((dir) => basename(resolve(dir))).join('-')}` : ''}.md`);
  writeFileSync(file, `# bench:ssr\n\n${table}\n`);
  say(`written to ${file}`);
}
process.exit(0);
