import { describe, expect, it } from 'vitest';
import { cgroupCpuLimit, chooseWorkers, cpuTimes } from './machine.mjs';

describe('what the machine can take', () => {
  it('reads busy and total jiffies from /proc/stat, idle and iowait being nobody’s', () => {
    const stat = 'cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0\nintr 1\n';
    expect(cpuTimes(stat)).toEqual({ busy: 160, total: 1000 });
    expect(cpuTimes('intr 1\n')).toBeNull();
  });

  it('reads a cgroup v1 quota, a v2 cpu.max, and no limit where none is set', () => {
    const files = (table: Record<string, string>) => (file: string) => {
      if (!(file in table)) throw new Error(`ENOENT ${file}`);
      return table[file]!;
    };
    const v1 = files({
      '/proc/self/cgroup': '4:memory:/\n3:cpu:/slowtest\n1:name=systemd:/\n',
      '/sys/fs/cgroup/cpu/slowtest/cpu.cfs_quota_us': '85000\n',
      '/sys/fs/cgroup/cpu/slowtest/cpu.cfs_period_us': '100000\n',
    });
    expect(cgroupCpuLimit(v1)).toBeCloseTo(0.85);
    const v2 = files({ '/proc/self/cgroup': '0::/ci.slice\n', '/sys/fs/cgroup/ci.slice/cpu.max': '150000 100000\n' });
    expect(cgroupCpuLimit(v2)).toBeCloseTo(1.5);
    expect(cgroupCpuLimit(files({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/cpu.max': 'max 100000\n' }))).toBe(Infinity);
    expect(cgroupCpuLimit(files({ '/proc/self/cgroup': '3:cpu:/\n', '/sys/fs/cgroup/cpu/cpu.cfs_quota_us': '-1', '/sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000' }))).toBe(Infinity);
    expect(cgroupCpuLimit(files({}))).toBe(Infinity);
  });

  it('gives one worker per free core, never none and never more than the cores', () => {
    expect(chooseWorkers({ cores: 2, busy: 0.1 })).toBe(2);
    // Another process holds a core (the busy loop of issue 37): one worker.
    expect(chooseWorkers({ cores: 2, busy: 1.0 })).toBe(1);
    expect(chooseWorkers({ cores: 2, busy: 2 })).toBe(1);
    // A control group's limit counts as fewer cores.
    expect(chooseWorkers({ cores: 2, limit: 0.85, busy: 0 })).toBe(1);
    expect(chooseWorkers({ cores: 8, limit: 3, busy: 0.2 })).toBe(3);
    expect(chooseWorkers({ cores: 8, busy: 0 })).toBe(8);
  });
});
