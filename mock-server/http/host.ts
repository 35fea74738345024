/**
 * The standalone mock as one request handler, to mount in any Node HTTP server: `npm run
 * mock:serve` (./server.ts) listens with it, and a dev server can host it in its own process.
 *
 *   const mock = createMockHandler({ scenario: 'default' });  // or { worlds, snapshots } of your own
 *   http.createServer((req, res) => mock(req, res, () => app(req, res)))
 *     .on('upgrade', (req, socket, head) => mock.upgrade(req, socket, head) || otherUpgrade(req, socket, head));
 *   // connect/express/Vite: server.middlewares.use(mock)
 *
 * `mock(req, res, next?)` answers what is the mock's own: the portal's calls under
 * /children_center/front/api/, /mock-oss/ files, the login page at /__mock/account/login, QA control
 * under /__mock/ (and its panel page at /__mock/ui), and the built app of `staticDir` if given; anything else goes to `next()` (404
 * without one). `mock.upgrade(req, socket, head)` takes the payment websocket's upgrade and answers
 * true, or false for another path (socket untouched). Every request belongs to the world its
 * X-Mock-World header or mock_world cookie names (mock-server/http/worlds.ts). `mock.close()` ends the
 * sockets and the idle-world sweep.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getResponse } from 'msw';
import { API_BASE_PATH, errorCodes } from '#contract/index';
import { envelope } from '../core/answer.ts';
import { ACCOUNT_LOGIN_PATH, OSS_BASE_URL } from '../core/config.ts';
import { ControlError } from '../control/input.ts';
import { SnapshotError } from '../control/snapshot-file.ts';
import { DEFAULT_SNAPSHOT_DIR, SnapshotStore } from '../control/snapshot-store.ts';
import { DEFAULT_WORLD, WorldRegistry, worldNameOf, type World } from './worlds.ts';
import { CONTROL_PREFIX, controlRoutes, handleControl } from './control-routes.ts';
import { HttpError, MAX_BODY_BYTES, headersOf, readBody, sendAnswer, sendEnvelopeError, sendJson, sendResponse, sendText, toMockRequest, toRequest } from './io.ts';
import { handleLoginPage } from './login-page.ts';
import { PANEL_PATH, handlePanelPage } from './panel-page.ts';
import { paySocket } from './pay-socket.ts';
import { staticApp } from './static-app.ts';

export interface MockHostOptions {
  /** How each new world starts (default: scenario default, seed 1, no latency). */
  scenario?: string;
  seed?: number;
  /** Each API answer waits a random time in this range (ms); default none. */
  latency?: [number, number];
  /** Every world answers the calls of spec §7 only (decision 057). */
  specOnly?: boolean;
  /** How many calls each world's journal keeps (default JOURNAL_SIZE; a world's journal_size setting changes its own). */
  journalSize?: number;
  /** At most this many worlds besides the default one (default DEFAULT_MAX_WORLDS). */
  maxWorlds?: number;
  /** A world unused this long is dropped (default DEFAULT_WORLD_IDLE_MINUTES). */
  worldIdleMs?: number;
  /** Where snapshots are kept (default: MOCK_SNAPSHOTS, else outside the repository; control/snapshot-store.ts). */
  snapshotDir?: string;
  /** A registry of your own instead (the options above that build one are then ignored). */
  worlds?: WorldRegistry;
  snapshots?: SnapshotStore;
  /** A built app to serve after the mock's own paths, with SPA fallback to its index.html. */
  staticDir?: string | null;
  /** One line per request and per idle-world sweep; null or absent = silent. */
  log?: ((line: string) => void) | null;
  /** The host:port a request without a Host header is taken to have reached (default localhost). */
  host?: string;
}

export interface MockHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** Takes the payment websocket's upgrade (true), or leaves the socket alone (false). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  worlds: WorldRegistry;
  snapshots: SnapshotStore;
  /** Ends the payment sockets and the idle-world sweep (the server's connections are the caller's). */
  close(): void;
}

/** Worlds besides the default one, and how long one may stay unused (minutes), unless told. */
export const DEFAULT_MAX_WORLDS = 50;
export const DEFAULT_WORLD_IDLE_MINUTES = 60;

