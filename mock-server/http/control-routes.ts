/**
 * The standalone server's QA control under /__mock/: one route per row of docs/mock.md's table.
 * Every call applies to the caller's world (its X-Mock-World header or mock_world cookie); worlds
 * and snapshots are the server's, and a world deletes another's only when it says so (?force=true).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { isScenarioName, scenarioNames } from '#fixtures/scenario-list';
import { ControlError, parseControl } from '../control/input.ts';
import { TOO_DEEP, textTooDeep } from '../core/json-depth.ts';
import { addFaults, clearFaults, describeState, listParents, listScenarios, listWaitingTrades, login, resetToScenario, setClock, settlePayment, updateSettings } from '../control/operations.ts';
import { clearRequests, listRequests, queryOfUrl, verifyRequests } from '../control/requests.ts';
import { SnapshotError, loadSnapshotFile, snapshotOfState } from '../control/snapshot-file.ts';
import { checkSnapshotName, type SnapshotStore } from '../control/snapshot-store.ts';
import { CONTROL_MAX_BODY_BYTES, HttpError, readBody, sendJson } from './io.ts';
import type { World, WorldRegistry } from './worlds.ts';

export const CONTROL_PREFIX = '/__mock/';

type ControlContext = {
  req: IncomingMessage;
  url: URL;
  /** The caller's world, created on first use. */
  world: () => Promise<World>;
  /** The caller's world's name (nothing is created). */
  worldName: string;
  body: () => Promise<unknown>;
  params: string[];
};
type ControlRoute = { method: string; path: string; pattern: RegExp; run: (ctx: ControlContext) => Promise<unknown> | unknown };

const resetBodySchema = z.strictObject({
  scenario: z.string().max(64).optional(),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
});
const snapshotBodySchema = z.strictObject({ name: z.string({ error: '请提供快照名称：{"name": "paid-order"}' }).min(1, '请提供快照名称：{"name": "paid-order"}'), overwrite: z.boolean().optional() });

/** `?force=true`: the caller means another world's world or snapshot. */
const forced = (url: URL) => url.searchParams.get('force') === 'true';

function refuseOthers(what: string, owner: string, caller: string): never {
  throw new ControlError(403, `${what}属于世界「${owner}」，你在「${caller}」：要删除别人的，请加 ?force=true`);
}

