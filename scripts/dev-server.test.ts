/**
 * `npm start` on a fresh clone: the dev server (`npm run dev`, what npm start runs after set-up)
 * renders pages on the server and hosts the mock, whose login page is JSX rendered by Node under
 * tsx. Each part reads its compiler options from a different place (Vite per project, tsx from the
 * command line: decision 069), and a page that fails only at run time fails here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_ACCOUNT_LOGIN_PATH, SERVICE_PARAM } from '#contract/index';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 5300 + Math.floor(Math.random() * 400);
let server: ChildProcess;

beforeAll(async () => {
  server = spawn('npm', ['run', '--silent', 'dev', '--', '--port', String(port)], { cwd: root, detached: true, stdio: 'ignore' });
  for (let tries = 0; ; tries += 1) {
    if (server.exitCode !== null) throw new Error(`npm run dev exited (code ${server.exitCode})`);
    if (
      await fetch(`http://localhost:${port}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (tries > 600) throw new Error(`npm run dev did not answer on ${port} in a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 70_000);

afterAll(() => {
  // The whole group: npm, tsx and the server it runs.
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
});

describe('npm start', () => {
  it('renders home on the server', async () => {
    const html = await (await fetch(`http://localhost:${port}/`)).text();
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<h1|<article/);
  }, 60_000);

  it("sends production's document: signed out, the head names only styles and the scripts come after the load (decision 070); one render pass", async () => {
    const response = await fetch(`http://localhost:${port}/patriarchFAQ`);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Vite's fast-refresh preamble is inline and names no file; no script file loads from the head.
    expect(head).not.toMatch(/<script[^>]*\ssrc=/);
    expect(head).not.toMatch(/modulepreload/);
    expect(head).toMatch(/<link rel="stylesheet"[^>]*href="\/src\/features\/info\/faq\.module\.css\?direct"/);
    const list = JSON.parse(/<script type="application\/json" id="scripts-after-load">(.*?)<\/script>/.exec(html)![1]!) as string[];
    expect(list[0]).toBe('/src/main.tsx');
    expect(list).toContain('/src/features/info/faq-page.tsx');
    // The loader (src/server/document.ts's SCRIPTS_AFTER_LOAD, whose hash the CSP allows) right after the list.
    expect(html).toMatch(/id="scripts-after-load">.*?<\/script><script>\(function\(\)\{var d=document,done=0;/);
    expect(response.headers.get('server-timing')).toMatch(/route;desc="faq"/);
  }, 60_000);

  it("serves the mock's login page, rendered by Node", async () => {
    const response = await fetch(`http://localhost:${port}${MOCK_ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=%2F`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('统一身份认证');
  }, 30_000);
});
