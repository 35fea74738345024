/**
 * The deployment as it will run (issue 38, docs/deploy.md's step 2): in an empty folder, the
 * package files, `npm ci --omit=dev`, copies of dist/ and dist-server/, then `node
 * dist-server/main.js`. It must start and serve pages with their data (so whatever the server
 * loads at run time is a dependency, not a devDependency), and refuse to start on settings it
 * cannot use. Its backend is serve:prod's, through nginx.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/standalone.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// One folder, made once (beforeAll), for both tests: in order, in one worker.
test.describe.configure({ mode: 'serial' });
/** The deployment's folder, made by beforeAll (not at load: Playwright loads a spec file in more than one process). */
let folder = '';
const servers: ChildProcess[] = [];

test.afterAll(() => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGTERM');
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The document server of the folder with these settings: its output once it listens or exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const server = spawn(process.execPath, ['dist-server/main.js'], { cwd: folder, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? folder, ...env } });
    servers.push(server);
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/documents on http/.test(output)) resolve({ code: null, output });
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => resolve({ code, output }));
  });
}

/** The server's settings for this run: its backend is serve:prod's, through nginx. */
const settingsFor = (baseURL: string, port: number) => ({
  PORT: String(port),
  PUBLIC_ORIGIN: baseURL,
  BACKEND_URL: baseURL,
  ACCOUNT_SERVICE_URL: `${baseURL}/__mock/account/login`,
  // The page waits for its data however busy this machine is: what is checked is that it comes.
  DATA_BUDGET_MS: '15000',
});

// The folder as operations make it (docs/deploy.md, step 2): the package files, npm ci --omit=dev, the two builds.
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'deployment-'));
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(folder, file));
  const installed = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: folder, encoding: 'utf8' });
  expect(installed.status, installed.stderr).toBe(0);
  cpSync(join(root, 'dist'), join(folder, 'dist'), { recursive: true });
  cpSync(join(root, 'dist-server'), join(folder, 'dist-server'), { recursive: true });
});

test('npm ci --omit=dev beside dist/ and dist-server/ starts and serves pages with their data', async ({ world, baseURL }) => {
  await world.reset('default');
  // Only what runs: no test or build tool came with it.
  for (const tool of ['vitest', 'vite', '@playwright/test', 'typescript']) expect(existsSync(join(folder, 'node_modules', tool)), tool).toBe(false);
  // React Router comes bundled, its production build: its package resolves to the development one in Node.
  const server = ['main.js', ...readdirSync(join(folder, 'dist-server', 'assets')).map((file) => join('assets', file))].filter((file) => file.endsWith('.js'));
  const code = server.map((file) => readFileSync(join(folder, 'dist-server', file), 'utf8')).join('\n');
  expect(code).not.toMatch(/from ?["']react-router(-dom)?["']/);
  expect(code).not.toMatch(/ENABLE_DEV_WARNINGS = true/);
  const port = await freePort();
  const started = await start(settingsFor(baseURL!, port));
  expect(started.code, started.output).toBeNull();
  const cookie = { Cookie: `mock_world=${world.name}` };
  // A class's page: its data from the backend, its rich text sanitized on the server (jsdom).
  const details = await fetch(`http://127.0.0.1:${port}/details?id=1`, { headers: cookie });
  expect(details.status).toBe(200);
  const html = await details.text();
  const klass = (await world.state()).tables.classes.find((c) => c.id === 1)!;
  expect(html).toContain(klass.name);
  expect(html).toContain('<meta name="account-service"');
  for (const path of ['/', '/patriarchFAQ', '/robots.txt', '/sitemap.xml']) expect((await fetch(`http://127.0.0.1:${port}${path}`, { headers: cookie })).status, path).toBe(200);
});

test('the deployed server refuses to start on settings it cannot use, saying which', async ({ baseURL }) => {
  for (const [name, value] of [
    ['ACCOUNT_SERVICE_URL', '/__mock/account/login'],
    ['PUBLIC_ORIGIN', 'portal.example.org'],
  ] as const) {
    const refused = await start({ ...settingsFor(baseURL!, await freePort()), [name]: value });
    expect(refused.code, refused.output).toBe(2);
    expect(refused.output).toContain(name);
  }
  const withoutOrigin: Record<string, string> = settingsFor(baseURL!, await freePort());
  delete withoutOrigin.PUBLIC_ORIGIN;
  const unset = await start(withoutOrigin);
  expect(unset.code).toBe(2);
  expect(unset.output).toMatch(/PUBLIC_ORIGIN is not set/);
});