/** The registry the options describe: each world starts from the scenario, at its own moment. */
export function createWorldRegistry(options: Pick<MockHostOptions, 'scenario' | 'seed' | 'latency' | 'specOnly' | 'journalSize' | 'maxWorlds' | 'worldIdleMs'> = {}): WorldRegistry {
  const settings = { latencyMs: options.latency ?? [0, 0], specOnly: options.specOnly ?? false, ...(options.journalSize === undefined ? {} : { journalSize: options.journalSize }) } as const;
  return new WorldRegistry({
    start: { scenario: options.scenario ?? 'default', seed: options.seed ?? 1, frozen: false, settings },
    maxWorlds: options.maxWorlds ?? DEFAULT_MAX_WORLDS,
    idleMs: options.worldIdleMs ?? DEFAULT_WORLD_IDLE_MINUTES * 60_000,
    // Non-strict: a broken handler answers 500 and is logged, as a broken backend would.
    adapter: { log: (message) => console.error(message) },
  });
}

/** The status an error thrown while answering deserves (500 when it is not a refusal). */
const statusOf = (error: unknown) => (error instanceof ControlError || error instanceof HttpError || error instanceof SnapshotError ? error.status : 500);

export function createMockHandler(options: MockHostOptions = {}): MockHandler {
  const log = options.log ?? null;
  const worlds = options.worlds ?? createWorldRegistry(options);
  const snapshots = options.snapshots ?? new SnapshotStore(options.snapshotDir ?? DEFAULT_SNAPSHOT_DIR);
  const routes = controlRoutes(worlds, snapshots);
  const serveStatic = options.staticDir ? staticApp(options.staticDir) : null;
  const socket = paySocket(worlds);

  /** Answers true when the request was the mock's (answered), false to pass it on. */
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? options.host ?? 'localhost'}`);
    const headers = headersOf(req);
    const worldName = worldNameOf(headers);
    const worldOf = () => worlds.get(worldName);
    const head = req.method === 'HEAD';

    if (url.pathname.startsWith(API_BASE_PATH)) {
      let world: World;
      try {
        world = await worldOf();
      } catch (error) {
        sendEnvelopeError(res, statusOf(error), error instanceof Error ? error.message : String(error));
        return true;
      }
      let body: Buffer | null;
      try {
        body = head || req.method === 'GET' ? null : await readBody(req, MAX_BODY_BYTES);
      } catch (error) {
        sendEnvelopeError(res, error instanceof HttpError ? error.status : 400, error instanceof Error ? error.message : String(error));
        return true;
      }
      const answered = await world.dispatch(toMockRequest(req, url, headers, body));
      sendAnswer(res, answered ?? envelope(errorCodes.unknownCall.code, errorCodes.unknownCall.message, null, 404), head);
      return true;
    }
    if (url.pathname === ACCOUNT_LOGIN_PATH) {
      await handleLoginPage(req, res, url, await worldOf());
      return true;
    }
    if (url.pathname === PANEL_PATH || url.pathname.startsWith(`${PANEL_PATH}/`)) {
      await handlePanelPage(req, res, url);
      return true;
    }
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      await handleControl(req, res, url, routes, { name: worldName, get: worldOf });
      return true;
    }
    if (url.pathname.startsWith(OSS_BASE_URL)) {
      const world = await worldOf();
      const response = await getResponse([world.assets], toRequest(req, url, null));
      if (response) await sendResponse(res, response, head);
      else sendText(res, 404, 'text/plain', `Not found: ${url.pathname}`);
      return true;
    }
    return serveStatic?.(req, res, url) ?? false;
  }

  const handler = ((req, res, next) => {
    const started = performance.now();
    if (log) {
      res.on('finish', () => {
        const time = new Date().toTimeString().slice(0, 8);
        const world = worldNameOf(headersOf(req));
        log(`${time} ${world === DEFAULT_WORLD ? '' : `[${world}] `}${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
      });
    }
    answer(req, res).then(
      (answered) => {
        if (answered) return;
        if (next) next();
        else sendText(res, 404, 'text/plain', `Not found: ${req.method} ${new URL(req.url ?? '/', 'http://mock.invalid').pathname}`);
      },
      (error: unknown) => {
        const status = statusOf(error);
        if (status === 500) console.error('mock server:', error);
        if (!res.headersSent) sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
        else res.destroy();
      },
    );
  }) as MockHandler;

  const sweeper = setInterval(() => {
    const dropped = worlds.sweep();
    if (dropped.length > 0 && log) log(`已回收闲置的世界：${dropped.join('、')}`);
  }, 60_000);
  sweeper.unref();

  handler.upgrade = socket.upgrade;
  handler.worlds = worlds;
  handler.snapshots = snapshots;
  handler.close = () => {
    clearInterval(sweeper);
    socket.close();
  };
  return handler;
}
