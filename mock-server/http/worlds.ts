/**
 * Isolated worlds on one standalone mock: each X-Mock-World header value (or mock_world cookie)
 * has its own tables, clock, faults, settings, trades and websocket clients, so QA engineers and
 * parallel Playwright workers sharing one `npm run mock:serve` never see each other's work. No
 * header is the default world. A world is created on first use from the server's scenario, and
 * dropped after it has been idle for a while.
 */
import { createDispatcher, type AdapterOptions } from '../core/adapter.ts';
import type { MockAnswer, MockRequest } from '../core/answer.ts';
import { assetHandler } from '../handlers/assets.ts';
import { ControlError } from '../control/input.ts';
import { handlers } from '../handlers/index.ts';
import { payWsConnections, type PayWsClient } from '../handlers/pay-ws.ts';
import { createMockState, type MockOptions } from '../control/setup.ts';
import { installTimeRules } from '../rules/index.ts';
import { MockState } from '../core/state.ts';

export { MOCK_WORLD_COOKIE as WORLD_COOKIE, MOCK_WORLD_HEADER as WORLD_HEADER, MOCK_WORLD_PARAM as WORLD_PARAM } from '#contract/mock-address';
import { MOCK_WORLD_COOKIE as WORLD_COOKIE, MOCK_WORLD_HEADER as WORLD_HEADER, mockWorldNameProblem } from '#contract/mock-address';
export const DEFAULT_WORLD = 'default';

export interface World {
  name: string;
  state: MockState;
  dispatch: (request: MockRequest) => Promise<MockAnswer | undefined>;
  assets: ReturnType<typeof assetHandler>;
  payWs: (client: PayWsClient) => void;
  createdAt: number;
  lastUsedAt: number;
  requests: number;
}

export interface WorldOptions {
  /** How each new world starts (scenario, seed, latency…). */
  start: MockOptions;
  /** At most this many worlds besides the default one. */
  maxWorlds: number;
  /** A world not used for this long is dropped (the default world never is). */
  idleMs: number;
  adapter?: Partial<AdapterOptions>;
  now?: () => number;
}

export class WorldRegistry {
  private readonly worlds = new Map<string, World>();
  private readonly creating = new Map<string, Promise<World>>();
  private readonly now: () => number;

  constructor(private readonly options: WorldOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The world of that name, created from the start scenario on first use. */
  async get(name: string = DEFAULT_WORLD): Promise<World> {
    checkWorldName(name);
    const world = this.worlds.get(name) ?? (await this.create(name));
    world.lastUsedAt = this.now();
    world.requests += 1;
    return world;
  }

  /** A world that already exists, or null (never creates one). */
  peek(name: string): World | null {
    return this.worlds.get(name) ?? null;
  }

  list(): World[] {
    return [...this.worlds.values()].sort((a, b) => (a.name === DEFAULT_WORLD ? -1 : b.name === DEFAULT_WORLD ? 1 : a.name.localeCompare(b.name)));
  }

  delete(name: string): void {
    checkWorldName(name);
    if (name === DEFAULT_WORLD) throw new ControlError(400, '默认世界不能删除；要从头开始，请用 POST /__mock/reset');
    if (!this.worlds.delete(name)) throw new ControlError(404, `没有名为「${name}」的世界。GET /__mock/worlds 列出现有的世界`);
  }

  /** Drops the worlds idle for longer than idleMs; answers their names. */
  sweep(): string[] {
    const dropped: string[] = [];
    for (const world of this.worlds.values()) {
      if (world.name !== DEFAULT_WORLD && this.now() - world.lastUsedAt > this.options.idleMs) {
        this.worlds.delete(world.name);
        dropped.push(world.name);
      }
    }
    return dropped;
  }

  /** The start scenario, built once; every new world copies it (a copy costs a few ms, a build tens). */
  private template: Promise<MockState> | null = null;

  private async fresh(): Promise<MockState> {
    // Frozen, so every world starts at the scenario's own moment, however late it is created.
    this.template ??= createMockState({ ...this.options.start, frozen: true });
    const template = await this.template;
    const state = new MockState({ now: template.now(), frozen: this.options.start.frozen ?? false, settings: structuredClone(template.settings) });
    installTimeRules(state);
    await state.load(template.snapshot(), { trusted: true });
    state.scenario = { ...template.scenario };
    state.loadedSnapshot = template.loadedSnapshot;
    return state;
  }

  private create(name: string): Promise<World> {
    const pending = this.creating.get(name);
    if (pending) return pending;
    const others = [...this.worlds.keys(), ...this.creating.keys()].filter((n) => n !== DEFAULT_WORLD).length;
    if (name !== DEFAULT_WORLD && others >= this.options.maxWorlds) {
      return Promise.reject(new ControlError(429, `世界数量已达上限（${this.options.maxWorlds} 个），无法创建「${name}」：请先删除不用的世界（DELETE /__mock/worlds/名称），或以 --max-worlds 启动`));
    }
    const promise = (async () => {
      const state = await this.fresh();
      const world: World = {
        name,
        state,
        dispatch: createDispatcher(state, handlers, { strict: false, ...this.options.adapter }),
        assets: assetHandler(state),
        payWs: payWsConnections(state),
        createdAt: this.now(),
        lastUsedAt: this.now(),
        requests: 0,
      };
      this.worlds.set(name, world);
      return world;
    })();
    this.creating.set(name, promise);
    return promise.finally(() => this.creating.delete(name));
  }
}

export function checkWorldName(name: string): void {
  const problem = mockWorldNameProblem(name);
  if (problem) throw new ControlError(400, problem);
}

/** The world a request names: X-Mock-World, else the mock_world cookie, else the default. */
export function worldNameOf(headers: Headers): string {
  const header = headers.get(WORLD_HEADER)?.trim();
  if (header) return header;
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === WORLD_COOKIE) {
      try {
        return decodeURIComponent(value.join('=')) || DEFAULT_WORLD;
      } catch {
        return value.join('=');
      }
    }
  }
  return DEFAULT_WORLD;
}
