/**
 * A saved mock world as a JSON file a team can commit: its tables, its clock and its settings,
 * and where it came from. Written by the standalone server (POST /__mock/snapshots, kept in its
 * snapshot folder), by `npm run mock:record` and by the browser mock's panel (a download); read back by both. Browser-
 * safe: no Node APIs here (the server's folder lives in snapshot-store.ts).
 *
 * A file is checked before it is loaded: its shape, then every row against the record schemas
 * (fixtures/records.ts), so a snapshot taken before the schemas changed is refused with the fields
 * named, never half-loaded.
 */
import { z } from 'zod';
import { zhMessage } from '#contract/zod-messages';
import { tableNames, tables, type Snapshot } from '#fixtures/records';
import { fromIso, toIso } from '#fixtures/time';
import { FAULTS_PENDING, faultSpecSchema, type FaultSpec } from '../core/faults.ts';
import { hostileLinksSchema } from '../core/hostile-links.ts';
import { JOURNAL_MAX_SIZE } from '../core/journal.ts';
import { TOO_DEEP, textTooDeep } from '../core/json-depth.ts';
import { defaultSettings, type MockSettings, type MockState } from '../core/state.ts';

export const SNAPSHOT_FORMAT = 'children-center-mock-snapshot';
export const SNAPSHOT_VERSION = 1;
/** Names are file names too: letters, digits, '-', '_' and '.', not starting with '.'. */
export const SNAPSHOT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;
/** A world of the default scenario is ~320 KB; a snapshot past this is not a world. */
export const SNAPSHOT_MAX_BYTES = 20 * 1024 * 1024;

export interface SnapshotFile {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  name: string;
  /** When it was taken (real time). */
  taken_at: string;
  /** The scenario the world was started from, and its seed. */
  scenario: { name: string; seed: number };
  /** The mock's clock: its time then, and whether it was running. */
  clock: { now: string; frozen: boolean };
  settings: MockSettings;
  tables: Snapshot;
  /** The world that saved it on the standalone server (its owner: another world deletes it only with force). */
  world?: string;
  /**
   * Fixed answers that come with the state (a recording of a backend, `npm run mock:record`):
   * loaded as the world's faults.
   */
  stubs?: FaultSpec[];
}

const settingsSchema = z.object({
  latencyMs: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  autoPay: z.object({ outcome: z.enum(['success', 'fail']), afterMs: z.number().int().min(0) }).nullable(),
  tokenTtlMs: z.number().int().positive(),
  hostileLinks: hostileLinksSchema,
  specOnly: z.boolean(),
  journalSize: z.number().int().min(1).max(JOURNAL_MAX_SIZE),
});

const headerSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  name: z.string().regex(SNAPSHOT_NAME),
  taken_at: z.string(),
  scenario: z.object({ name: z.string(), seed: z.number().int().min(0) }),
  clock: z.object({ now: z.iso.datetime({ offset: true }), frozen: z.boolean() }),
  settings: settingsSchema.partial().optional(),
  tables: z.record(z.string(), z.array(z.unknown())),
  world: z.string().optional(),
  stubs: z.array(faultSpecSchema).max(FAULTS_PENDING).optional(),
});

export class SnapshotError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function snapshotOfState(state: MockState, name: string, takenAt = new Date(), world?: string): SnapshotFile {
  return {
    ...(world === undefined ? {} : { world }),
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    name,
    taken_at: takenAt.toISOString(),
    scenario: { ...state.scenario },
    clock: { now: state.nowIso(), frozen: state.clock.frozen },
    settings: structuredClone(state.settings),
    tables: state.snapshot(),
  };
}

const at = (path: PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

/**
 * Reads a snapshot file's text; throws SnapshotError naming what is wrong (at most five places).
 * Rows are checked against the record schemas, as loading them into the tables would.
 */
export function parseSnapshotFile(text: string, label = '快照'): SnapshotFile {
  if (text.length > SNAPSHOT_MAX_BYTES) throw new SnapshotError(413, `${label}过大（${Math.round(text.length / 1024 / 1024)} MB），上限 ${SNAPSHOT_MAX_BYTES / 1024 / 1024} MB`);
  // Its stubs become the world's faults: bounded as a control body is, before JSON.parse reads it.
  if (textTooDeep(text)) throw new SnapshotError(422, `${label}${TOO_DEEP}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new SnapshotError(422, `${label}不是合法的 JSON`);
  }
  // The app's words for what is wrong (contract/zod-messages.ts), as every control refusal says it.
  const header = headerSchema.safeParse(raw, { error: zhMessage });
  if (!header.success) {
    const places = header.error.issues.slice(0, 5).map((issue) => `${at(issue.path) || '(整体)'}：${issue.message}`);
    throw new SnapshotError(422, `${label}不是本模拟后端的快照文件：${places.join('；')}`);
  }
  const problems: string[] = [];
  const unknown = Object.keys(header.data.tables).filter((name) => !(tableNames as readonly string[]).includes(name));
  if (unknown.length > 0) problems.push(`未知的表 ${unknown.join('、')}`);
  const checked: Record<string, unknown[]> = {};
  for (const name of tableNames) {
    const rows = header.data.tables[name] ?? [];
    checked[name] = [];
    for (const [i, row] of rows.entries()) {
      const parsed = (tables[name] as z.ZodType).safeParse(row, { error: zhMessage });
      if (parsed.success) checked[name].push(parsed.data);
      else if (problems.length < 5)
        problems.push(...parsed.error.issues.slice(0, 5 - problems.length).map((issue) => `tables.${name}[${i}]${at(issue.path) ? `.${at(issue.path)}` : ''}：${issue.message}`));
    }
  }
  if (problems.length > 0) throw new SnapshotError(422, `${label}与当前的数据结构不符，未载入：${problems.join('；')}`);
  return { ...header.data, settings: { ...defaultSettings, ...header.data.settings }, tables: checked as Snapshot } as SnapshotFile;
}

/** Puts a checked snapshot into a mock: tables, clock, settings; faults and the journal cleared, its stubs pending. */
export async function loadSnapshotFile(state: MockState, file: SnapshotFile): Promise<void> {
  await state.load(file.tables, { trusted: true });
  state.clock.set(fromIso(file.clock.now));
  state.clock.freeze(file.clock.frozen);
  state.settings = structuredClone(file.settings);
  state.scenario = { ...file.scenario };
  state.loadedSnapshot = file.name;
  state.faults.clear();
  if (file.stubs) state.faults.add(file.stubs);
  state.journal.clear();
  state.journal.control(state.now(), 'POST', 'reset', { scenario: file.name }, { scenario: file.scenario.name, seed: file.scenario.seed, snapshot: file.name, now: state.nowIso() });
  state.onChange?.();
}

export const formatSnapshotFile = (file: SnapshotFile) => `${JSON.stringify(file, null, 1)}\n`;

/** The snapshot's clock as the mock shows it. */
export const snapshotNow = (file: SnapshotFile) => toIso(fromIso(file.clock.now));
