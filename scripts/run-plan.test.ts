import { describe, expect, it } from 'vitest';
import { runPlan } from './run-plan.mjs';

type Step = { name: string; code?: number; overlap?: { after: string; leftRunning: number } };

/** Runs a plan whose steps end when the test says so; `events` says what started and ended, in order. */
function harness() {
  const events: string[] = [];
  const endings = new Map<string, () => void>();
  const runStep = (step: Step) =>
    new Promise<number>((resolve) => {
      events.push(`start ${step.name}`);
      endings.set(step.name, () => {
        events.push(`end ${step.name}`);
        resolve(step.code ?? 0);
      });
    });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const end = async (name: string) => {
    await tick();
    endings.get(name)!();
    await tick();
  };
  return { events, runStep, end };
}

describe('the plan of npm test', () => {
  it('runs an entry after the group before it, its steps side by side', async () => {
    const { events, runStep, end } = harness();
    const run = runPlan([[{ name: 'a' }, { name: 'b' }], { name: 'c' }], runStep);
    await end('a');
    expect(events).toEqual(['start a', 'start b', 'end a']);
    await end('b');
    await end('c');
    expect(await run).toBe(0);
    expect(events).toEqual(['start a', 'start b', 'end a', 'end b', 'start c', 'end c']);
  });

  it('starts an overlapping entry once its step has passed and one step is left running; the run ends with both', async () => {
    const { events, runStep, end } = harness();
    const e2e = { name: 'e2e', overlap: { after: 'builds', leftRunning: 1 } };
    const run = runPlan([[{ name: 'builds' }, { name: 'lint' }, { name: 'unit' }], e2e], runStep);
    await end('lint');
    await end('unit');
    // Only the builds left running: not before they pass.
    expect(events).not.toContain('start e2e');
    await end('builds');
    expect(events.at(-1)).toBe('start e2e');
    let settled = false;
    void run.then(() => (settled = true));
    await end('e2e');
    expect(settled).toBe(true);
    expect(await run).toBe(0);
  });

  it('an overlapping entry starts beside the last step, and a failure of either is the run’s', async () => {
    const { events, runStep, end } = harness();
    const run = runPlan([[{ name: 'builds' }, { name: 'unit', code: 1 }], { name: 'e2e', overlap: { after: 'builds', leftRunning: 1 } }], runStep);
    await end('builds');
    expect(events).toEqual(['start builds', 'start unit', 'end builds', 'start e2e']);
    await end('unit');
    await end('e2e');
    expect(await run).toBe(1);
  });

  it('a failure before the overlap point stops the entries that have not started', async () => {
    const { events, runStep, end } = harness();
    const run = runPlan([[{ name: 'builds', code: 2 }, { name: 'lint' }, { name: 'unit' }], { name: 'e2e', overlap: { after: 'builds', leftRunning: 1 } }], runStep);
    await end('builds');
    await end('lint');
    await end('unit');
    expect(await run).toBe(2);
    expect(events).not.toContain('start e2e');
  });
});
