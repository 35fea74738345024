/**
 * The dev server of `npm start` with three pages broken in memory (broken-pages.ts), for
 * dev-server-errors.test.ts: run as its own process, as `npm start` is, so the test reads what the
 * terminal prints. Its own Vite cache, so it never swaps the dependencies another dev server serves.
 *   tsx scripts/dev-server-broken.ts PORT
 */
import path from 'node:path';
import { brokenPages } from './broken-pages.ts';
import { root, startDevServer } from './dev-server-lib.ts';

const port = Number(process.argv[2]);
const server = await startDevServer({
  port,
  scenario: 'default',
  latency: [0, 0],
  plugins: [brokenPages(root), { name: 'own-cache', config: () => ({ cacheDir: path.join(root, 'node_modules/.cache/vite-dev-broken') }) }],
  // Quiet but for the server's errors, which the test counts.
  say: () => {},
});
console.log(`ready ${server.origin}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
