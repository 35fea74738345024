/**
 * The standalone mock API (`npm run mock:serve`): the same handlers as the browser and the tests,
 * as a real HTTP server on 127.0.0.1:8787, for curl, QA scripts and a production-like run.
 *
 *   /children_center/front/api/…  the portal's calls (@mswjs/http-middleware over the handlers)
 *   /mock-oss/…                   the drawn images and uploads (mock-server/assets.ts)
 *   /__mock/…                     QA control, the design brief's table, plus GET/POST /__mock/settings
 *   /__mock/account/login         the mock account service's login page (server-rendered)
 *   anything else                 the built app of --static DIR (SPA fallback), else 404
 *
 * No websocket here: pages learn payment results by polling the pay-status calls.
 *
 *   tsx mock-server/serve.ts [--port 8787] [--host 127.0.0.1] [--scenario default] [--seed 1]
 *                            [--latency MIN,MAX] [--static dist]
 */
import { existsSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMiddleware } from '@mswjs/http-middleware';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { API_BASE_PATH } from '#contract/index';
import { assetHandler } from './assets.ts';
import { ACCOUNT_LOGIN_PATH, OSS_BASE_URL, SERVICE_PARAM } from './config.ts';
import {
  ControlError,
  addFaults,
  clearFaults,
  describeState,
  listParents,
  listScenarios,
  login,
  resetToScenario,
  setClock,
  settlePayment,
  updateSettings,
} from './control.ts';
import { createMockState, mockHandlers } from './setup.ts';
import type { MockState } from './state.ts';
import { LOGIN_PAGE_CSS, LOGIN_PAGE_TITLE, LoginPage, mainParentOf, type LoginPageProps } from './ui/login-page.tsx';
import { checkPassword, resolveService, withTicket } from './ui/service.ts';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';

export interface ServeOptions {
  port?: number;
  host?: string;
  scenario?: string;
  seed?: number;
  /** Each API answer waits a random time in this range (ms); default none. */
  latency?: [number, number];
  /** A built app to serve, with SPA fallback to its index.html. */
  staticDir?: string | null;
  /** One line per request; null = silent. Default: stdout. */
  log?: ((line: string) => void) | null;
}

export interface RunningMockServer {
  url: string;
  port: number;
  state: MockState;
  server: Server;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// /__mock/ control

type Route = (req: Request) => unknown;

/** Runs a control operation and answers its JSON, or `{ "error": "…" }` with the ControlError's status. */
function control(run: Route) {
  return async (req: Request, res: Response) => {
    try {
      res.json(await run(req));
    } catch (error) {
      if (error instanceof ControlError) res.status(error.status).json({ error: error.message });
      else res.status(500).json({ error: `模拟后端内部错误：${error instanceof Error ? error.message : String(error)}` });
    }
  };
}

function controlRouter(state: MockState): express.Router {
  const router = express.Router();
  // Any content type is read as JSON: `curl -d '{"scenario":"family"}'` works without -H.
  router.use(express.json({ type: () => true, limit: '2mb' }));
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (error && typeof error === 'object' && 'type' in error && error.type === 'entity.parse.failed') {
      res.status(400).json({ error: '请求体不是合法的 JSON' });
      return;
    }
    if (error && typeof error === 'object' && 'type' in error && error.type === 'entity.too.large') {
      res.status(413).json({ error: '请求体过大' });
      return;
    }
    next(error);
  });

  router.get('/scenarios', control(() => listScenarios()));
  router.post('/reset', control((req) => resetToScenario(state, req.body)));
  router.get(
    '/state',
    control(async () => {
      await state.catchUp();
      return describeState(state);
    }),
  );
  router.post('/faults', control((req) => addFaults(state, req.body)));
  router.delete('/faults', control(() => clearFaults(state)));
  router.post('/clock', control((req) => setClock(state, req.body)));
  router.post('/payments/:trade_no', control((req) => settlePayment(state, String(req.params.trade_no), req.body)));
  router.post('/login', control((req) => login(state, req.body)));
  router.get('/settings', control(() => ({ settings: state.settings })));
  router.post('/settings', control((req) => updateSettings(state, req.body)));
  router.use((req, res) => {
    res.status(404).json({ error: `没有这个控制接口：${req.method} /__mock${req.path}。可用：GET scenarios、POST reset、GET state、POST/DELETE faults、POST clock、POST payments/{trade_no}、POST login、GET/POST settings` });
  });
  return router;
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

