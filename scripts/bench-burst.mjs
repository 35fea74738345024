#!/usr/bin/env node
// One visitor asking for uncached pages as fast as it can, through nginx as deployed (issue 38).
//   npm run bench:burst [-- --bursts 10] [--size 60] [--web-processes N] [--no-build] [--port 8991] [--mock-port 9991]
// Serves the real build as production does (npm run serve:prod), warms it up, then sends --bursts
// bursts of --size requests at once from one address (one visitor to nginx's limits), each address
// unique (?burst=N) so the five-second cache never answers, a burst as soon as the one before has
// been answered. Prints per burst its answers by status (200 the page, 429 nginx's limit, 503 the
// document server's cap) and the connection errors, the time it took; then, at once, five pages
// for another visitor (the first byte of each) and the renders still under way in each document
// server (/healthz); and the machine's load. Target: every request answered 200, 429 or 503, no
// connection error, some limited, and the next visitor's pages at their usual speed.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { option, waitForPort } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const bursts = Number(opt('bursts', '10'));
const size = Number(opt('size', '60'));
const port = Number(opt('port', '8991'));
const mockPort = Number(opt('mock-port', '9991'));
const webPort = mockPort + 1;
const say = (line) => console.error(`bench:burst: ${line}`);

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
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));
server.on('exit', (code) => {
  console.error(`bench:burst: serve:prod stopped (code ${code}); a port of ${port}, ${mockPort}, ${webPort} may be taken (--port, --mock-port)`);
  process.exit(1);
});
await waitForPort(port, { what: 'nginx', seconds: 120 });
await waitForPort(webPort, { what: 'the document server', seconds: 120 });

const agent = new http.Agent({ keepAlive: true, maxSockets: size });
let sequence = 0;

/** One page: its status (or the connection error's code) and the time to its first byte. */
function ask(visitor) {
  sequence += 1;
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = { 'Accept-Encoding': 'gzip', Host: `localhost:${port}`, ...(visitor ? { 'X-Bench-Client': visitor } : {}) };
    const request = http.get({ host: '127.0.0.1', port, path: `/details?id=1&burst=${sequence}`, agent, headers }, (response) => {
      let first = null;
      response.on('data', () => (first ??= performance.now() - started));
      response.on('end', () => resolve({ status: String(response.statusCode), ttfb: first ?? performance.now() - started }));
    });
    request.on('error', (error) => resolve({ status: error.code ?? 'error', ttfb: NaN }));
  });
}

/** The renders under way in each document server (serve:prod starts them one port after another). */
async function rendersUnderWay() {
  const counts = [];
  for (let p = webPort; ; p += 1) {
    const health = await fetch(`http://127.0.0.1:${p}/healthz`).then(
      (response) => response.json(),
      () => null,
    );
    if (!health) return counts;
    counts.push(health.renders);
  }
}

const tally = (results) => results.reduce((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
const load = () => loadavg()[0].toFixed(1);

say('warming up (100 requests, 4 visitors)');
for (let i = 0; i < 25; i += 1) await Promise.all(['w1', 'w2', 'w3', 'w4'].map((visitor) => ask(visitor)));
const loadAtStart = load();
const rows = [];
const all = [];
for (let burst = 1; burst <= bursts; burst += 1) {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: size }, () => ask(null)));
  all.push(...results);
  const counts = tally(results);
  rows.push(
    `| ${burst} | ${counts['200'] ?? 0} | ${counts['429'] ?? 0} | ${counts['503'] ?? 0} | ${results.filter((r) => !['200', '429', '503'].includes(r.status)).length} | ${Math.round(performance.now() - started)} ms |`,
  );
}
const loadAfter = load();
const underWay = await rendersUnderWay();
const after = [];
for (let i = 0; i < 5; i += 1) after.push(await ask('next-visitor'));
server.removeAllListeners('exit');
stop();

const counts = tally(all);
const errors = all.filter((r) => !['200', '429', '503'].includes(r.status));
console.log(
  [
    `bench:burst, ${new Date().toISOString().slice(0, 10)}: ${bursts} bursts of ${size} uncached /details?id=1 from one visitor, each as soon as the one before was answered, through nginx (deploy/nginx) to the document servers and the standalone mock, on this machine (${cpus().length} cores; load average ${loadAtStart} at the start, ${loadAfter} after the bursts).`,
    '',
    '| burst | 200 page | 429 (nginx) | 503 (server) | errors | took |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| all | ${counts['200'] ?? 0} | ${counts['429'] ?? 0} | ${counts['503'] ?? 0} | ${errors.length} | |`,
    '',
    `Right after the last burst: renders under way per document server ${underWay.join(', ')}; another visitor's next five pages: ${after.map((r) => `${r.status} in ${r.ttfb.toFixed(0)} ms`).join(', ')} (first byte).`,
    '',
    `Target: every request a page, a 429 or the 503 page, none dropped: ${errors.length === 0 ? 'met' : `NOT met (${JSON.stringify(tally(errors))})`}; the limit met: ${(counts['429'] ?? 0) + (counts['503'] ?? 0) > 0 ? 'met' : 'NOT met'}; the next visitor answered: ${after.every((r) => r.status === '200') ? 'met' : 'NOT met'}.`,
  ].join('\n'),
);
process.exit(0);
