/**
 * The standalone mock API (`npm run mock:serve`): the same handlers as the browser and the tests,
 * as a real HTTP server on 127.0.0.1:8787, for curl, QA scripts, parallel Playwright workers and a
 * production-like run. One process holds many isolated worlds (mock-server/worlds.ts): every
 * request belongs to the world its X-Mock-World header (or mock_world cookie) names, else the
 * default world.
 *
 *   /children_center/front/api/…  the portal's calls (the adapter's dispatcher, one lookup each)
 *   /children_center/front/ws/pay the payment websocket (same messages as the browser mock)
 *   /mock-oss/…                   the drawn images and uploads (mock-server/assets.ts)
 *   /__mock/…                     QA control of the caller's world, worlds and snapshots
 *   /__mock/account/login         the mock account service's login page (server-rendered)
 *   anything else                 the built app of --static DIR (SPA fallback), else 404
 *
 * Plain node:http: a request costs the handler's work and little else (express and msw's
 * middleware around it cost more than the mock itself, and queued cold connections).
 *
 *   tsx mock-server/serve.ts [--port 8787] [--host 127.0.0.1] [--scenario default] [--seed 1]
 *                            [--latency MIN,MAX] [--spec-only] [--static dist] [--snapshots DIR]
 *                            [--max-worlds 50] [--world-idle-minutes 60] [--quiet]
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_BASE_PATH, errorCodes } from '#contract/index';
import { isScenarioName, scenarioNames } from '#fixtures/scenario-list';
import { envelope, type MockAnswer, type MockRequest } from './adapter.ts';
import { ACCOUNT_LOGIN_PATH, OSS_BASE_URL, PAY_WS_PATH, SERVICE_PARAM } from './config.ts';
import { ControlError, addFaults, clearFaults, describeState, listParents, listScenarios, login, resetToScenario, setClock, settlePayment, updateSettings } from './control.ts';
import type { PayWsClient } from './pay-ws.ts';
import { SnapshotError, loadSnapshotFile, snapshotOfState } from './snapshot-file.ts';
import { DEFAULT_SNAPSHOT_DIR, SnapshotStore, checkSnapshotName } from './snapshot-store.ts';
import type { MockState } from './state.ts';
import { LOGIN_PAGE_CSS, LOGIN_PAGE_TITLE, LoginPage, mainParentOf, type LoginPageProps } from './ui/login-page.tsx';
import { checkPassword, resolveService, withTicket } from './ui/service.ts';
import { DEFAULT_WORLD, WORLD_COOKIE, WORLD_PARAM, WorldRegistry, checkWorldName, worldNameOf, type World } from './worlds.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
/** An upload is at most 5 MB of image, ~7 MB as base64: a body past this is not a call of the portal. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const CONTROL_MAX_BODY_BYTES = 25 * 1024 * 1024;

export interface ServeOptions {
  port?: number;
  host?: string;
  scenario?: string;
  seed?: number;
  /** Each API answer waits a random time in this range (ms); default none. */
  latency?: [number, number];
  /** Every world answers the calls of spec §7 only (decision 057). */
  specOnly?: boolean;
  /** A built app to serve, with SPA fallback to its index.html. */
  staticDir?: string | null;
  /** Where snapshots are kept (default fixtures/snapshots/). */
  snapshotDir?: string;
  /** At most this many worlds besides the default one (default 50). */
  maxWorlds?: number;
  /** A world unused this long is dropped (default 60 minutes). */
  worldIdleMs?: number;
  /** One line per request; null = silent. Default: stdout. */
  log?: ((line: string) => void) | null;
}

