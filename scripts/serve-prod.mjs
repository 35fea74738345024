#!/usr/bin/env node
// The portal as it runs in production, on this machine: nginx with deploy/nginx's configuration
// in front of the document server (the real build's pages rendered on the server) and the
// standalone mock as the backend. --web-processes starts N document servers on WEB_PORT, WEB_PORT+1,
// …, all in nginx's upstream (decision 063 measured how many this machine wants: WEB_PROCESSES below).
//   npm run serve:prod [-- --port 8080] [--mock-port 8787] [--web-port 8788] [--web-processes N] [--no-build] [--https] [--log FILE]
// Builds the real build (VITE_BACKEND=real) into dist/ and the document server into dist-server/
// (each unless unchanged), installs nginx when missing (Debian, as root, as the test setup
// installs Chromium), starts the mock on 127.0.0.1:MOCK_PORT, the document server on
// 127.0.0.1:WEB_PORT and nginx on :PORT, and stops them all on Ctrl-C. The nginx configuration is the one operations use
// (deploy/nginx/children-center/), with a server block for this port (plain HTTP unless --https)
// and the mock's own addresses (/__mock/, /mock-oss/) added. A document server that stops (a crash,
// a SIGKILL, a SIGTERM for a rolling restart) is started again at once, as production's systemd
// unit does (deploy/systemd), while nginx asks the other for the pages it could not take; --log
// FILE writes every JSON line (nginx's, the document servers') and their errors to FILE. With --https the port speaks TLS and HTTP/2 as
// production's does (children-center/tls.conf), with a throwaway self-signed certificate: what
// bench:web measures, since the protocol changes how a page's ~20 chunks load (decision 037).
// Brotli as production sends it (children-center/brotli.conf) where Debian's module is installed,
// gzip only where it is not (decision 041).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNamed } from './build-cached.mjs';
import { TSX, option, waitForPort } from './script-kit.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => option(args, name, fallback);
const port = Number(opt('port', process.env.PORT ?? '8080'));
const mockPort = Number(opt('mock-port', process.env.MOCK_PORT ?? '8787'));
const webPort = Number(opt('web-port', process.env.WEB_PORT ?? String(mockPort + 1)));
const https = args.includes('--https');
/** Where the JSON lines go (nginx's access log, the document servers' stdout and stderr), from scratch; none by default. */
const logFile = opt('log');
// Appending (O_APPEND) as nginx does, so the processes' lines never overwrite each other's.
const logFd = logFile ? (writeFileSync(logFile, ''), openSync(logFile, 'a')) : null;
/**
 * Document servers: two on this 2-core machine (one per core; nginx and the mock take a fifth of a
 * page's CPU), which rendered 1.3–1.7 times the pages of one under 50 clients (decision 063).
 */
const WEB_PROCESSES = 2;
const webProcesses = Math.max(1, Math.round(Number(opt('web-processes', String(WEB_PROCESSES)))));
const webPorts = Array.from({ length: webProcesses }, (_, i) => webPort + i);
const publicOrigin = `${https ? 'https' : 'http'}://localhost:${port}`;
const dist = join(root, 'dist');
const say = (line) => console.log(`serve:prod: ${line}`);

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  return null;
}

function ensureNginx() {
  const found = findNginx();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error('serve:prod: nginx is missing. Install it as root with:\n  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light');
    process.exit(1);
  }
  say('installing nginx-light with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const step of [['update'], ['install', '-y', 'nginx-light']]) {
    if (spawnSync('apt-get', step, { stdio: 'inherit', env }).status !== 0) {
      console.error(`serve:prod: apt-get ${step.join(' ')} failed`);
      process.exit(1);
    }
  }
  return findNginx() ?? (console.error('serve:prod: nginx is still missing after apt-get'), process.exit(1));
}

if (!args.includes('--no-build')) {
  // Made again only when its inputs changed (scripts/build-cached.mjs).
  say('the real build (VITE_BACKEND=real) in dist/, its document server in dist-server/');
  buildNamed('real', { log: say });
  buildNamed('real-server', { log: say });
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error('serve:prod: dist/index.html is missing: run without --no-build');
  process.exit(1);
}
const nginx = ensureNginx();

