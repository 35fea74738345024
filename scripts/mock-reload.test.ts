/**
 * What a world keeps when `npm start` loads the mock again (mock-reload.ts, decision 088): its
 * tables, clock, settings and faults when the change was to the mock's code and the tables still
 * fit; a fresh start from the scenario when the fixtures changed (unless it was loaded from a
 * snapshot) or its tables no longer fit. The reload through Vite, on a saved file: mock-reload-dev.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMockHandler } from '#mock/http/host';
import { MockState } from '#mock/core/state';
import { carryWorlds, reloadLine, reloadsMock } from './mock-reload.ts';

async function oldMock() {
  const from = createMockHandler({ scenario: 'default' });
  const qa = await from.worlds.get('qa-1');
  qa.state.clock.set(Date.parse('2026-09-01T10:00:00+08:00'));
  qa.state.faults.add([{ operation: 'class_detail', status: 500, times: 2 } as never]);
  await from.worlds.get();
  return { from, qa };
}

describe('the mock reloaded with its code', () => {
  it('a code change: every world keeps its tables, clock and faults', async () => {
    const { from, qa } = await oldMock();
    const to = createMockHandler({ scenario: 'default' });
    const carried = await carryWorlds(from, to, MockState, { fixturesChanged: false });
    expect(carried).toEqual({ kept: ['default', 'qa-1'], restarted: [] });
    const kept = to.worlds.peek('qa-1')!;
    expect(kept.state.snapshot()).toEqual(qa.state.snapshot());
    expect(Math.abs(kept.state.now() - qa.state.now())).toBeLessThan(1000);
    expect(kept.state.faults.pending()).toEqual(qa.state.faults.pending());
    from.close();
    to.close();
  });

  it('a fixtures change: the worlds made from the scenario start again; one loaded from a snapshot keeps its tables', async () => {
    const { from } = await oldMock();
    from.worlds.peek('qa-1')!.state.loadedSnapshot = 'saved-by-qa';
    const to = createMockHandler({ scenario: 'default' });
    const carried = await carryWorlds(from, to, MockState, { fixturesChanged: true });
    expect(carried.kept).toEqual(['qa-1']);
    expect(carried.restarted).toEqual([{ name: 'default', why: 'fixtures changed: it starts again from scenario default' }]);
    expect(to.worlds.peek('default')).toBeNull();
    from.close();
    to.close();
  });

  it('tables that no longer fit the schemas: the world starts again, and the line says why', async () => {
    const { from, qa } = await oldMock();
    const snapshot = qa.state.snapshot() as Record<string, Record<string, unknown>[]>;
    const table = Object.keys(snapshot).find((name) => snapshot[name]!.length > 0)!;
    snapshot[table]![0]!.id = 'not an id';
    await qa.state.load(snapshot as never, { trusted: true });
    const to = createMockHandler({ scenario: 'default' });
    const carried = await carryWorlds(from, to, MockState, { fixturesChanged: false });
    expect(carried.kept).toEqual(['default']);
    expect(carried.restarted.map((world) => world.name)).toEqual(['qa-1']);
    expect(carried.restarted[0]!.why).toMatch(/^its tables no longer fit/);
    expect(to.worlds.peek('qa-1')).toBeNull();
    expect(reloadLine(['mock-server/handlers/orders.ts'], carried)).toMatch(
      /^\[mock\] reloaded \(mock-server\/handlers\/orders\.ts changed\); kept world default; world qa-1: its tables no longer fit/,
    );
    from.close();
    to.close();
  });

  it("reloads for the mock's TypeScript, not for its tests, docs or snapshots", () => {
    expect(reloadsMock('/r', '/r/fixtures/catalogue.ts')).toBe(true);
    expect(reloadsMock('/r', '/r/mock-server/handlers/orders.ts')).toBe(true);
    expect(reloadsMock('/r', '/r/contract/operations/orders.ts')).toBe(true);
    expect(reloadsMock('/r', '/r/mock-server/handlers/orders.test.ts')).toBe(false);
    expect(reloadsMock('/r', '/r/fixtures/snapshots/a.json')).toBe(false);
    expect(reloadsMock('/r', '/r/src/features/home/home-page.tsx')).toBe(false);
  });
});