export interface RunningMockServer {
  url: string;
  port: number;
  /** The default world's state (requests without X-Mock-World). */
  state: MockState;
  worlds: WorldRegistry;
  snapshots: SnapshotStore;
  server: Server;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// node:http <-> fetch

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, `请求体过大（上限 ${Math.round(limit / 1024 / 1024)} MB）`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `请求体过大（上限 ${Math.round(limit / 1024 / 1024)} MB）`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

function toRequest(req: IncomingMessage, url: URL, body: Buffer | null): Request {
  return new Request(url, { method: req.method, headers: headersOf(req), body: body && body.length > 0 ? new Uint8Array(body) : undefined });
}

/** The mock's view of a call, without building a fetch Request unless a multipart body needs one. */
function toMockRequest(req: IncomingMessage, url: URL, headers: Headers, body: Buffer | null): MockRequest {
  return {
    method: req.method ?? 'GET',
    url: url.href,
    headers,
    text: async () => (body ? body.toString('utf8') : ''),
    formData: () => toRequest(req, url, body).formData(),
  };
}

function sendAnswer(res: ServerResponse, answer: MockAnswer, head: boolean): void {
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(head ? undefined : body);
}

async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') res.setHeader(key, value);
  });
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  res.setHeader('content-length', body.length);
  res.end(head ? undefined : body);
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string | string[]> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function sendText(res: ServerResponse, status: number, type: string, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** An API refusal that happens before a world answers (a bad world name, the world limit, a body too big). */
function sendEnvelopeError(res: ServerResponse, status: number, message: string): void {
  const code = status === 413 || status === 400 ? errorCodes.invalidRequest.code : errorCodes.serverError.code;
  sendJson(res, status, { error_code: code, msg: message, data: null });
}

// ---------------------------------------------------------------------------------------------
// /__mock/ control

type ControlContext = { req: IncomingMessage; url: URL; world: () => Promise<World>; body: () => Promise<unknown>; params: string[] };
type ControlRoute = { method: string; path: RegExp; run: (ctx: ControlContext) => Promise<unknown> | unknown; usage: string };

function controlRoutes(worlds: WorldRegistry, snapshots: SnapshotStore): ControlRoute[] {
  const state = async (ctx: ControlContext) => (await ctx.world()).state;
  const summaryOf = (world: World) => ({
    name: world.name,
    scenario: world.state.scenario.name,
    seed: world.state.scenario.seed,
    now: world.state.nowIso(),
    created_at: new Date(world.createdAt).toISOString(),
    last_used_at: new Date(world.lastUsedAt).toISOString(),
    requests: world.requests,
  });
  return [
    { method: 'GET', path: /^scenarios$/, usage: 'GET scenarios', run: () => listScenarios() },
    {
      method: 'POST',
      path: /^reset$/,
      usage: 'POST reset',
      async run(ctx) {
        const body = ((await ctx.body()) ?? {}) as { scenario?: unknown; seed?: unknown };
        const target = await state(ctx);
        // A snapshot's name is a scenario too: what a tester saved, loaded like one.
        if (typeof body.scenario === 'string' && !isScenarioName(body.scenario)) {
          checkSnapshotName(body.scenario);
          if (await snapshots.has(body.scenario)) {
            await loadSnapshotFile(target, await snapshots.read(body.scenario));
            return { scenario: target.scenario.name, seed: target.scenario.seed, snapshot: body.scenario, now: target.nowIso() };
          }
          throw new ControlError(400, `未知场景或快照「${body.scenario}」。场景有：${scenarioNames.join(', ')}；快照见 GET /__mock/snapshots`);
        }
        return resetToScenario(target, body);
      },
    },
    {
      method: 'GET',
      path: /^state$/,
      usage: 'GET state',
      async run(ctx) {
        const target = await state(ctx);
        await target.catchUp();
        return { world: (await ctx.world()).name, ...describeState(target) };
      },
    },
    { method: 'POST', path: /^faults$/, usage: 'POST/DELETE faults', run: async (ctx) => addFaults(await state(ctx), await ctx.body()) },
    { method: 'DELETE', path: /^faults$/, usage: '', run: async (ctx) => clearFaults(await state(ctx)) },
    { method: 'POST', path: /^clock$/, usage: 'POST clock', run: async (ctx) => setClock(await state(ctx), await ctx.body()) },
    {
      method: 'POST',
      path: /^payments\/([^/]+)$/,
      usage: 'POST payments/{trade_no}',
      run: async (ctx) => settlePayment(await state(ctx), ctx.params[0]!, await ctx.body()),
    },
    { method: 'POST', path: /^login$/, usage: 'POST login', run: async (ctx) => login(await state(ctx), await ctx.body()) },
    { method: 'GET', path: /^settings$/, usage: 'GET/POST settings', run: async (ctx) => ({ settings: (await state(ctx)).settings }) },
    { method: 'POST', path: /^settings$/, usage: '', run: async (ctx) => updateSettings(await state(ctx), await ctx.body()) },
    { method: 'GET', path: /^worlds$/, usage: 'GET worlds', run: () => ({ worlds: worlds.list().map(summaryOf) }) },
    {
      method: 'DELETE',
      path: /^worlds\/([^/]+)$/,
      usage: 'DELETE worlds/{name}',
      run(ctx) {
        worlds.delete(ctx.params[0]!);
        return { deleted: ctx.params[0] };
      },
    },
    { method: 'GET', path: /^snapshots$/, usage: 'GET/POST snapshots', run: async () => ({ snapshots: await snapshots.list() }) },
    {
      method: 'POST',
      path: /^snapshots$/,
      usage: '',
      async run(ctx) {
        const body = ((await ctx.body()) ?? {}) as { name?: unknown; overwrite?: unknown };
        if (typeof body.name !== 'string' || body.name === '') throw new ControlError(400, '请提供快照名称：{"name": "paid-order"}');
        checkSnapshotName(body.name);
        if (isScenarioName(body.name)) throw new ControlError(400, `「${body.name}」是场景的名称，快照请换一个名称`);
        const world = await ctx.world();
        await world.state.catchUp();
        return snapshots.save(snapshotOfState(world.state, body.name), { overwrite: body.overwrite === true });
      },
    },
    {
      method: 'DELETE',
      path: /^snapshots\/([^/]+)$/,
      usage: 'DELETE snapshots/{name}',
      async run(ctx) {
        await snapshots.delete(ctx.params[0]!);
        return { deleted: ctx.params[0] };
      },
    },
  ];
}

async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, routes: ControlRoute[], worldOf: () => Promise<World>): Promise<void> {
  const rest = url.pathname.slice('/__mock/'.length).replace(/\/$/, '');
  const route = routes.find((r) => r.method === req.method && r.path.test(rest));
  if (!route) {
    const usage = routes
      .map((r) => r.usage)
      .filter(Boolean)
      .join('、');
    sendJson(res, 404, { error: `没有这个控制接口：${req.method} /__mock/${rest}。可用：${usage}` });
    return;
  }
  let params: string[];
  try {
    params = route.path.exec(rest)!.slice(1).map(decodeURIComponent);
  } catch {
    sendJson(res, 400, { error: '地址中的参数不是合法的 URL 编码' });
    return;
  }
  let bodyRead: Promise<unknown> | null = null;
  const body = () =>
    (bodyRead ??= (async () => {
      // Any content type is read as JSON: `curl -d '{"scenario":"family"}'` works without -H.
      const text = (await readBody(req, CONTROL_MAX_BODY_BYTES)).toString('utf8');
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ControlError(400, '请求体不是合法的 JSON');
      }
    })());
  try {
    sendJson(res, 200, await route.run({ req, url, world: worldOf, body, params }));
  } catch (error) {
    if (error instanceof ControlError || error instanceof SnapshotError || error instanceof HttpError) sendJson(res, error.status, { error: error.message });
    else sendJson(res, 500, { error: `模拟后端内部错误：${error instanceof Error ? error.message : String(error)}` });
  }
}

