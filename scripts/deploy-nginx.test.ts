/**
 * The configuration operations install (deploy/nginx/children-center.conf with the folder
 * children-center/) is accepted by nginx as it is, with only its SET values to fill in (here a
 * throwaway certificate). The production-like run (serve:prod) and its Playwright project test
 * what it does; this tests that the file they do not load, the TLS one, is valid too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const site = path.join(root, 'deploy/nginx/children-center.conf');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
// Debian's libnginx-mod-http-brotli-static; where it is missing the site goes without its brotli
// line, as docs/deploy.md tells operations (decision 041).
const brotliModule = ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].find((p) => existsSync(p));
const prefix = mkdtempSync(path.join(tmpdir(), 'deploy-nginx-'));
afterAll(() => rmSync(prefix, { recursive: true, force: true }));

describe('deploy/nginx/children-center.conf', () => {
  it('asks operations for five things only, each marked SET', () => {
    const set = readFileSync(site, 'utf8')
      .split('\n')
      .filter((line) => /#\s*SET:/.test(line));
    expect(set.map((line) => line.trim().split(/\s+/)[0])).toEqual(['server', 'server', 'server_name', 'server_name', 'ssl_certificate', 'ssl_certificate_key']);
  });

  it('serves brotli through its own snippet, which only the TLS site includes', () => {
    expect(readFileSync(path.join(root, 'deploy/nginx/children-center/brotli.conf'), 'utf8')).toMatch(/^brotli_static on;$/m);
    expect(readFileSync(site, 'utf8')).toMatch(/^\s+include children-center\/brotli\.conf;$/m);
    expect(readFileSync(path.join(root, 'deploy/nginx/children-center/server.conf'), 'utf8')).not.toMatch(/brotli/);
  });

  it.runIf(nginx)(`is accepted by nginx -t once its certificate exists (${brotliModule ? 'with' : 'without'} the brotli module)`, () => {
    const key = path.join(prefix, 'privkey.pem');
    const cert = path.join(prefix, 'fullchain.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=portal.example.org', '-keyout', key, '-out', cert], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const text = readFileSync(site, 'utf8')
      .replace('/etc/ssl/children-center/fullchain.pem', cert)
      .replace('/etc/ssl/children-center/privkey.pem', key)
      .replace('/srv/children-center/dist', path.join(root, 'dist'))
      .replace('/var/lib/nginx/children-center-pages', path.join(prefix, 'pages'))
      .replace(/listen (\[::\]:)?(80|443)/g, (_, v6: string | undefined, port: string) => `listen ${v6 ?? ''}${port === '80' ? 18080 : 18443}`)
      .replace(brotliModule ? '' : /^.*include children-center\/brotli\.conf;\n/m, '');
    writeFileSync(path.join(prefix, 'site.conf'), text);
    symlinkSync(path.join(root, 'deploy/nginx/children-center'), path.join(prefix, 'children-center'));
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `${brotliModule ? `load_module ${brotliModule};\n` : ''}pid ${prefix}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  include site.conf;\n}\n`,
    );
    const check = spawnSync(nginx!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toMatch(/test is successful/);
  });

  const snippet = (name: string) => readFileSync(path.join(root, 'deploy/nginx/children-center', name), 'utf8');
  /** The configuration's lines without their comments. */
  const code = (text: string) => text.replace(/#.*$/gm, '');

  it("keeps a page only as the document server's Cache-Control says: nothing of its own about cookies (decision 076)", () => {
    const page = code(snippet('page.conf'));
    expect(page).not.toMatch(/proxy_ignore_headers/);
    expect(page).not.toMatch(/\$cookie_/);
    expect(page).toMatch(/proxy_cache children_center_pages;/);
  });

  it("never writes a request's Host back: not in a redirect, not in a header (decision 075)", () => {
    for (const text of [code(readFileSync(site, 'utf8')), code(snippet('headers.conf')), code(snippet('server.conf'))]) {
      for (const line of text.split('\n').filter((l) => /\b(return|add_header|set)\b/.test(l))) expect(line).not.toMatch(/\$(host|http_host|http_x_forwarded_host)\b/);
    }
  });

  it('answers a host name that is not the portal nothing, on both ports, before TLS', () => {
    const fallback = /server \{([^}]*default_server[^}]*)\}/.exec(code(readFileSync(site, 'utf8')))?.[1] ?? '';
    for (const listen of [/listen 80 default_server;/, /listen \[::\]:80 default_server;/, /listen 443 ssl default_server;/, /listen \[::\]:443 ssl default_server;/]) expect(fallback).toMatch(listen);
    expect(fallback).toMatch(/ssl_reject_handshake on;/);
    expect(fallback).toMatch(/return 444;/);
    // nginx reads underscores_in_headers from the default server: the app's client_id header needs it there.
    expect(fallback).toMatch(/underscores_in_headers on;/);
  });

  it('limits the pages per visitor with the figures docs/deploy.md gives, and refuses other methods before their body', () => {
    const zones = code(snippet('http.conf'));
    const page = code(snippet('page.conf'));
    const rate = Number(/zone=children_center_page_rate:\S+ rate=(\d+)r\/s;/.exec(zones)?.[1]);
    const burst = Number(/limit_req zone=children_center_page_rate burst=(\d+) nodelay;/.exec(page)?.[1]);
    const atOnce = Number(/limit_conn children_center_page_conn (\d+);/.exec(page)?.[1]);
    expect([rate, burst, atOnce].every((n) => n > 0)).toBe(true);
    const deploy = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    expect(deploy).toContain(`| pages a second per visitor (\`limit_req\` rate) | ${rate} |`);
    expect(deploy).toContain(`| pages beyond that at once (\`burst\`, answered at once: \`nodelay\`) | ${burst} |`);
    expect(deploy).toContain(`| pages under way per visitor (\`limit_conn\`) | ${atOnce} |`);
    expect(page).toMatch(/if \(\$request_method !~ \^\(GET\|HEAD\)\$\) \{\s*return 405;\s*\}/);
    for (const location of ['robots.txt', 'sitemap.xml'])
      expect(code(snippet('server.conf'))).toMatch(new RegExp(`location = /${location.replace('.', '\\.')} \\{\\s*include children-center/page\\.conf;`));
  });

  it('speaks TLS 1.2 and 1.3 only, and holds browsers to HTTPS for a year with its subdomains (ASVS 5: 12.1.1, 3.4.1)', () => {
    expect(code(snippet('tls.conf'))).toMatch(/ssl_protocols TLSv1\.2 TLSv1\.3;/);
    const hsts = /set \$cc_hsts "max-age=(\d+); includeSubDomains";/.exec(code(readFileSync(site, 'utf8')));
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(code(snippet('headers.conf'))).toMatch(/add_header Strict-Transport-Security \$cc_hsts always;/);
  });

  it('keeps /healthz (its memory figures) from the public', () => {
    expect(code(snippet('server.conf'))).toMatch(/location = \/healthz \{\s*return 404;\s*\}/);
  });

  it('keeps /metrics, like /healthz, from the public (issue 42)', () => {
    expect(code(snippet('server.conf'))).toMatch(/location = \/metrics \{\s*return 404;\s*\}/);
  });

  it('retries a page on another document server when one is dead or refuses the connection, before anything was sent, quickly (issue 42)', () => {
    const page = code(snippet('page.conf'));
    expect(page).toMatch(/proxy_next_upstream error timeout;/);
    expect(page).toMatch(/proxy_next_upstream_tries [2-9];/);
    expect(Number(/proxy_connect_timeout (\d+)s;/.exec(page)?.[1])).toBeLessThanOrEqual(2);
    // Pages only (GET and HEAD, idempotent): nothing says non_idempotent, and a beacon is never retried.
    expect(page).not.toMatch(/non_idempotent/);
    expect(code(snippet('beacon.conf'))).toMatch(/proxy_next_upstream off;/);
    // Each document server is left out for a moment once it failed, not for the default 10 s.
    const servers = code(readFileSync(site, 'utf8')).match(/^\s*server 127\.0\.0\.1:\d+[^;]*;/gm) ?? [];
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) expect(server).toMatch(/max_fails=1 fail_timeout=2s/);
  });

  it("gives every page, beacon and backend call the request's id (X-Request-Id: $request_id), and logs each as a JSON line with nginx's cache status", () => {
    for (const text of [code(snippet('page.conf')), code(snippet('beacon.conf')), code(snippet('server.conf'))]) expect(text).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    const format = /log_format children_center_json escape=json\s+'([^;]*)';/s.exec(code(snippet('http.conf')).replace(/'\s*\n\s*'/g, ''))?.[1] ?? '';
    for (const field of ['"time":"$time_iso8601"', '"request_id":"$request_id"', '"status":$status', '"cache":"$upstream_cache_status"', '"upstream":"$upstream_addr"', '"duration_s":$request_time'])
      expect(format).toContain(field);
    // Never the query string (a ticket) or a header a visitor sent.
    expect(format).not.toMatch(/\$(request_uri|args|query_string|request|http_\w+|cookie_\w+)"/);
  });

  it('takes parents’ beacons at /beacon only small and a few at a time, never cached (issue 42)', () => {
    expect(code(snippet('server.conf'))).toMatch(/location = \/beacon \{\s*include children-center\/beacon\.conf;\s*\}/);
    const beacon = code(snippet('beacon.conf'));
    expect(beacon).toMatch(/client_max_body_size 4k;/);
    expect(beacon).toMatch(/limit_req zone=children_center_beacon_rate burst=\d+ nodelay;/);
    expect(beacon).not.toMatch(/proxy_cache /);
  });
});
