/**
 * The dev server `npm start` runs (scripts/dev-server.ts is its command line): the portal as it
 * runs in production, rendered on the server, with the mock backend in this same process.
 *   - Vite in middleware mode: the browser's modules, fast refresh, the source's index.html;
 *   - the document server (src/server/http.ts, render-page.ts), loaded through Vite, so an edit is
 *     in the next page's HTML without a restart, sending the document production sends (its shape,
 *     src/server/document.ts: a visitor without a session gets the scripts after the load); its own
 *     errors printed once and shown in Vite's overlay (dev-failures.ts, decision 087);
 *   - the standalone mock's handler (mock-server/http/host.ts), loaded through Vite too and loaded
 *     again when mock-server/, fixtures/ or contract/ change (mock-reload.ts, decision 088): the API,
 *     its payment websocket, the /__mock/ control API, panel (/__mock/ui) and login page, its files.
 *     One world per `mock_world` cookie, as `npm run mock:serve` keeps them; the server's calls (to
 *     this origin) and the browser's reach the same world.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer, type PluginOption } from 'vite';
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';
import { devFailures } from './dev-failures.ts';
import { mockReloader } from './mock-reload.ts';

export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DevServerOptions {
  port: number;
  /** How each mock world starts (`--scenario`), and the mock's answers' latency range in ms. */
  scenario: string;
  latency: [number, number];
  /** Vite plugins besides the project's (the tests' broken pages: dev-server-errors.test.ts). */
  plugins?: PluginOption[];
  /** Where an error of the server's is printed (once each); console.error by default. */
  print?: (text: string) => void;
  /** Where the dev server says what it did (the mock reloaded); console.log by default. */
  say?: (text: string) => void;
}

export async function startDevServer(options: DevServerOptions) {
  const { port } = options;
  const say = options.say ?? ((text: string) => console.log(text));
  // The browser's modules learn that the mock answers here, not in a service worker (src/main.tsx).
  process.env.VITE_MOCK_HOST = 'server';

  const server = createHttpServer();
  // Fast refresh's websocket shares this server (and port) with the pages and the mock.
  const vite = await createViteServer({ root, server: { middlewareMode: true, ws: { server } }, appType: 'custom', plugins: options.plugins ?? [] });
  /** The server's own calls go to this origin, where the mock answers them as it answers the browser's. */
  const origin = `http://localhost:${port}`;
  /** The mock's own login page, on this origin (absolute: the server names the account service by its address). */
  const accountServiceUrl = `${origin}${MOCK_ACCOUNT_LOGIN_PATH}`;

  // A page that shows an error is reloaded when a file changes: the module that broke it may be
  // one the browser never loaded (it failed on the server), so Vite's own updates would not reach it.
  let showingFailure = false;
  const failures = devFailures({ root, print: options.print, shown: () => (showingFailure = true) });
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  vite.watcher.on('all', () => {
    if (!showingFailure) return;
    clearTimeout(reloadTimer);
    // After Vite has taken the change in (its own listener runs first), once for a burst of saves.
    reloadTimer = setTimeout(() => {
      showingFailure = false;
      vite.environments.client.hot.send({ type: 'full-reload', path: '*' });
    }, 50);
  });

  const mock = await mockReloader(vite, { scenario: options.scenario, latency: options.latency, say });

  async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    // Loaded through Vite on each request: its own cache keeps them until a file changes.
    const [{ documentHandler }, { documentShape, namingAccountService, templateOf }] = await Promise.all([vite.ssrLoadModule('/src/server/http.ts'), vite.ssrLoadModule('/src/server/document.ts')]);
    const handler = documentHandler({
      // The document production sends (src/server/document.ts, main.ts), around the source's index.html.
      document: async () => documentShape(namingAccountService(templateOf(await vite.transformIndexHtml(url, readFileSync(path.join(root, 'index.html'), 'utf8'))), accountServiceUrl), devAssets),
      publicOrigin: origin,
      backendUrl: origin,
      accountServiceUrl,
      dataBudgetMs: 2000,
      log: () => {},
      failures,
    });
    handler(req, res);
  }

  /**
   * What a page needs besides the template, as the dev server has it: its module (the browser
   * loads it unbundled) and every stylesheet the render has loaded, so a page is styled from its
   * first paint here too. The dev server's styles are modules the browser injects once its scripts
   * run: src/main.tsx removes these links (`?direct`) then.
   */
  const devAssets = {
    styles(): string[] {
      const ssr = vite.environments.ssr.moduleGraph;
      const sheets = new Set<string>(['/src/styles/tokens.css', '/src/styles/global.css']);
      for (const module of ssr.idToModuleMap.values()) {
        if (module.url && /\.css($|\?)/.test(module.url) && !module.url.includes('?raw')) sheets.add(module.url.split('?')[0]!);
      }
      return [...sheets].map((sheet) => `${sheet}?direct`);
    },
    chunks: (modules: readonly string[]) => modules.map((module) => `/${module}`),
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    mock.handle(req, res, () =>
      vite.middlewares(req, res, () => {
        // The document server itself did not load (a syntax error in src/server/, say): shown the same way.
        render(req, res).catch((error: unknown) => {
          failures.log(`[dev] ${req.method} ${(req.url ?? '/').split('?')[0]} failed`, error);
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(failures.page(error));
        });
      }),
    );
  });

  // The payment websocket is the mock's; Vite's own (fast refresh) stays with Vite.
  server.on('upgrade', (req, socket, head) => void mock.upgrade(req, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', resolve);
  });

  return {
    origin,
    async close() {
      clearTimeout(reloadTimer);
      server.close();
      server.closeAllConnections();
      mock.close();
      await vite.close();
    },
  };
}
