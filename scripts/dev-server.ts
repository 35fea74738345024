#!/usr/bin/env -S npx tsx
/**
 * `npm start`: the portal as it runs in production, rendered on the server, with the mock backend
 * in this same process, for developing offline.
 *   - Vite in middleware mode: the browser's modules, fast refresh, the source's index.html;
 *   - the document server's renderer (src/server/render.tsx), loaded through Vite, so an edit is
 *     in the next page's HTML without a restart;
 *   - the standalone mock's handler (mock-server/http/host.ts) in this same server and origin: the
 *     API, its payment websocket, the /__mock/ control API, panel (/__mock/ui) and login page, its
 *     files. One world per `mock_world` cookie, as `npm run mock:serve` keeps them; the server's
 *     calls (to this origin) and the browser's reach the same world.
 *   npm run dev -- [--port 5173] [--scenario default] [--latency 200,800]
 * The static demo build (the mock in the browser) is `npm run build:demo` (README, modes).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer } from 'vite';
import { MOCK_ACCOUNT_LOGIN_PATH } from '#contract/account-service';
import { createMockHandler } from '#mock/http/host';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const port = Number(opt('port', process.env.PORT ?? '5173'));
const latency = opt('latency', '0,0').split(',').map(Number) as [number, number];

// The browser's modules learn that the mock answers here, not in a service worker (src/main.tsx).
process.env.VITE_MOCK_HOST = 'server';

const mock = createMockHandler({ scenario: opt('scenario', 'default'), latency });
const server = createHttpServer();
// Fast refresh's websocket shares this server (and port) with the pages and the mock.
const vite = await createViteServer({ root, server: { middlewareMode: true, ws: { server } }, appType: 'custom' });
/** The server's own calls go to this origin, where the mock answers them as it answers the browser's. */
const origin = `http://localhost:${port}`;

async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  // Loaded through Vite on each request: its own cache keeps them until a file changes.
  const [{ documentHandler }, { templateOf }] = await Promise.all([vite.ssrLoadModule('/src/server/http.ts'), vite.ssrLoadModule('/src/server/document.ts')]);
  const handler = documentHandler({
    template: async () => templateOf(await vite.transformIndexHtml(url, readFileSync(path.join(root, 'index.html'), 'utf8'))),
    publicOrigin: origin,
    backendUrl: origin,
    // The mock's own login page, on this origin (absolute: the server names the account service by its address).
    accountServiceUrl: `${origin}${MOCK_ACCOUNT_LOGIN_PATH}`,
    dataBudgetMs: 2000,
    pageLinks: devStyles,
    log: () => {},
  });
  handler(req, res);
}

/**
 * The dev server's styles are modules the browser injects once its scripts run; the server's HTML
 * links every stylesheet the render has loaded, so a page is styled from its first paint here too
 * (src/main.tsx removes these links once the modules' own styles are in).
 */
function devStyles(): string {
  const ssr = vite.environments.ssr.moduleGraph;
  const sheets = new Set<string>(['/src/styles/tokens.css', '/src/styles/global.css']);
  for (const module of ssr.idToModuleMap.values()) {
    if (module.url && /\.css($|\?)/.test(module.url) && !module.url.includes('?raw')) sheets.add(module.url.split('?')[0]!);
  }
  return [...sheets].map((sheet) => `<link rel="stylesheet" href="${sheet}?direct" data-dev-ssr-style>`).join('');
}

server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  mock(req, res, () =>
    vite.middlewares(req, res, () => {
      render(req, res).catch((error: unknown) => {
        vite.ssrFixStacktrace(error as Error);
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(String((error as Error).stack ?? error));
      });
    }),
  );
});

// The payment websocket is the mock's; Vite's own (fast refresh) stays with Vite.
server.on('upgrade', (req, socket, head) => void mock.upgrade(req, socket, head));

server.listen(port, 'localhost', () => {
  console.log(`\n  少年儿童活动中心 · 报名服务平台 (npm start)`);
  console.log(`  the portal, rendered on the server: http://localhost:${port}/`);
  console.log(`  the mock backend, in this process: its control API under ${origin}/__mock/, its panel at ${origin}/__mock/ui (a world per mock_world cookie)`);
  console.log(`  the mock's login page: ${origin}/__mock/account/login\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    mock.close();
    void vite.close().then(() => process.exit(0));
  });
}
