/**
 * The document server's systemd unit (deploy/systemd/children-center-web@.service): systemd takes
 * it as it is, it starts again a process that died, however often, within the second (nginx sends
 * the pages meanwhile to the other: issue 42), it stops one gracefully, giving it longer than the
 * server takes to answer what it holds, and it runs one instance per port nginx lists.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const unitPath = path.join(root, 'deploy/systemd/children-center-web@.service');
const unit = readFileSync(unitPath, 'utf8');
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));
const prefix = mkdtempSync(path.join(tmpdir(), 'deploy-systemd-'));
afterAll(() => rmSync(prefix, { recursive: true, force: true }));

/** The unit's settings (comments left out), each name with its values in order. */
function settings(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) map.set(match[1]!, [...(map.get(match[1]!) ?? []), match[2]!]);
  }
  return map;
}
const one = (name: string) => {
  const values = settings(unit).get(name) ?? [];
  expect(values, name).toHaveLength(1);
  return values[0]!;
};
/** A systemd time span in ms (`500ms`, `2s`, `1min`, a bare number of seconds). */
function ms(span: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|min)?$/.exec(span);
  if (!match) throw new Error(`not a time span: ${span}`);
  return Number(match[1]) * ({ ms: 1, s: 1000, min: 60_000 }[match[2] ?? 's'] ?? 1000);
}

describe('deploy/systemd/children-center-web@.service', () => {
  it.runIf(analyze)('is taken by systemd as it is (systemd-analyze verify says nothing of it)', () => {
    // An instance of the template, as `systemctl start children-center-web@3000` makes one.
    const instance = path.join(prefix, 'children-center-web@3000.service');
    copyFileSync(unitPath, path.join(prefix, 'children-center-web@.service'));
    const verified = spawnSync(analyze!, ['verify', instance], { encoding: 'utf8', cwd: prefix });
    const said = `${verified.stdout}${verified.stderr}`
      .split('\n')
      // The machine this runs on may have no systemd running, or not the unit's user: those lines are about it, not the unit.
      .filter((line) => line.trim() && !/System has not been booted|Failed to connect to bus|children-center: (Unknown user|user .* not found)/i.test(line));
    expect(verified.status, said.join('\n')).toBe(0);
    expect(said).toEqual([]);
  });

  it('starts a process that died again within the second, however often (never giving up on one nginx counts on)', () => {
    expect(one('Restart')).toBe('always');
    expect(ms(one('RestartSec'))).toBeLessThanOrEqual(1000);
    expect(one('StartLimitIntervalSec')).toBe('0');
  });

  it('stops one gracefully: SIGTERM to the server, which answers what it holds (at most 10 s), and longer than that before a kill', () => {
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(ms(one('TimeoutStopSec'))).toBeGreaterThan(10_000);
    // The server's own limit on a graceful stop, which the unit must outlast.
    expect(readFileSync(path.join(root, 'src/server/http.ts'), 'utf8')).toMatch(/setTimeout\(\(\) => process\.exit\(1\), 10_000\)/);
  });

  it('runs the production build of the document server on the instance’s port, its other settings in a file of the operator’s', () => {
    expect(one('ExecStart')).toMatch(/^\/usr\/bin\/node dist-server\/main\.js$/);
    expect(one('Environment').split(/\s+/)).toEqual(expect.arrayContaining(['NODE_ENV=production', 'PORT=%i', 'HOST=127.0.0.1']));
    expect(one('EnvironmentFile')).toMatch(/^\/etc\/children-center\/web\.env$/);
    // The addresses (and anything secret) are the operator's: none is written into the unit.
    for (const name of ['PUBLIC_ORIGIN', 'BACKEND_URL', 'ACCOUNT_SERVICE_URL']) expect(unit).not.toMatch(new RegExp(`${name}=`));
    expect(one('User')).not.toBe('root');
  });

  it('one instance per document server nginx lists: the unit’s own instructions name each port of the upstream', () => {
    const site = readFileSync(path.join(root, 'deploy/nginx/children-center.conf'), 'utf8');
    const upstream = /upstream children_center_web \{([^}]*)\}/.exec(site)![1]!;
    const ports = [...upstream.matchAll(/^\s*server 127\.0\.0\.1:(\d+)/gm)].map((m) => m[1]);
    expect(ports.length).toBeGreaterThanOrEqual(2);
    const enabled = /systemctl enable --now (.*)$/m.exec(unit)?.[1] ?? '';
    expect(enabled.split(/\s+/).map((name) => /^children-center-web@(\d+)$/.exec(name)?.[1])).toEqual(ports);
  });
});
