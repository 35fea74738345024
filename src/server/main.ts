/**
 * The production document server: `npm run serve:ssr` (after `npm run build`), or
 * `node dist-server/main.js` where a release is deployed. Configured by its environment
 * (.env.example lists every variable):
 *   PORT (3000), HOST (127.0.0.1), BACKEND_URL (required: the backend's origin as this server
 *   reaches it), ACCOUNT_SERVICE_URL (the build's VITE_ACCOUNT_SERVICE_URL by default),
 *   DIST (the client build, ./dist), DATA_BUDGET_MS (how long a page waits for its calls, 800).
 */
import path from 'node:path';

// React and its server renderer load their development builds (several times the work per page:
// checks, warnings, owner stacks) unless NODE_ENV says otherwise; a deployed server is production
// unless told it is not. Set before React loads, so the server's modules are imported below.
process.env.NODE_ENV ||= 'production';
const [{ accountServiceUrl }, { loadBuild }, { startDocumentServer }] = await Promise.all([import('../lib/app-config.ts'), import('./document.ts'), import('./http.ts')]);

/** A variable's value (read where it is named, so .env.example's test sees each), or its default. */
function setting(name: string, given: string | undefined, fallback?: string): string {
  const value = given?.trim() || fallback;
  if (value === undefined) {
    console.error(`[server] ${name} is not set (see .env.example)`);
    process.exit(2);
  }
  return value;
}

const port = Number(setting('PORT', process.env.PORT, '3000'));
const host = setting('HOST', process.env.HOST, '127.0.0.1');
const backendUrl = setting('BACKEND_URL', process.env.BACKEND_URL).replace(/\/+$/, '');
const dist = path.resolve(setting('DIST', process.env.DIST, 'dist'));
const document = loadBuild(dist);

await startDocumentServer({
  port,
  host,
  document,
  backendUrl,
  accountServiceUrl: setting('ACCOUNT_SERVICE_URL', process.env.ACCOUNT_SERVICE_URL, accountServiceUrl),
  dataBudgetMs: Number(setting('DATA_BUDGET_MS', process.env.DATA_BUDGET_MS, '800')),
});
console.log(`[server] documents on http://${host}:${port} (backend ${backendUrl}, build ${dist})`);
