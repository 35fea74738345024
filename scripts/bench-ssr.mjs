#!/usr/bin/env node
// How fast the document server answers, through nginx as deployed, past any cache.
//   npm run bench:ssr [-- --requests 10000] [--clients 50] [--web-processes N] [--no-build] [--write]
// Builds the real build and the document server (unless unchanged), serves them as production
// does (npm run serve:prod: nginx with deploy/nginx, the document server with --expose-gc, the
// standalone mock as the backend), and asks for home and a class's details, each address made
// unique (?bench=N) so nginx's few-second cache never answers. Each request is a visitor of its
// own to nginx's limits (X-Bench-Client, which serve:prod keys them by: bench:burst measures the
// limits), so what is measured is the document servers: a request is answered with the page (200) or, past a server's cap on renders
// under way, its Chinese 503 page (issue 38); anything else (a dropped connection, another status)
// is an error. Prints, for 1 client and for --clients at once (50): the time to the first byte
// (p50, p99), the time to the last, the 503s, the errors; and the document servers' heap after a
// collection, after the first 2,500 requests and after --requests (default 10,000); and the
// machine's load. Targets (issue 25): p50 TTFB ≤ 30 ms; with 50 clients p99 TTFB ≤ 250 ms; no
// errors; the heap at the end within 10% of the first reading. --write records the table in docs/perf/.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { option, waitForPort } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const total = Number(opt('requests', '10000'));
const many = Number(opt('clients', '50'));
const port = Number(opt('port', '8990'));
const mockPort = Number(opt('mock-port', '9990'));
const webPort = mockPort + 1;
const PATHS = ['/', '/details?id=1'];
const say = (line) => console.error(`bench:ssr: ${line}`);

const server = spawn(
  process.execPath,
  [
    join(root, 'scripts/serve-prod.mjs'),
    ...(args.includes('--no-build') ? ['--no-build'] : []),
    ...(opt('web-processes') ? ['--web-processes', opt('web-processes')] : []),
    '--port',
    String(port),
    '--mock-port',
    String(mockPort),
    '--web-port',
    String(webPort),
  ],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
  },
);
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));
// Another server on these ports would be measured instead: serve:prod must be the one that listens.
server.on('exit', (code) => {
  console.error(`bench:ssr: serve:prod stopped (code ${code}); a port of ${port}, ${mockPort}, ${webPort} may be taken (--port, --mock-port)`);
  process.exit(1);
});
await waitForPort(port, { what: 'nginx', seconds: 120 });
await waitForPort(webPort, { what: 'the document server', seconds: 120 });

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let sequence = 0;

/**
 * One document: the time to its first byte and to its last, in ms, whether it was answered (the
 * page, or the server's 503 page) and whether that was the 503.
 */
function ask(path) {
  sequence += 1;
  const url = `${path}${path.includes('?') ? '&' : '?'}bench=${sequence}`;
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { 'Accept-Encoding': 'gzip', Host: `localhost:${port}`, 'X-Bench-Client': String(sequence) } }, (response) => {
      let first = null;
      response.on('data', () => (first ??= performance.now() - started));
      response.on('end', () =>
        resolve({ ttfb: first ?? performance.now() - started, total: performance.now() - started, ok: response.statusCode === 200 || response.statusCode === 503, busy: response.statusCode === 503 }),
      );
    });
    request.on('error', () => resolve({ ttfb: NaN, total: NaN, ok: false, busy: false }));
  });
}

/** `count` requests by `clients` clients at once, alternating the pages. */
async function run(count, clients) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const path = PATHS[next % PATHS.length];
        next += 1;
        results.push(await ask(path));
      }
    }),
  );
  return results;
}

const quantile = (values, q) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};
const ms = (v) => `${v.toFixed(1)} ms`;
/** The document servers' heaps after a collection, summed: serve:prod starts them one port after another from webPort. */
async function heap() {
  let sum = 0;
  for (let p = webPort; ; p += 1) {
    const health = await fetch(`http://127.0.0.1:${p}/healthz`).then(
      (response) => response.json(),
      () => null,
    );
    if (!health) return sum;
    sum += health.heap_used_bytes;
  }
}

const loadAtStart = loadavg()[0];
say('warming up (200 requests)');
await run(200, 4);
say('1 client, 300 requests');
const one = await run(300, 1);
say(`${many} clients, 2,000 requests`);
const fifty = await run(2000, many);
const loadAfterMany = loadavg()[0];
// The first heap reading comes after these 2,500 requests (past the 1,000), the second after --requests.
const done = 200 + 300 + 2000;
const heapAtFirst = await heap();
say(`${total - done} more requests, 10 clients, for the memory`);
const rest = await run(total - done, 10);
const heapAtEnd = await heap();
server.removeAllListeners('exit');
stop();

/** A quantile of one measure (`ttfb` or `total`) of some results. */
const at = (results, measure, q) =>
  quantile(
    results.map((r) => r[measure]),
    q,
  );
/** Quantiles of the pages (200s); the 503 pages are counted apart. */
const row = (name, results) => {
  const pages = results.filter((r) => r.ok && !r.busy);
  return `| ${name} | ${results.length} | ${ms(at(pages, 'ttfb', 0.5))} | ${ms(at(pages, 'ttfb', 0.99))} | ${ms(at(pages, 'total', 0.5))} | ${ms(at(pages, 'total', 0.99))} | ${results.filter((r) => r.busy).length} | ${results.filter((r) => !r.ok).length} |`;
};
const growth = (heapAtEnd - heapAtFirst) / heapAtFirst;
const table = [
  `bench:ssr, ${new Date().toISOString().slice(0, 10)}: home and /details?id=1 alternating, through nginx (deploy/nginx) past its cache, the document server${opt('web-processes') === '1' ? '' : 's'} (--web-processes ${opt('web-processes') ?? 'serve:prod’s'}) and the standalone mock, on this machine (${cpus().length} cores; load average ${loadAtStart.toFixed(1)} at the start, ${loadAfterMany.toFixed(1)} after the ${many}-client run). Times are of the pages (200); the server's 503 pages are counted apart.`,
  '',
  '| clients | requests | TTFB p50 | TTFB p99 | last byte p50 | last byte p99 | 503 page | errors |',
  '|---|---|---|---|---|---|---|---|',
  row('1', one),
  row(String(many), fifty),
  '',
  `Document server heap (all processes) after a collection: ${(heapAtFirst / 1048576).toFixed(1)} MB after ${done.toLocaleString('en')} requests, ${(heapAtEnd / 1048576).toFixed(1)} MB after ${total.toLocaleString('en')} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%).`,
  '',
  `Targets: 1-client TTFB p50 ≤ 30 ms: ${at(one, 'ttfb', 0.5) <= 30 ? 'met' : 'NOT met'}; ${many}-client TTFB p99 ≤ 250 ms: ${at(fifty, 'ttfb', 0.99) <= 250 ? 'met' : 'NOT met'}; errors (neither a page nor the 503 page): ${[...one, ...fifty, ...rest].some((r) => !r.ok) ? 'SOME' : 'none'}; heap within 10%: ${Math.abs(growth) <= 0.1 ? 'met' : 'NOT met'}.`,
].join('\n');
console.log(table);
if (args.includes('--write')) {
  mkdirSync(join(root, 'docs/perf'), { recursive: true });
  const file = join(root, `docs/perf/bench-ssr-${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(file, `# bench:ssr\n\n${table}\n`);
  say(`written to ${file}`);
}
process.exit(0);