// ---------------------------------------------------------------------------------------------
// The mock account service's login page, server-rendered from the browser page's component

function loginPageHtml(props: LoginPageProps): string {
  const body = renderToStaticMarkup(createElement(LoginPage, props));
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${LOGIN_PAGE_TITLE}</title>
<style>body{margin:0}${LOGIN_PAGE_CSS}</style>
</head>
<body>${body}</body>
</html>`;
}

async function handleLoginPage(req: IncomingMessage, res: ServerResponse, url: URL, world: World): Promise<void> {
  const state = world.state;
  const origin = url.origin;
  const service = url.searchParams.get(SERVICE_PARAM);
  const target = resolveService(service, origin);
  const render = (status: number, extra: Partial<LoginPageProps> = {}) =>
    sendText(res, status, 'text/html', loginPageHtml({ parents: listParents(state), service, target, scenario: state.scenario.name, mainParent: mainParentOf(state.scenario.name), ...extra }));
  if (req.method === 'GET' || req.method === 'HEAD') return render(target.ok ? 200 : 400);
  if (req.method !== 'POST') return sendText(res, 405, 'text/plain', '只支持 GET 和 POST');
  if (!target.ok) return render(400);
  const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
  const username = (form.get('username') ?? '').trim();
  if (form.get('mode') === 'password') {
    const problem = checkPassword(state.db.parents.all(), username, form.get('password') ?? '');
    if (problem) return render(401, { error: problem, username });
  }
  try {
    const { ticket } = await login(state, { username });
    res.writeHead(303, { location: withTicket(target.url, ticket) });
    res.end();
  } catch (error) {
    render(error instanceof ControlError ? error.status : 500, { error: error instanceof Error ? error.message : String(error), username });
  }
}

// ---------------------------------------------------------------------------------------------
// The built app (--static): files, SPA fallback

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function staticApp(dir: string) {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index) || !statSync(root).isDirectory()) throw new Error(`--static ${dir}: 没有找到 ${index}（先 npm run build）`);
  return (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    } catch {
      return false;
    }
    if (!file.startsWith(root + path.sep) && file !== root) return false;
    const isFile = existsSync(file) && statSync(file).isFile();
    // SPA fallback: an address of the app (not a file) gets index.html; a missing asset is a 404.
    if (!isFile && path.extname(url.pathname) !== '') return false;
    const served = isFile ? file : index;
    const headers: Record<string, string | string[]> = {
      'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream',
      'cache-control': served === index ? 'no-cache' : 'public, max-age=3600',
    };
    // ?world=NAME on any page of the app: this browser's calls go to that world from now on.
    const world = url.searchParams.get(WORLD_PARAM);
    if (world !== null && served === index) {
      checkWorldName(world);
      headers['set-cookie'] = `${WORLD_COOKIE}=${encodeURIComponent(world)}; Path=/; SameSite=Lax`;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(served).pipe(res);
    return true;
  };
}

// ---------------------------------------------------------------------------------------------

function payWsClientOf(socket: WebSocket, id: string): PayWsClient {
  return {
    id,
    send: (data) => {
      if (socket.readyState === socket.OPEN) socket.send(data);
    },
    onMessage: (listener) => socket.on('message', (data, isBinary) => listener(isBinary ? data : data.toString())),
    onClose: (listener) => socket.on('close', listener),
  };
}

export async function startMockServer(options: ServeOptions = {}): Promise<RunningMockServer> {
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  const worlds = new WorldRegistry({
    start: { scenario: options.scenario ?? 'default', seed: options.seed ?? 1, frozen: false, settings: { latencyMs: options.latency ?? [0, 0], specOnly: options.specOnly ?? false } },
    maxWorlds: options.maxWorlds ?? 50,
    idleMs: options.worldIdleMs ?? 60 * 60_000,
    // Non-strict: a broken handler answers 500 and is logged, as a broken backend would.
    adapter: { log: (message) => console.error(message) },
  });
  const snapshots = new SnapshotStore(options.snapshotDir ?? DEFAULT_SNAPSHOT_DIR);
  const defaultWorld = await worlds.get(DEFAULT_WORLD);
  const routes = controlRoutes(worlds, snapshots);
  const serveStatic = options.staticDir ? staticApp(options.staticDir) : null;
  const host = options.host ?? DEFAULT_HOST;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${host}:${DEFAULT_PORT}`}`);
    const headers = headersOf(req);
    const worldName = worldNameOf(headers);
    const worldOf = () => worlds.get(worldName);
    const head = req.method === 'HEAD';

    if (url.pathname.startsWith(API_BASE_PATH)) {
      let world: World;
      try {
        world = await worldOf();
      } catch (error) {
        const status = error instanceof ControlError ? error.status : 500;
        return sendEnvelopeError(res, status, error instanceof Error ? error.message : String(error));
      }
      let body: Buffer | null;
      try {
        body = head || req.method === 'GET' ? null : await readBody(req, MAX_BODY_BYTES);
      } catch (error) {
        return sendEnvelopeError(res, error instanceof HttpError ? error.status : 400, error instanceof Error ? error.message : String(error));
      }
      const answer = await world.dispatch(toMockRequest(req, url, headers, body));
      return sendAnswer(res, answer ?? envelope(errorCodes.unknownCall.code, errorCodes.unknownCall.message, null, 404), head);
    }
    if (url.pathname === ACCOUNT_LOGIN_PATH) return handleLoginPage(req, res, url, await worldOf());
    if (url.pathname.startsWith('/__mock/')) return handleControl(req, res, url, routes, worldOf);
    if (url.pathname.startsWith(OSS_BASE_URL)) {
      const world = await worldOf();
      const response = await getResponse([world.assets], toRequest(req, url, null));
      if (response) return sendResponse(res, response, head);
      return sendText(res, 404, 'text/plain', `Not found: ${url.pathname}`);
    }
    if (serveStatic?.(req, res, url)) return;
    sendText(res, 404, 'text/plain', `Not found: ${req.method} ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    if (log) {
      res.on('finish', () => {
        const time = new Date().toTimeString().slice(0, 8);
        const world = worldNameOf(headersOf(req));
        log(`${time} ${world === DEFAULT_WORLD ? '' : `[${world}] `}${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
      });
    }
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof ControlError || error instanceof HttpError || error instanceof SnapshotError ? error.status : 500;
      if (status === 500) console.error('mock server:', error);
      if (!res.headersSent) sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });
  // Fifty QA clients opening connections at once must not wait in the kernel's queue.
  server.keepAliveTimeout = 30_000;

  const sockets = new WebSocketServer({ noServer: true });
  let nextClient = 1;
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    if (url.pathname !== PAY_WS_PATH) return void socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    worlds.get(worldNameOf(headersOf(req))).then(
      (world) => sockets.handleUpgrade(req, socket, head, (ws) => world.payWs(payWsClientOf(ws, `ws-${nextClient++}`))),
      (error: unknown) => {
        const status = error instanceof ControlError ? error.status : 500;
        socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\n\r\n`);
      },
    );
  });

  const sweeper = setInterval(() => {
    const dropped = worlds.sweep();
    if (dropped.length > 0 && log) log(`已回收闲置的世界：${dropped.join('、')}`);
  }, 60_000);
  sweeper.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    state: defaultWorld.state,
    worlds,
    snapshots,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweeper);
        for (const client of sockets.clients) client.terminate();
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging answers (fault "hang") never end by themselves.
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

