/**
 * window.__mock where the mock runs in the server (`npm start`): the same calls as the browser
 * mock's, each one the standalone server's /__mock/ route, in the caller's world.
 */
import { API_BASE_PATH } from '#contract/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../serve.ts';
import { httpMockControl } from './http-control.ts';

let server: RunningMockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, log: null });
});
afterAll(() => server.close());

/** Every call in a world of its own, as a browser's mock_world cookie keeps it. */
const inWorld = (world: string) => httpMockControl(`${server.url}/__mock`, (input, init) => fetch(input, { ...init, headers: { ...init?.headers, 'X-Mock-World': world } }));

describe('window.__mock over the server-hosted mock', () => {
  it('resets, reads and moves the clock, and reads the state, in its own world', async () => {
    const mock = inWorld('http-control-a');
    expect((await mock.scenarios()).map((s) => s.name)).toContain('unpaid-order');
    const reset = await mock.reset('unpaid-order', 3);
    expect(reset).toMatchObject({ scenario: 'unpaid-order', seed: 3 });
    const { now } = await mock.clock({ now: '2026-09-01T10:00:00+08:00', frozen: true });
    expect(Date.parse(now)).toBe(Date.parse('2026-09-01T10:00:00+08:00'));
    expect(await mock.clock()).toEqual({ now, frozen: true });
    const state = await mock.state();
    expect(state.scenario).toMatchObject({ name: 'unpaid-order', seed: 3 });
    // The other world is untouched.
    expect((await inWorld('http-control-b').state()).scenario).toMatchObject({ name: 'default' });
  });

  it('injects and clears faults, changes settings, lists parents and signs one in', async () => {
    const mock = inWorld('http-control-c');
    const { faults } = await mock.faults({ operation: 'class_detail', status: 500, times: 2 });
    expect(faults).toHaveLength(1);
    expect(await mock.clearFaults()).toEqual({ faults: [] });
    expect((await mock.settings({ latency_ms: [5, 10] })).settings.latencyMs).toEqual([5, 10]);
    expect((await mock.settings()).settings.latencyMs).toEqual([5, 10]);
    const parents = await mock.parents();
    expect(parents.length).toBeGreaterThan(0);
    expect((await mock.login(parents[0]!.username)).ticket).toMatch(/^ST/);
  });

  it('reads, verifies and empties the journal', async () => {
    const mock = inWorld('http-control-d');
    await fetch(`${server.url}${API_BASE_PATH}class_category`, { headers: { 'X-Mock-World': 'http-control-d' } });
    const journal = await mock.requests({ operation: 'class_category' });
    expect(journal.requests.length).toBeGreaterThan(0);
    expect((await mock.verifyRequests({ operation: 'class_category', count: 1 })).ok).toBe(true);
    expect((await mock.clearRequests()).cleared).toBeGreaterThan(0);
  });

  it('turns a refusal into an error that says what is wrong, in Chinese', async () => {
    const mock = inWorld('http-control-e');
    await expect(mock.reset('no-such-scenario')).rejects.toThrow(/未知场景/);
    await expect(mock.settle('T-none')).rejects.toThrow(/[\u4e00-\u9fff]/);
  });
});
