// What this machine can take right now: its cores, a CPU limit its control group sets, the load
// average, and how many cores other processes keep busy (measured over a moment from /proc/stat).
// Playwright chooses its workers from it (playwright.config.ts) and `npm test` prints it at its start
// and end (scripts/test-all.mjs), so a slow run says why (decision 077).
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** Busy and total jiffies of all cores, from the `cpu` line of /proc/stat; null if it is not there. */
export function cpuTimes(stat) {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal: idle and iowait are the time nobody wanted.
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * The cores a control group lets these processes use (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`
 * over `cpu.cfs_period_us`), or Infinity where none is set. `read` reads a file or throws.
 */
export function cgroupCpuLimit(read = (file) => readFileSync(file, 'utf8')) {
  let groups;
  try {
    groups = read('/proc/self/cgroup');
  } catch {
    return Infinity;
  }
  for (const line of groups.split('\n')) {
    const [, controllers, path] = line.split(':');
    if (path === undefined) continue;
    try {
      if (controllers === '') {
        const [quota, period] = read(`/sys/fs/cgroup${path}/cpu.max`).trim().split(/\s+/);
        if (quota !== 'max' && Number(period) > 0) return Number(quota) / Number(period);
      } else if (controllers.split(',').includes('cpu')) {
        const quota = Number(read(`/sys/fs/cgroup/cpu${path}/cpu.cfs_quota_us`));
        const period = Number(read(`/sys/fs/cgroup/cpu${path}/cpu.cfs_period_us`));
        if (quota > 0 && period > 0) return quota / period;
      }
    } catch {
      // This controller is not mounted where we look: no limit read from it.
    }
  }
  return Infinity;
}

/** Cores other processes keep busy, measured over `ms` (synchronously: the config that asks is synchronous). */
export function busyCores(ms = 1000, read = () => readFileSync('/proc/stat', 'utf8')) {
  let before;
  try {
    before = cpuTimes(read());
  } catch {
    return 0;
  }
  if (!before) return 0;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const after = cpuTimes(read());
  if (!after || after.total <= before.total) return 0;
  const cores = availableParallelism();
  return ((after.busy - before.busy) / (after.total - before.total)) * cores;
}

/**
 * Playwright's workers: one per core this run may use and nobody else is using. A worker's chain
 * (the test, Chromium, the page, its servers) keeps about one core busy, so a second worker on a
 * core another process holds only halves every test's speed and pushes long journeys past their
 * timeout, for no gain in the whole run's time.
 */
export function chooseWorkers({ cores, limit = Infinity, busy = 0 }) {
  const capacity = Math.min(cores, limit);
  return Math.max(1, Math.min(Math.floor(capacity), Math.round(capacity - busy)));
}

/** One line about the machine now: cores, limit, load average, busy cores. */
export function describeMachine({ busy = busyCores(1000) } = {}) {
  const cores = availableParallelism();
  const limit = cgroupCpuLimit();
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return {
    cores,
    limit,
    busy,
    line: `${cores} cores${Number.isFinite(limit) ? ` (control group limit: ${limit.toFixed(2)})` : ''}, load average ${load}, ${busy.toFixed(2)} cores busy over the last second`,
  };
}