const USAGE = `用法：npm run mock:serve -- [选项]
  --port N                  端口（默认 ${DEFAULT_PORT}）
  --host HOST               监听地址（默认 ${DEFAULT_HOST}）
  --scenario NAME           每个世界开始时的场景（默认 default；GET /__mock/scenarios 列出全部）
  --seed N                  场景的随机种子（默认 1）
  --latency MIN,MAX         每个接口应答的随机延迟，毫秒（默认 0）
  --spec-only               只应答规格 §7 的接口：项目自己的接口答 404，提议的请求字段被忽略（决定 057）
  --static DIR              同时提供构建好的前端（如 dist），带 SPA 回退
  --snapshots DIR           快照保存的目录（默认 fixtures/snapshots/）
  --max-worlds N            默认世界之外最多几个世界（默认 50）
  --world-idle-minutes N    闲置多久的世界被回收（默认 60）
  --quiet                   不逐条打印请求
  --help                    显示本说明`;

export function parseArgs(argv: string[]): ServeOptions & { help?: boolean; quiet?: boolean } {
  const options: ServeOptions & { help?: boolean; quiet?: boolean } = {};
  const fail = (message: string): never => {
    throw new Error(`${message}\n\n${USAGE}`);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? fail(`${flag} 需要一个值`);
    const integer = (text: string) => (/^\d+$/.test(text) ? Number(text) : fail(`${flag} 应为非负整数，收到 ${text}`));
    switch (flag) {
      case '--port':
        options.port = integer(value());
        break;
      case '--host':
        options.host = value();
        break;
      case '--scenario':
        options.scenario = value();
        break;
      case '--seed':
        options.seed = integer(value());
        break;
      case '--latency': {
        const parts = value()
          .split(',')
          .map((p) => integer(p.trim()));
        const [min = 0, max = min] = parts;
        if (parts.length > 2 || max < min) fail('--latency 应为 MIN,MAX（毫秒），如 100,400');
        options.latency = [min, max];
        break;
      }
      case '--spec-only':
        options.specOnly = true;
        break;
      case '--static':
        options.staticDir = value();
        break;
      case '--snapshots':
        options.snapshotDir = path.resolve(value());
        break;
      case '--max-worlds':
        options.maxWorlds = integer(value());
        break;
      case '--world-idle-minutes':
        options.worldIdleMs = integer(value()) * 60_000;
        break;
      case '--quiet':
        options.quiet = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        fail(`未知参数：${arg}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  let running: RunningMockServer;
  try {
    running = await startMockServer({ ...options, ...(options.quiet ? { log: null } : {}) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = code === 'EADDRINUSE' ? `端口 ${options.port ?? DEFAULT_PORT} 已被占用，换一个：--port 8788` : error instanceof Error ? error.message : String(error);
    console.error(`模拟后端启动失败：${message}`);
    process.exit(1);
  }
  const { url, state } = running;
  const [min, max] = state.settings.latencyMs;
  console.log(
    [
      `模拟后端 API 已启动：${url}`,
      `  场景 ${state.scenario.name}（seed ${state.scenario.seed}），模拟时间 ${state.nowIso()}（运行中），延迟 ${min}–${max} ms${state.settings.specOnly ? '，仅规格接口（--spec-only）' : ''}`,
      `  接口   ${url}${API_BASE_PATH}…（请求头 X-Mock-World 或 cookie ${WORLD_COOKIE} 选择世界，默认 ${DEFAULT_WORLD}）`,
      `  支付   ws://${url.slice('http://'.length)}${PAY_WS_PATH}`,
      `  控制   ${url}/__mock/scenarios | reset | state | faults | clock | payments/{trade_no} | login | settings | worlds | snapshots`,
      `  快照   ${running.snapshots.dir}`,
      `  登录页 ${url}${ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=…`,
      `  文件   ${url}${OSS_BASE_URL}…`,
      options.staticDir ? `  前端   ${path.resolve(options.staticDir)}（SPA 回退；?${WORLD_PARAM}=名称 让这个浏览器进入某个世界）` : '  前端   未提供（--static dist 可一并提供构建好的前端）',
      '  Ctrl+C 停止。',
    ].join('\n'),
  );
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void main();
}

export const SERVE_FILE = fileURLToPath(import.meta.url);
