/**
 * Everything the mock backend knows: its tables, its clock, pending faults, QA settings and the
 * journal of the calls it answered.
 * One instance per host (browser tab, vitest file, HTTP server).
 */
import type { z } from 'zod';
import type { payWsMessageSchema } from '#contract/index';
import { Clock, type ClockState } from './clock.ts';
import { createDb, restore, snapshotOf, type Db, type Snapshot } from './db.ts';
import { Faults } from './faults.ts';
import { JOURNAL_SIZE, Journal } from './journal.ts';

export type PayOutcome = 'success' | 'fail';
export type PayWsMessage = z.output<typeof payWsMessageSchema>;

export interface MockSettings {
  /** Each answer waits a random time in this range (ms): the real backend is not instant. */
  latencyMs: [number, number];
  /** How a new trade settles by itself; null = it waits for a tester (POST /__mock/payments/{trade_no}). */
  autoPay: { outcome: PayOutcome; afterMs: number } | null;
  /** How long an access token lives before calls answer 99993 with a fresh one. */
  tokenTtlMs: number;
  /**
   * A hostile backend (the XSS journeys, decision 046): every link field of every answer, empty
   * ones too, carries these URLs in turn; null = the tables' own. The tables never hold one.
   */
  hostileLinks: string[] | null;
  /**
   * The center's backend as it is (decision 057): the calls of spec §7 and nothing else. The
   * project's own calls answer as a path no operation has, and proposed request fields are ignored.
   */
  specOnly: boolean;
  /** How many calls the world's request journal keeps (the oldest dropped first). */
  journalSize: number;
}

export interface ScenarioInfo {
  name: string;
  seed: number;
}

/** A rule that runs when time passes: closing expired orders, drawing lotteries, settling trades. */
export type TimeRule = (state: MockState) => Promise<void>;

export interface PersistedState {
  scenario: ScenarioInfo;
  /** The snapshot file the tables came from (absent in a state saved before it was kept). */
  loadedSnapshot?: string | null;
  clock: ClockState;
  settings: MockSettings;
  snapshot: Snapshot;
}

export const defaultSettings: MockSettings = {
  latencyMs: [0, 0],
  autoPay: null,
  tokenTtlMs: 2 * 3600_000,
  hostileLinks: null,
  specOnly: false,
  journalSize: JOURNAL_SIZE,
};

export class MockState {
  readonly db: Db = createDb();
  readonly faults = new Faults();
  /** The calls answered (not saved with the state: a record of what happened, not a state). */
  readonly journal = new Journal(() => this.settings.journalSize);
  clock: Clock;
  settings: MockSettings;
  scenario: ScenarioInfo = { name: 'empty', seed: 1 };
  /** The snapshot the tables were loaded from; null when they came from `scenario` itself. */
  loadedSnapshot: string | null = null;
  private readonly timeRules: TimeRule[] = [];
  private readonly payListeners = new Set<(message: PayWsMessage) => void>();
  /** Called after any answer that may have changed the tables (the browser saves then). */
  onChange: (() => void) | null = null;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(options: { now: number; frozen: boolean; settings?: Partial<MockSettings> }) {
    this.clock = new Clock(options.now, options.frozen);
    this.settings = { ...defaultSettings, ...options.settings };
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * Runs `work` when every earlier call's has finished: one answer at a time touches the tables.
   * A refused call puts back the tables it started from; another call writing meanwhile would
   * lose its rows, and one reading meanwhile would see them half restored.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  nowIso(): string {
    return this.clock.nowIso();
  }

  addTimeRule(rule: TimeRule): void {
    this.timeRules.push(rule);
  }

  /** Brings the tables up to the clock's now. Idempotent: running it twice changes nothing more. */
  async catchUp(): Promise<void> {
    for (const rule of this.timeRules) await rule(this);
  }

  onPayStatus(listener: (message: PayWsMessage) => void): () => void {
    this.payListeners.add(listener);
    return () => this.payListeners.delete(listener);
  }

  emitPayStatus(message: PayWsMessage): void {
    for (const listener of this.payListeners) listener(message);
  }

  snapshot(): Snapshot {
    return snapshotOf(this.db);
  }

  /** Replaces the tables; `trusted` skips the schema check (see db.ts restore). */
  async load(snapshot: Partial<Snapshot>, options: { trusted?: boolean } = {}): Promise<void> {
    await restore(this.db, snapshot, options);
  }

  toPersisted(): PersistedState {
    return { scenario: { ...this.scenario }, loadedSnapshot: this.loadedSnapshot, clock: this.clock.toJSON(), settings: structuredClone(this.settings), snapshot: this.snapshot() };
  }

  async fromPersisted(saved: PersistedState, options: { trusted?: boolean } = {}): Promise<void> {
    await this.load(saved.snapshot, options);
    this.clock.restore(saved.clock);
    this.settings = { ...defaultSettings, ...saved.settings };
    this.scenario = { ...saved.scenario };
    this.loadedSnapshot = saved.loadedSnapshot ?? null;
  }
}
