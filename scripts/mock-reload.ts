/**
 * The mock under `npm start`, loaded through Vite's module graph and loaded again when its code
 * changes (issue 45, decision 088): a save under mock-server/, fixtures/ or contract/ is in the
 * mock's next answer, without a restart. What each world keeps:
 *   - a change to the mock's code or the contract: every world keeps its tables, clock, settings
 *     and faults, when its tables still fit the new schemas (else it starts again from the scenario);
 *   - a change to fixtures/ (the scenarios' data, factories, the tables' records): the worlds made
 *     from the scenario start again from it, so the edit shows; a world loaded from a snapshot keeps
 *     its tables when they still fit.
 * The terminal says what was reloaded and what each world kept. A mock that does not load (a
 * syntax error) is printed, and the last one that loaded keeps answering.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { ViteDevServer } from 'vite';

type HostModule = typeof import('#mock/http/host');
type StateModule = typeof import('#mock/core/state');
type Handler = ReturnType<HostModule['createMockHandler']>;

/** The folders whose modules make the mock; a TypeScript file saved in one reloads it. */
export const MOCK_FOLDERS = ['mock-server', 'fixtures', 'contract'] as const;

/** Whether a saved file is part of the mock's code (tests and docs are not). */
export function reloadsMock(root: string, file: string): boolean {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const [folder] = relative.split('/');
  return (MOCK_FOLDERS as readonly string[]).includes(folder!) && /\.tsx?$/.test(relative) && !/\.test\.tsx?$/.test(relative);
}

/** What happened to each world of the old mock in the new one. */
export interface WorldsCarried {
  kept: string[];
  restarted: { name: string; why: string }[];
}

/**
 * Carries the old mock's worlds into the new one (see the file's comment). A world's tables are
 * checked against the new schemas in a scratch state first, so a world that does not fit is never
 * left half loaded.
 */
export async function carryWorlds(from: Handler, to: Handler, MockState: StateModule['MockState'], { fixturesChanged }: { fixturesChanged: boolean }): Promise<WorldsCarried> {
  const carried: WorldsCarried = { kept: [], restarted: [] };
  for (const world of from.worlds.list()) {
    if (fixturesChanged && world.state.loadedSnapshot === null) {
      carried.restarted.push({ name: world.name, why: `fixtures changed: it starts again from scenario ${world.state.scenario.name}` });
      continue;
    }
    const saved = world.state.toPersisted();
    try {
      await new MockState({ now: saved.clock.base, frozen: true }).load(saved.snapshot);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      carried.restarted.push({ name: world.name, why: `its tables no longer fit (${reason.slice(0, 160)})` });
      continue;
    }
    const next = await to.worlds.get(world.name);
    await next.state.fromPersisted(saved, { trusted: true });
    next.state.faults.add(world.state.faults.pending());
    carried.kept.push(world.name);
  }
  return carried;
}

/** One line for the terminal: what changed and what each world kept. */
export function reloadLine(files: string[], carried: WorldsCarried): string {
  const parts = [`[mock] reloaded (${files.join(', ')} changed)`];
  if (carried.kept.length) parts.push(`kept world${carried.kept.length > 1 ? 's' : ''} ${carried.kept.join(', ')}`);
  for (const { name, why } of carried.restarted) parts.push(`world ${name}: ${why}`);
  if (!carried.kept.length && !carried.restarted.length) parts.push('no world yet');
  return parts.join('; ');
}

export async function mockReloader(vite: ViteDevServer, options: { scenario: string; latency: [number, number]; say: (text: string) => void; print?: (text: string) => void }) {
  const root = vite.config.root;
  const load = async () => {
    const [host, state] = (await Promise.all([vite.ssrLoadModule('/mock-server/http/host.ts'), vite.ssrLoadModule('/mock-server/core/state.ts')])) as [HostModule, StateModule];
    return { handler: host.createMockHandler({ scenario: options.scenario, latency: options.latency }), MockState: state.MockState };
  };
  let current = (await load()).handler;

  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Reloads run one at a time: a save during a reload waits for it. */
  let reloading: Promise<void> = Promise.resolve();

  async function reload(): Promise<void> {
    const files = [...changed].map((file) => path.relative(root, file).split(path.sep).join('/'));
    changed.clear();
    let next: Awaited<ReturnType<typeof load>>;
    try {
      next = await load();
    } catch (error) {
      const shown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      (options.print ?? console.error)(`[mock] not reloaded (${files.join(', ')} changed): ${shown}\n  the last mock that loaded keeps answering; save the fix to load it again`);
      return;
    }
    const carried = await carryWorlds(current, next.handler, next.MockState, { fixturesChanged: files.some((file) => file.startsWith('fixtures/')) });
    const old = current;
    current = next.handler;
    old.close();
    options.say(reloadLine(files, carried));
  }

  vite.watcher.on('all', (_event, file) => {
    if (!reloadsMock(root, file)) return;
    changed.add(file);
    clearTimeout(timer);
    // After Vite has taken the change into its module graph, and once for a burst of saves.
    timer = setTimeout(() => void (reloading = reloading.then(reload)), 100);
  });

  return {
    handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => current(req, res, next),
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => current.upgrade(req, socket, head),
    /** Settles once the reloads asked for so far are done (tests). */
    settled: () => reloading,
    close() {
      clearTimeout(timer);
      current.close();
    },
  };
}
