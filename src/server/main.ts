/**
 * The production document server: `npm run serve:ssr` (after `npm run build`), or
 * `node dist-server/main.js` where a release is deployed. Configured by its environment
 * (.env.example lists every variable):
 *   PORT (3000), HOST (127.0.0.1), PUBLIC_ORIGIN (required: the site's origin as visitors reach
 *   it, e.g. https://portal.example.org), BACKEND_URL (required: the backend's origin as this
 *   server reaches it), ACCOUNT_SERVICE_URL (required unless the build names one: the account
 *   service's absolute login address), DIST (the client build, ./dist), DATA_BUDGET_MS (how long a
 *   page waits for its calls, 800), RENDER_DEADLINE_MS (the longest a render may take, 5000),
 *   MAX_RENDERS (renders under way at most; past it the Chinese 503 page, 32), VITALS_SAMPLE_RATE
 *   (the share of page loads whose browser reports its Web Vitals and errors, 0 to 1: 1).
 * A value it cannot use stops it at start-up with a line saying which and why (exit code 2).
 */
import path from 'node:path';

// A page's error in the log names its place in the source (the build writes the server's maps:
// vite.config.ts), for the modules loaded from here on: the pages' and the renderer's (decision 087).
process.setSourceMapsEnabled(true);
// React and its server renderer load their development builds (several times the work per page:
// checks, warnings, owner stacks) unless NODE_ENV says otherwise; a deployed server is production
// unless told it is not. Set before React loads, so the server's modules are imported below.
process.env.NODE_ENV ||= 'production';
const [{ loadBuild }, { MAX_RENDERS, startDocumentServer }, { RENDER_DEADLINE_MS }, { namingSampleRate }] = await Promise.all([
  import('./document.ts'),
  import('./http.ts'),
  import('./render-page.ts'),
  import('./beacon.ts'),
]);

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
const publicOrigin = setting('PUBLIC_ORIGIN', process.env.PUBLIC_ORIGIN);
// The build's own is the default where it names one (a real build's is absolute or empty: vite.config.ts).
const accountService = setting('ACCOUNT_SERVICE_URL', process.env.ACCOUNT_SERVICE_URL, import.meta.env.VITE_ACCOUNT_SERVICE_URL || undefined);
const dist = path.resolve(setting('DIST', process.env.DIST, 'dist'));
// Every document names the account service the browser sends a parent to (decision 075), and the
// share of page loads that report their Web Vitals and errors (decision 083).
const sampleRate = Number(setting('VITALS_SAMPLE_RATE', process.env.VITALS_SAMPLE_RATE, '1'));
if (!(sampleRate >= 0 && sampleRate <= 1)) {
  console.error(`[server] VITALS_SAMPLE_RATE must be a number from 0 to 1, got ${JSON.stringify(process.env.VITALS_SAMPLE_RATE)}`);
  process.exit(2);
}
const document = loadBuild(dist, accountService, (template) => namingSampleRate(template, sampleRate));

try {
  await startDocumentServer({
    port,
    host,
    document,
    publicOrigin,
    backendUrl,
    accountServiceUrl: accountService,
    dataBudgetMs: Number(setting('DATA_BUDGET_MS', process.env.DATA_BUDGET_MS, '800')),
    renderDeadlineMs: Number(setting('RENDER_DEADLINE_MS', process.env.RENDER_DEADLINE_MS, String(RENDER_DEADLINE_MS))),
    maxRenders: Number(setting('MAX_RENDERS', process.env.MAX_RENDERS, String(MAX_RENDERS))),
  });
} catch (error) {
  // A setting it cannot use (a relative account service, an origin that is no origin): said, not a stack.
  console.error(`[server] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
console.log(`[server] documents on http://${host}:${port} for ${publicOrigin} (backend ${backendUrl}, account service ${accountService}, build ${dist})`);
