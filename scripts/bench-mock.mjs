#!/usr/bin/env node
// Load on one standalone mock (npm run mock:serve), as a QA team leans on it.
//   node scripts/bench-mock.mjs [--requests 400] [--clients 50] [--worlds 10] [--url URL]
// Starts `tsx mock-server/serve.ts` on a free port in its own process (unless --url is given),
// then, alternating class_detail/{id} and a search:
//   sequential   one client, one kept-alive connection, --requests answers
//   concurrent   --clients clients at once, each on a fresh connection per request (cold),
//                spread over --worlds worlds (X-Mock-World: bench-0 …), --requests answers in all
// Prints p50, p99 and max (ms) and errors (a non-2xx answer, a reset, or no answer within 5 s),
// beside the same load on a bare node:http server answering a fixed JSON (the control, measured
// in the same run): what the machine, the client and the connections cost without the mock.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSX, option } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const requests = Number(opt('requests', '400'));
const clients = Number(opt('clients', '50'));
const worlds = Number(opt('worlds', '10'));
const TIMEOUT_MS = 5000;
const API = '/children_center/front/api/';

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const children = [];
async function startServer(args, probePath) {
  const port = await freePort();
  const child = spawn(args[0], [...args.slice(1), String(port)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}${probePath}`)).ok) return url;
    } catch {
      if (i > 300) throw new Error(`${args.join(' ')} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const CONTROL = `require('node:http').createServer((q, s) => { const b = '{"error_code":999999,"msg":"ok","data":{}}'; s.writeHead(200, { 'content-type': 'application/json', 'content-length': b.length }); s.end(b); }).listen(Number(process.argv[1]), '127.0.0.1');`;
const control = await startServer([process.execPath, '-e', CONTROL], '/');
let base = opt('url', null);
base ??= await startServer([...TSX(root), 'mock-server/serve.ts', '--quiet', '--port'], '/__mock/scenarios');

const paths = (i) => (i % 2 === 0 ? `${API}class_detail/${(i % 40) + 1}` : `${API}search_by_screening_conditions?page=${(i % 3) + 1}&page_size=12`);

/** One request; resolves with its time in ms, or an error string. */
function once(path, { agent, world }, url) {
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = world ? { 'X-Mock-World': world } : {};
    const req = http.get(`${url}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300 ? performance.now() - started : `HTTP ${res.statusCode}`));
    });
    req.setTimeout(TIMEOUT_MS, () => {
      req.destroy();
      resolve('timeout');
    });
    req.on('error', (error) => resolve(error.code ?? error.message));
  });
}

function summary(label, results) {
  const times = results.filter((r) => typeof r === 'number').sort((a, b) => a - b);
  const q = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1) : '-');
  return { run: label, answers: results.length, p50_ms: q(0.5), p99_ms: q(0.99), max_ms: times.length ? times.at(-1).toFixed(1) : '-', errors: results.length - times.length };
}

async function measure(url) {
  // Warm up every world once (a world is created on first use), then measure.
  for (let w = 0; w < worlds; w++) await once(paths(0), { agent: false, world: `bench-${w}` }, url);
  await once(paths(1), { agent: false }, url);

  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sequential = [];
  for (let i = 0; i < requests; i++) sequential.push(await once(paths(i), { agent: keepAlive }, url));
  keepAlive.destroy();

  const concurrent = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (next < requests) {
        const i = next++;
        concurrent.push(await once(paths(i), { agent: false, world: `bench-${c % worlds}` }, url));
      }
    }),
  );
  return { sequential, concurrent };
}

const controlRuns = await measure(control);
const mockRuns = await measure(base);
for (const child of children) child.kill();
console.log(`standalone mock, ${requests} answers per run, class_detail and search alternating (control: a bare node:http server):`);
console.table([
  summary('mock: 1 client, kept-alive', mockRuns.sequential),
  summary('control: 1 client, kept-alive', controlRuns.sequential),
  summary(`mock: ${clients} clients, cold, ${worlds} worlds`, mockRuns.concurrent),
  summary(`control: ${clients} clients, cold`, controlRuns.concurrent),
]);
