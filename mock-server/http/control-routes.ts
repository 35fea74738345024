/**
 * The standalone server's QA control under /__mock/: one route per call of docs/mock.md's table,
 * each applying to the caller's world (worlds and snapshots are the server's).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isScenarioName, scenarioNames } from '#fixtures/scenario-list';
import { ControlError, addFaults, clearFaults, describeState, listScenarios, login, resetToScenario, setClock, settlePayment, updateSettings } from '../control/operations.ts';
import { SnapshotError, loadSnapshotFile, snapshotOfState } from '../control/snapshot-file.ts';
import { checkSnapshotName, type SnapshotStore } from '../control/snapshot-store.ts';
import type { World, WorldRegistry } from './worlds.ts';
import { CONTROL_MAX_BODY_BYTES, HttpError, readBody, sendJson } from './io.ts';

export const CONTROL_PREFIX = '/__mock/';

type ControlContext = { req: IncomingMessage; url: URL; world: () => Promise<World>; body: () => Promise<unknown>; params: string[] };
type ControlRoute = { method: string; path: RegExp; run: (ctx: ControlContext) => Promise<unknown> | unknown; usage: string };

export function controlRoutes(worlds: WorldRegistry, snapshots: SnapshotStore): ControlRoute[] {
  const state = async (ctx: ControlContext) => (await ctx.world()).state;
  const summaryOf = (world: World) => ({
    name: world.name,
    scenario: world.state.scenario.name,
    seed: world.state.scenario.seed,
    now: world.state.nowIso(),
    created_at: new Date(world.createdAt).toISOString(),
    last_used_at: new Date(world.lastUsedAt).toISOString(),
    requests: world.requests,
  });
  return [
    { method: 'GET', path: /^scenarios$/, usage: 'GET scenarios', run: () => listScenarios() },
    {
      method: 'POST',
      path: /^reset$/,
      usage: 'POST reset',
      async run(ctx) {
        const body = ((await ctx.body()) ?? {}) as { scenario?: unknown; seed?: unknown };
        const target = await state(ctx);
        // A snapshot's name is a scenario too: what a tester saved, loaded like one.
        if (typeof body.scenario === 'string' && !isScenarioName(body.scenario)) {
          checkSnapshotName(body.scenario);
          if (await snapshots.has(body.scenario)) {
            await loadSnapshotFile(target, await snapshots.read(body.scenario));
            return { scenario: target.scenario.name, seed: target.scenario.seed, snapshot: body.scenario, now: target.nowIso() };
          }
          throw new ControlError(400, `未知场景或快照「${body.scenario}」。场景有：${scenarioNames.join(', ')}；快照见 GET /__mock/snapshots`);
        }
        return resetToScenario(target, body);
      },
    },
    {
      method: 'GET',
      path: /^state$/,
      usage: 'GET state',
      async run(ctx) {
        const target = await state(ctx);
        await target.catchUp();
        return { world: (await ctx.world()).name, ...describeState(target) };
      },
    },
    { method: 'POST', path: /^faults$/, usage: 'POST/DELETE faults', run: async (ctx) => addFaults(await state(ctx), await ctx.body()) },
    { method: 'DELETE', path: /^faults$/, usage: '', run: async (ctx) => clearFaults(await state(ctx)) },
    { method: 'POST', path: /^clock$/, usage: 'POST clock', run: async (ctx) => setClock(await state(ctx), await ctx.body()) },
    {
      method: 'POST',
      path: /^payments\/([^/]+)$/,
      usage: 'POST payments/{trade_no}',
      run: async (ctx) => settlePayment(await state(ctx), ctx.params[0]!, await ctx.body()),
    },
    { method: 'POST', path: /^login$/, usage: 'POST login', run: async (ctx) => login(await state(ctx), await ctx.body()) },
    { method: 'GET', path: /^settings$/, usage: 'GET/POST settings', run: async (ctx) => ({ settings: (await state(ctx)).settings }) },
    { method: 'POST', path: /^settings$/, usage: '', run: async (ctx) => updateSettings(await state(ctx), await ctx.body()) },
    { method: 'GET', path: /^worlds$/, usage: 'GET worlds', run: () => ({ worlds: worlds.list().map(summaryOf) }) },
    {
      method: 'DELETE',
      path: /^worlds\/([^/]+)$/,
      usage: 'DELETE worlds/{name}',
      run(ctx) {
        worlds.delete(ctx.params[0]!);
        return { deleted: ctx.params[0] };
      },
    },
    { method: 'GET', path: /^snapshots$/, usage: 'GET/POST snapshots', run: async () => ({ snapshots: await snapshots.list() }) },
    {
      method: 'POST',
      path: /^snapshots$/,
      usage: '',
      async run(ctx) {
        const body = ((await ctx.body()) ?? {}) as { name?: unknown; overwrite?: unknown };
        if (typeof body.name !== 'string' || body.name === '') throw new ControlError(400, '请提供快照名称：{"name": "paid-order"}');
        checkSnapshotName(body.name);
        if (isScenarioName(body.name)) throw new ControlError(400, `「${body.name}」是场景的名称，快照请换一个名称`);
        const world = await ctx.world();
        await world.state.catchUp();
        return snapshots.save(snapshotOfState(world.state, body.name), { overwrite: body.overwrite === true });
      },
    },
    {
      method: 'DELETE',
      path: /^snapshots\/([^/]+)$/,
      usage: 'DELETE snapshots/{name}',
      async run(ctx) {
        await snapshots.delete(ctx.params[0]!);
        return { deleted: ctx.params[0] };
      },
    },
  ];
}

/** Answers one /__mock/ call: its route's JSON, or `{"error": "<Chinese message>"}` with a 4xx/5xx. */
export async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, routes: ControlRoute[], worldOf: () => Promise<World>): Promise<void> {
  const rest = url.pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
  const route = routes.find((r) => r.method === req.method && r.path.test(rest));
  if (!route) {
    const usage = routes
      .map((r) => r.usage)
      .filter(Boolean)
      .join('、');
    sendJson(res, 404, { error: `没有这个控制接口：${req.method} /__mock/${rest}。可用：${usage}` });
    return;
  }
  let params: string[];
  try {
    params = route.path.exec(rest)!.slice(1).map(decodeURIComponent);
  } catch {
    sendJson(res, 400, { error: '地址中的参数不是合法的 URL 编码' });
    return;
  }
  let bodyRead: Promise<unknown> | null = null;
  const body = () =>
    (bodyRead ??= (async () => {
      // Any content type is read as JSON: `curl -d '{"scenario":"family"}'` works without -H.
      const text = (await readBody(req, CONTROL_MAX_BODY_BYTES)).toString('utf8');
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ControlError(400, '请求体不是合法的 JSON');
      }
    })());
  try {
    sendJson(res, 200, await route.run({ req, url, world: worldOf, body, params }));
  } catch (error) {
    if (error instanceof ControlError || error instanceof SnapshotError || error instanceof HttpError) sendJson(res, error.status, { error: error.message });
    else sendJson(res, 500, { error: `模拟后端内部错误：${error instanceof Error ? error.message : String(error)}` });
  }
}
