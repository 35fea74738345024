#!/usr/bin/env node
// `npm run test:slow`: the Playwright journeys once more, on a machine made slow on purpose (decision
// 077). A process keeps one core busy for the whole run, as a developer's browser or another
// build does; where this machine lets a control group be made (Linux, as root: CI's machines), the
// run and that busy process also share a CPU limit of half the machine's cores, so the journeys
// meet what they meet on a machine half as fast with one of its cores busy.
//   npm run test:slow [-- --limit CORES] [-- --no-limit] [-- playwright args…]
// The builds are made first (scripts/build-cached.mjs: skipped when unchanged). Prints the
// machine's state at the start and the end, and Playwright's own count, which CI reads.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from './machine.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const [value] = argv.splice(i, name === 'limit' ? 2 : 1).slice(1);
  return value ?? true;
};
const noLimit = flag('no-limit') === true;
const limit = Number(flag('limit') ?? availableParallelism() / 2);
const say = (line) => console.log(`test:slow: ${line}`);

/** A control group with a CPU limit (cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us`); null where none can be made. */
function makeControlGroup(cores) {
  const name = `test-slow-${process.pid}`;
  const period = 100_000;
  const quota = Math.round(cores * period);
  const tries = [
    // cgroup v2: a group beside ours, where the cpu controller is delegated to children.
    () => {
      const base = '/sys/fs/cgroup';
      if (!existsSync(join(base, 'cgroup.controllers')) || !readFileSync(join(base, 'cgroup.subtree_control'), 'utf8').includes('cpu')) return null;
      const dir = join(base, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'cpu.max'), `${quota} ${period}`);
      return { procs: [join(dir, 'cgroup.procs')], dirs: [dir] };
    },
    // cgroup v1: the cpu hierarchy.
    () => {
      const base = '/sys/fs/cgroup/cpu';
      if (!existsSync(join(base, 'cpu.cfs_quota_us'))) return null;
      const dir = join(base, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(period));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
      return { procs: [join(dir, 'cgroup.procs')], dirs: [dir] };
    },
  ];
  for (const attempt of tries) {
    try {
      const group = attempt();
      if (group) return group;
    } catch {
      // Not allowed here (not root, or the controller is not ours): try the next, else no limit.
    }
  }
  return null;
}

function run(cmd, args, { group, env = {} } = {}) {
  return new Promise((resolve) => {
    // The child joins the group before it starts its command: `sh -c` writes its own pid, then execs.
    const joined = group ? `for f in ${group.procs.map((f) => `'${f}'`).join(' ')}; do echo $$ > "$f"; done; exec "$@"` : 'exec "$@"';
    const child = spawn('sh', ['-c', joined, 'sh', cmd, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

say(`machine at the start: ${describeMachine().line}`);
const built = await run(process.execPath, [join(root, 'scripts/build-cached.mjs'), 'demo', 'real', 'real-server']);
if (built !== 0) process.exit(built);

const group = noLimit || !(limit > 0) ? null : makeControlGroup(limit);
say(group ? `a CPU limit of ${limit} core(s) for the journeys and the busy process (a machine half as fast)` : 'no CPU limit (no control group can be made here, or --no-limit): the busy core only');
// The busy core: a process that never waits, for as long as the journeys run.
const busy = spawn('sh', ['-c', `${group ? `for f in ${group.procs.map((f) => `'${f}'`).join(' ')}; do echo $$ > "$f"; done; ` : ''}exec "$0" -e "for (;;);"`, process.execPath], { stdio: 'ignore' });
const started = performance.now();
const code = await run(join(root, 'node_modules/.bin/playwright'), ['test', ...argv], { group, env: { CI: process.env.CI ?? '' } });
busy.kill('SIGKILL');
await new Promise((resolve) => busy.once('exit', resolve));
for (const dir of group?.dirs ?? []) {
  try {
    rmdirSync(dir);
  } catch {
    // A process of the run still in it; the group goes when the machine does.
  }
}
say(`the journeys took ${((performance.now() - started) / 1000).toFixed(1)} s; exit ${code}`);
say(`machine at the end: ${describeMachine().line}`);
process.exit(code);