function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? `${DEFAULT_HOST}:${DEFAULT_PORT}`}`;
}

function accountRouter(state: MockState): express.Router {
  const router = express.Router();
  const render = (req: Request, res: Response, status: number, extra: Partial<LoginPageProps> = {}) => {
    const service = typeof req.query[SERVICE_PARAM] === 'string' ? req.query[SERVICE_PARAM] : null;
    res
      .status(status)
      .type('html')
      .send(
        loginPageHtml({
          parents: listParents(state),
          service,
          target: resolveService(service, originOf(req)),
          scenario: state.scenario.name,
          mainParent: mainParentOf(state.scenario.name),
          ...extra,
        }),
      );
  };

  router.get(ACCOUNT_LOGIN_PATH, (req, res) => {
    const service = typeof req.query[SERVICE_PARAM] === 'string' ? req.query[SERVICE_PARAM] : null;
    render(req, res, resolveService(service, originOf(req)).ok ? 200 : 400);
  });

  router.post(ACCOUNT_LOGIN_PATH, express.urlencoded({ extended: false }), async (req, res) => {
    const service = typeof req.query[SERVICE_PARAM] === 'string' ? req.query[SERVICE_PARAM] : null;
    const target = resolveService(service, originOf(req));
    if (!target.ok) return render(req, res, 400);
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const username = (body.username ?? '').trim();
    if (body.mode === 'password') {
      const problem = checkPassword(state.db.parents.all(), username, body.password ?? '');
      if (problem) return render(req, res, 401, { error: problem, username });
    }
    try {
      const { ticket } = await login(state, { username });
      res.redirect(303, withTicket(target.url, ticket));
    } catch (error) {
      render(req, res, error instanceof ControlError ? error.status : 500, { error: error instanceof Error ? error.message : String(error), username });
    }
  });
  return router;
}

// ---------------------------------------------------------------------------------------------

function requestLog(log: (line: string) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    res.on('finish', () => {
      const time = new Date().toTimeString().slice(0, 8);
      log(`${time} ${req.method} ${req.originalUrl} ${res.statusCode} ${Math.round(performance.now() - start)}ms`);
    });
    next();
  };
}

function staticApp(dir: string): express.RequestHandler[] {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index) || !statSync(root).isDirectory()) throw new Error(`--static ${dir}: 没有找到 ${index}（先 npm run build）`);
  const reserved = [API_BASE_PATH, OSS_BASE_URL, '/__mock/'];
  return [
    express.static(root, { index: 'index.html', maxAge: 0 }),
    // SPA fallback: an address of the app (not a file, not the API) gets index.html.
    (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || reserved.some((p) => req.path.startsWith(p)) || path.extname(req.path) !== '') return next();
      res.sendFile(index);
    },
  ];
}

export async function createMockApp(state: MockState, options: Pick<ServeOptions, 'staticDir' | 'log'> = {}): Promise<express.Express> {
  const app = express();
  app.disable('x-powered-by');
  const log = options.log === undefined ? (line: string) => console.log(line) : options.log;
  if (log) app.use(requestLog(log));
  app.use(accountRouter(state));
  app.use('/__mock', controlRouter(state));
  // The API and the files: the same handlers as the browser's worker (non-strict: a broken handler
  // answers 500 and is logged, as a broken backend would).
  app.use(createMiddleware(...mockHandlers(state, { log: (message) => console.error(message) }), assetHandler(state)));
  if (options.staticDir) app.use(...staticApp(options.staticDir));
  app.use((req, res) => res.status(404).type('text').send(`Not found: ${req.method} ${req.path}`));
  return app;
}

export async function startMockServer(options: ServeOptions = {}): Promise<RunningMockServer> {
  const state = await createMockState({
    scenario: options.scenario ?? 'default',
    seed: options.seed ?? 1,
    frozen: false,
    settings: { latencyMs: options.latency ?? [0, 0] },
  });
  const app = await createMockApp(state, options);
  const host = options.host ?? DEFAULT_HOST;
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port ?? DEFAULT_PORT, host, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    state,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging answers (fault "hang") never end by themselves.
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

const USAGE = `用法：npm run mock:serve -- [选项]
  --port N           端口（默认 ${DEFAULT_PORT}）
  --host HOST        监听地址（默认 ${DEFAULT_HOST}）
  --scenario NAME    启动时载入的场景（默认 default；GET /__mock/scenarios 列出全部）
  --seed N           场景的随机种子（默认 1）
  --latency MIN,MAX  每个接口应答的随机延迟，毫秒（默认 0）
  --static DIR       同时提供构建好的前端（如 dist），带 SPA 回退
  --help             显示本说明`;

export function parseArgs(argv: string[]): ServeOptions & { help?: boolean } {
  const options: ServeOptions & { help?: boolean } = {};
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
        const parts = value().split(',').map((p) => integer(p.trim()));
        const [min = 0, max = min] = parts;
        if (parts.length > 2 || max < min) fail('--latency 应为 MIN,MAX（毫秒），如 100,400');
        options.latency = [min, max];
        break;
      }
      case '--static':
        options.staticDir = value();
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
    running = await startMockServer(options);
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
      `  场景 ${state.scenario.name}（seed ${state.scenario.seed}），模拟时间 ${state.nowIso()}（运行中），延迟 ${min}–${max} ms`,
      `  接口   ${url}${API_BASE_PATH}…`,
      `  控制   ${url}/__mock/scenarios | reset | state | faults | clock | payments/{trade_no} | login | settings`,
      `  登录页 ${url}${ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=…`,
      `  文件   ${url}${OSS_BASE_URL}…`,
      options.staticDir ? `  前端   ${path.resolve(options.staticDir)}（SPA 回退）` : '  前端   未提供（--static dist 可一并提供构建好的前端）',
      '  支付结果没有 websocket：页面通过轮询支付状态接口得知。Ctrl+C 停止。',
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