// nginx resolves relative includes against its configuration's folder: the shared snippets are
// linked in beside the generated nginx.conf, as operations copy them beside theirs.
const prefix = mkdtempSync(join(tmpdir(), 'serve-prod-'));
symlinkSync(join(root, 'deploy/nginx/children-center'), join(prefix, 'children-center'));
symlinkSync(join(root, 'deploy/nginx/serve-prod'), join(prefix, 'serve-prod'));
if (https) {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(prefix, 'key.pem'),
      '-out',
      join(prefix, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) {
    console.error(`serve:prod: --https needs openssl to make a throwaway certificate: ${made.error?.message ?? made.stderr}`);
    rmSync(prefix, { recursive: true, force: true });
    process.exit(1);
  }
}
/**
 * This machine only: nginx listens on the loopback addresses, never on every interface (it serves
 * the mock's control API under /__mock/, which no other machine may drive).
 */
const loopbacks = ['127.0.0.1', ...(Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === '::1')) ? ['[::1]'] : [])];
const listenOn = (flags) => loopbacks.map((address) => `listen ${address}:${port}${flags};`).join('\n    ');
const listen = https
  ? `${listenOn(' ssl http2')}
    ssl_certificate ${prefix}/cert.pem;
    ssl_certificate_key ${prefix}/key.pem;
    include children-center/tls.conf;`
  : listenOn('');
const mimeTypes = ['/etc/nginx/mime.types'].find(existsSync);
// Brotli where the module is installed (decision 041): production's site file includes brotli.conf.
const brotliModule = ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].find(existsSync);
if (!brotliModule) say('no brotli module for nginx here (Debian: libnginx-mod-http-brotli-static): sending gzip only');
writeFileSync(
  join(prefix, 'nginx.conf'),
  `# Generated by scripts/serve-prod.mjs; the portal's own configuration is deploy/nginx/.
${brotliModule ? `load_module ${brotliModule};` : ''}
worker_processes 1;
${process.getuid?.() === 0 ? '# Root here (a CI container): the workers read dist/ as the user who built it.\nuser root;' : ''}
pid ${prefix}/nginx.pid;
error_log stderr warn;
daemon off;
events { worker_connections 256; }
http {
  ${mimeTypes ? `include ${mimeTypes};` : ''}
  default_type application/octet-stream;
  sendfile on;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  include children-center/http.conf;
  ${logFile ? `access_log ${logFile} children_center_json;` : 'access_log off;'}

  # A visitor, for the limits on pages: the address, as in production, and here also the mock's
  # world (each Playwright test has its own, so the tests running side by side from this one
  # address do not share one allowance) and a load test's client (bench:ssr's X-Bench-Client).
  map "$binary_remote_addr $cookie_mock_world $http_x_bench_client" $cc_visitor {
    default "$binary_remote_addr $cookie_mock_world $http_x_bench_client";
  }

  upstream children_center_backend {
    server 127.0.0.1:${mockPort};
    keepalive 16;
  }

  upstream children_center_web {
    least_conn;
    ${webPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 16;
  }

  proxy_cache_path ${prefix}/page-cache levels=1:2 keys_zone=children_center_pages:1m max_size=10m inactive=1m use_temp_path=off;

  # As production's: another host name gets no answer (children-center.conf's default server).
  server {
    ${listenOn(https ? ' ssl http2 default_server' : ' default_server')}
    server_name _;
    underscores_in_headers on;
    ${https ? 'ssl_reject_handshake on;' : ''}
    return 444;
  }

  server {
    ${listen}
    server_name localhost 127.0.0.1;
    root ${dist};
    set $cc_oss_origin "";
    set $cc_account_origin "";
    # No HSTS on this machine (it would hold localhost to HTTPS on every port); the payment
    # socket follows the page's scheme.
    set $cc_hsts "";
    set $cc_socket_origin "${https ? 'wss' : 'ws'}://localhost:${port}";
    include serve-prod/mock.conf;
    ${brotliModule ? 'include children-center/brotli.conf;' : '# No brotli module here: gzip only.'}
    include children-center/server.conf;
  }
}
`,
);