export function controlRoutes(worlds: WorldRegistry, snapshots: SnapshotStore): ControlRoute[] {
  const state = async (ctx: ControlContext) => (await ctx.world()).state;
  const summaryOf = (world: World) => ({
    name: world.name,
    scenario: world.state.scenario.name,
    seed: world.state.scenario.seed,
    snapshot: world.state.loadedSnapshot,
    now: world.state.nowIso(),
    created_at: new Date(world.createdAt).toISOString(),
    last_used_at: new Date(world.lastUsedAt).toISOString(),
    requests: world.requests,
  });
  const route = (method: string, path: string, run: ControlRoute['run']): ControlRoute => ({
    method,
    path,
    pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`),
    run,
  });
  return [
    route('GET', 'scenarios', () => listScenarios()),
    route('POST', 'reset', async (ctx) => {
      const input = await ctx.body();
      const body = parseControl(resetBodySchema, input);
      const target = await state(ctx);
      // A snapshot's name is a scenario too: what a tester saved, loaded like one.
      if (body.scenario !== undefined && !isScenarioName(body.scenario)) {
        checkSnapshotName(body.scenario);
        if (await snapshots.has(body.scenario)) {
          if (body.seed !== undefined) throw new ControlError(400, `seed：快照「${body.scenario}」带着自己的数据，不接受 seed`);
          await loadSnapshotFile(target, await snapshots.read(body.scenario));
          return { scenario: target.scenario.name, seed: target.scenario.seed, snapshot: body.scenario, now: target.nowIso() };
        }
        throw new ControlError(400, `scenario：未知场景或快照「${body.scenario}」。场景有：${scenarioNames.join(', ')}；快照见 GET /__mock/snapshots`);
      }
      return resetToScenario(target, body);
    }),
    route('GET', 'state', async (ctx) => {
      const target = await state(ctx);
      await target.catchUp();
      return { world: (await ctx.world()).name, ...describeState(target) };
    }),
    route('GET', 'faults', async (ctx) => ({ faults: (await state(ctx)).faults.pending() })),
    route('POST', 'faults', async (ctx) => addFaults(await state(ctx), await ctx.body())),
    route('DELETE', 'faults', async (ctx) => clearFaults(await state(ctx))),
    route('GET', 'requests', async (ctx) => listRequests(await state(ctx), queryOfUrl(ctx.url.searchParams))),
    route('DELETE', 'requests', async (ctx) => clearRequests(await state(ctx))),
    route('POST', 'requests/verify', async (ctx) => verifyRequests(await state(ctx), await ctx.body())),
    route('GET', 'clock', async (ctx) => {
      const target = await state(ctx);
      return { now: target.nowIso(), frozen: target.clock.frozen };
    }),
    route('POST', 'clock', async (ctx) => setClock(await state(ctx), await ctx.body())),
    route('GET', 'payments', async (ctx) => listWaitingTrades(await state(ctx))),
    route('POST', 'payments/{trade_no}', async (ctx) => settlePayment(await state(ctx), ctx.params[0]!, await ctx.body())),
    route('POST', 'login', async (ctx) => login(await state(ctx), await ctx.body())),
    route('GET', 'parents', async (ctx) => listParents(await state(ctx))),
    route('GET', 'settings', async (ctx) => ({ settings: (await state(ctx)).settings })),
    route('POST', 'settings', async (ctx) => updateSettings(await state(ctx), await ctx.body())),
    route('GET', 'worlds', () => ({ worlds: worlds.list().map(summaryOf) })),
    route('DELETE', 'worlds/{name}', (ctx) => {
      const name = ctx.params[0]!;
      // Only a world that exists is someone's: a missing one is 404 whoever asks (delete says so).
      if (worlds.peek(name) && name !== ctx.worldName && !forced(ctx.url)) refuseOthers(`世界「${name}」`, name, ctx.worldName);
      worlds.delete(name);
      return { deleted: name };
    }),
    route('GET', 'snapshots', async () => ({ snapshots: await snapshots.list(), dir: snapshots.dir })),
    route('POST', 'snapshots', async (ctx) => {
      const body = parseControl(snapshotBodySchema, await ctx.body());
      checkSnapshotName(body.name);
      if (isScenarioName(body.name)) throw new ControlError(400, `name：「${body.name}」是场景的名称，快照请换一个名称`);
      const world = await ctx.world();
      await world.state.catchUp();
      return snapshots.save(snapshotOfState(world.state, body.name, new Date(), world.name), { overwrite: body.overwrite === true, force: forced(ctx.url) });
    }),
    route('DELETE', 'snapshots/{name}', async (ctx) => {
      const name = ctx.params[0]!;
      const owner = await snapshots.owner(name);
      if (owner !== ctx.worldName && !forced(ctx.url)) refuseOthers(`快照「${name}」`, owner ?? '（未记录）', ctx.worldName);
      await snapshots.delete(name);
      return { deleted: name };
    }),
  ];
}

/** Answers one /__mock/ call: its route's JSON, or `{"error": "<Chinese message>"}` with a 4xx/5xx. */
export async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, routes: ControlRoute[], world: { name: string; get: () => Promise<World> }): Promise<void> {
  const rest = url.pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
  const route = routes.find((r) => r.method === req.method && r.pattern.test(rest));
  if (!route) {
    const usage = [...new Set(routes.map((r) => `${r.method} ${r.path}`))].join('、');
    sendJson(res, 404, { error: `没有这个控制接口：${req.method} /__mock/${rest}。可用：${usage}` });
    return;
  }
  // A POST is the one call another web page can send here without asking first (a form, a no-cors
  // fetch); none of them can say application/json without CORS's preflight, which is never granted.
  if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    sendJson(res, 415, { error: "控制接口只接受 JSON：请加上请求头 Content-Type: application/json（curl：-H 'Content-Type: application/json'，或用 --json）" });
    return;
  }
  let params: string[];
  try {
    params = route.pattern.exec(rest)!.slice(1).map(decodeURIComponent);
  } catch {
    sendJson(res, 400, { error: '地址中的参数不是合法的 URL 编码' });
    return;
  }
  let bodyRead: Promise<unknown> | null = null;
  const body = () =>
    (bodyRead ??= (async () => {
      // JSON (a POST says so: above).
      const text = (await readBody(req, CONTROL_MAX_BODY_BYTES)).toString('utf8');
      if (text.trim() === '') return undefined;
      // Counted on the text: JSON.parse itself overflows on an array 200,000 deep.
      if (textTooDeep(text)) throw new ControlError(400, `body：${TOO_DEEP}`);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ControlError(400, '请求体不是合法的 JSON');
      }
    })());
  try {
    sendJson(res, 200, await route.run({ req, url, world: world.get, worldName: world.name, body, params }));
  } catch (error) {
    if (error instanceof ControlError || error instanceof SnapshotError || error instanceof HttpError) sendJson(res, error.status, { error: error.message });
    else sendJson(res, 500, { error: `模拟后端内部错误：${error instanceof Error ? error.message : String(error)}` });
  }
}
