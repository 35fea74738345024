/**
 * The browser mock's control, `window.__mock` (mock-server/browser.ts sets it): every QA
 * operation of ./operations.ts, async, answering plain JSON, and the types the panel, the login
 * page and the Playwright fixtures (e2e/support/mock.ts) see of the browser mock.
 */
import type { z } from 'zod';
import type { faultSpecSchema } from '../core/faults.ts';
import type { MockSettings, MockState, PayOutcome } from '../core/state.ts';
import { addFaults, clearFaults, clockSchema, describeState, listParents, listScenarios, login, setClock, settingsSchema, settlePayment, updateSettings } from './operations.ts';
import { clearRequests, listRequests, verifyRequests, type requestsQuerySchema, type verifySchema } from './requests.ts';
import { snapshotOfState, type SnapshotFile } from './snapshot-file.ts';

type Plain<T> = T extends (...args: never[]) => unknown ? never : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;
const plain = <T>(value: T): Plain<T> => JSON.parse(JSON.stringify(value)) as Plain<T>;

export type ScenarioSummary = ReturnType<typeof listScenarios>[number];
export type ParentSummary = ReturnType<typeof listParents>[number];
export type MockStateJson = Plain<ReturnType<typeof describeState>>;
export type FaultInput = z.input<typeof faultSpecSchema>;
export type ClockInput = z.input<typeof clockSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
export type ResetInput = { scenario?: string; seed?: number };
export type RequestsQuery = z.input<typeof requestsQuerySchema>;
export type VerifyInput = z.input<typeof verifySchema>;
export type RequestsJson = Plain<ReturnType<typeof listRequests>>;
export type VerifyJson = Plain<ReturnType<typeof verifyRequests>>;

export interface MockControl {
  /** The scenario names, each with one line on what it holds. */
  scenarios(): Promise<ScenarioSummary[]>;
  /** Throws the state away and loads a scenario (default 'default', seed 1); signs the browser out. */
  reset(scenario?: string | ResetInput, seed?: number): Promise<{ scenario: string; seed: number; now: string }>;
  /** The whole state as JSON: scenario, now, settings, pending faults, every table. */
  state(): Promise<MockStateJson>;
  /** The next answers of an operation are faulty (see the design brief's POST /__mock/faults). */
  faults(faults: FaultInput | FaultInput[]): Promise<{ faults: Plain<FaultInput>[] }>;
  clearFaults(): Promise<{ faults: [] }>;
  /** Sets or moves the clock (`{ now }`, `{ advance_ms }`, `{ frozen }`); no argument reads it. */
  clock(input?: ClockInput): Promise<{ now: string; frozen: boolean }>;
  /** Settles a waiting payment (default 'success'). */
  settle(tradeNo: string, outcome?: PayOutcome): Promise<{ trade_no: string; status: number; order_id: number | null; supply_fee_id: number | null }>;
  /** A service ticket for a fixture parent, as the account service would issue. */
  login(username: string): Promise<{ ticket: string }>;
  /** Latency and auto-pay; no argument reads them. */
  settings(input?: SettingsInput): Promise<{ settings: Plain<MockSettings> }>;
  /** The fixture parents (for the mock login page). */
  parents(): Promise<ParentSummary[]>;
  /** The state as a snapshot file (the same format as the standalone server's snapshots). */
  snapshot(name: string): Promise<SnapshotFile>;
  /** Loads a snapshot file (its JSON text or object), checked against the record schemas; signs the browser out. */
  loadSnapshot(file: string | SnapshotFile): Promise<{ scenario: string; seed: number; snapshot: string; now: string }>;
  /** The request journal: this tab's calls (kept across reloads), filtered as GET /__mock/requests. */
  requests(query?: RequestsQuery): Promise<RequestsJson>;
  /** Whether a call matching a pattern happened N times (POST /__mock/requests/verify). */
  verifyRequests(pattern: VerifyInput): Promise<VerifyJson>;
  clearRequests(): Promise<{ cleared: number }>;
}

declare global {
  interface Window {
    /** The browser mock's control (mock mode only; set once the worker is running). */
    __mock?: MockControl;
  }
}

export interface PersistenceInfo {
  key: string;
  /** Size of the last save in localStorage (characters of JSON). */
  bytes: number;
  /** Why the last save failed (quota), if it did. */
  error: string | null;
}

export interface BrowserMock {
  state: MockState;
  control: MockControl;
  persistence: PersistenceInfo;
  /** How this page's state came to be. */
  origin: 'saved' | 'address' | 'default';
  /** A problem worth showing (an unknown ?scenario=, an unreadable save). */
  notice: string | null;
  /** Called after anything that may have changed the tables, the clock or the faults. */
  subscribe(listener: () => void): () => void;
  /** Resets to a scenario and signs the browser out (clears the app's cookies). */
  reset(input: ResetInput): Promise<{ scenario: string; seed: number; now: string }>;
  /** Loads a snapshot file's text and signs the browser out; throws SnapshotError naming what is wrong. */
  loadSnapshot(text: string): Promise<{ scenario: string; seed: number; snapshot: string; now: string }>;
}

/** What the browser host does itself: a reset and a snapshot load sign the browser out and save. */
export interface BrowserHostActions {
  reset(input: ResetInput): Promise<{ scenario: string; seed: number; now: string }>;
  loadSnapshot(text: string): Promise<{ scenario: string; seed: number; snapshot: string; now: string }>;
  /** Something changed that the reload-surviving save must keep (faults added or cleared). */
  changed(): void;
}

export function createMockControl(state: MockState, { reset, loadSnapshot, changed }: BrowserHostActions): MockControl {
  return {
    scenarios: async () => plain(listScenarios()),
    reset: async (scenario, seed) => plain(await reset(typeof scenario === 'object' ? scenario : { scenario, seed })),
    state: async () => {
      await state.catchUp();
      return plain(describeState(state));
    },
    faults: async (faults) => {
      const result = plain(addFaults(state, faults));
      changed();
      return result;
    },
    clearFaults: async () => {
      const result = clearFaults(state);
      changed();
      return { faults: result.faults as [] };
    },
    clock: async (input) => {
      if (input === undefined) return { now: state.nowIso(), frozen: state.clock.frozen };
      return plain(await setClock(state, input));
    },
    settle: async (tradeNo, outcome = 'success') => plain(await settlePayment(state, tradeNo, { outcome })),
    login: async (username) => plain(await login(state, { username })),
    settings: async (input) => plain(input === undefined ? { settings: state.settings } : updateSettings(state, input)),
    parents: async () => plain(listParents(state)),
    snapshot: async (name) => {
      await state.catchUp();
      return plain(snapshotOfState(state, name));
    },
    loadSnapshot: async (file) => plain(await loadSnapshot(typeof file === 'string' ? file : JSON.stringify(file))),
    requests: async (query) => plain(listRequests(state, query)),
    verifyRequests: async (pattern) => plain(verifyRequests(state, pattern)),
    clearRequests: async () => clearRequests(state),
  };
}