const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => {
    rmSync(prefix, { recursive: true, force: true });
    if (logFd !== null) closeSync(logFd);
    process.exit(code);
  }, 300);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const [tsx, ...tsxArgs] = TSX(root);
const mock = spawn(tsx, [...tsxArgs, 'mock-server/serve.ts', '--port', String(mockPort), '--quiet'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
children.push(mock);
mock.on('exit', (code) => {
  if (!stopping) {
    console.error(`serve:prod: the mock stopped (code ${code})`);
    stop(1);
  }
});
try {
  await waitForPort(mockPort, { what: 'the mock', child: mock });
} catch (error) {
  console.error(`serve:prod: ${error.message}`);
  stop(1);
}

/** A document server on port p, as production runs one (its environment: docs/deploy.md). */
function startWeb(p) {
  const web = spawn(process.execPath, [join(root, 'dist-server/main.js')], {
    cwd: root,
    stdio: ['ignore', logFd ?? (process.env.SERVE_PROD_LOG ? 'inherit' : 'ignore'), logFd ?? 'inherit'],
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      // The site as its visitors reach it here; the mock's account service on the same origin (an absolute address, as production's).
      PUBLIC_ORIGIN: publicOrigin,
      ACCOUNT_SERVICE_URL: `${publicOrigin}/__mock/account/login`,
      BACKEND_URL: `http://127.0.0.1:${mockPort}`,
      DIST: dist,
    },
  });
  children.push(web);
  return web;
}

/**
 * The supervisor (production's is systemd: deploy/systemd/children-center-web@.service,
 * Restart=always): a document server that stops while serve:prod runs is started again at once.
 * One that stops within 10 s of its start three times running cannot start: serve:prod stops.
 */
function supervise(p, web) {
  const startedAt = Date.now();
  let quickExits = 0;
  const watch = (child, since) =>
    child.on('exit', (code, signal) => {
      if (children.includes(child)) children.splice(children.indexOf(child), 1);
      if (stopping) return;
      quickExits = Date.now() - since < 10_000 ? quickExits + 1 : 0;
      if (quickExits >= 3) {
        console.error(`serve:prod: the document server on ${p} stopped three times within 10 s of its start (last: ${signal ?? `code ${code}`})`);
        return stop(1);
      }
      console.error(`serve:prod: the document server on ${p} stopped (${signal ?? `code ${code}`}): starting it again`);
      watch(startWeb(p), Date.now());
    });
  watch(web, startedAt);
}

for (const p of webPorts) {
  const web = startWeb(p);
  try {
    await waitForPort(p, { what: 'the document server', child: web });
  } catch (error) {
    console.error(`serve:prod: ${error.message}`);
    stop(1);
  }
  supervise(p, web);
}

const check = spawnSync(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-t'], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(`serve:prod: nginx refuses the configuration:\n${check.stderr}`);
  stop(1);
}
const proxy = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
children.push(proxy);
proxy.on('exit', (code) => {
  if (!stopping) {
    console.error(`serve:prod: nginx stopped (code ${code})`);
    stop(1);
  }
});
try {
  await waitForPort(port, { what: 'nginx', child: proxy });
} catch (error) {
  console.error(`serve:prod: ${error.message}`);
  stop(1);
}
say(`the portal: ${https ? 'https' : 'http'}://localhost:${port}  (nginx with deploy/nginx, the real build of dist/${https ? '; TLS and HTTP/2 with a self-signed certificate' : ''})`);
say(
  `its pages: ${webProcesses === 1 ? 'the document server on' : `${webProcesses} document servers from`} http://127.0.0.1:${webPort}, each restarted if it stops (SERVE_PROD_LOG=1 prints their log, --log FILE writes it and nginx's); its backend: the standalone mock on http://127.0.0.1:${mockPort} (also under /__mock/ here); Ctrl-C stops them all`,
);
