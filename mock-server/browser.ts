/**
 * The mock in the browser (dev server, demo build): MSW's service worker answers the portal's
 * calls from a MockState whose clock runs and whose answers take a realistic 120–450 ms.
 *
 * State survives reloads (the app reloads on logout and on a change of child): the tables, clock,
 * settings and scenario go to localStorage under a versioned key, synchronously, so a save cannot
 * be lost to a reload that follows an answer; upload bytes (data: URLs, up to 5 MB each) go to
 * IndexedDB, because localStorage holds only a few MB per origin (docs/decisions/006-mock-hosts.md).
 *
 * `?scenario=NAME[&seed=N]` in any address resets to that scenario, `?latency=MIN,MAX` sets the answers'
 * latency (`?latency=0`: none, as the Playwright journeys use it); both are removed from the address.
 * `window.__mock` offers every control operation to Playwright and to a person at the console.
 *
 * Loaded only through src/app/start-mock.ts's dynamic import(), never in a 'real' build.
 */
import { setupWorker } from 'msw/browser';
import type { z } from 'zod';
import { MOCK_LATENCY_PARAM, MOCK_SCENARIO_PARAM, MOCK_SEED_PARAM, MOCK_SPEC_ONLY_PARAM } from '#contract/mock-address';
import { assetHandler } from './assets.ts';
import { addFaults, clearFaults, clockSchema, describeState, listParents, listScenarios, login, resetToScenario, setClock, settingsSchema, settlePayment, updateSettings } from './control.ts';
import type { FaultSpec, faultSpecSchema } from './faults.ts';
import { payWsHandler } from './pay-ws.ts';
import { loadSnapshotFile, parseSnapshotFile, snapshotOfState, type SnapshotFile } from './snapshot-file.ts';
import { mockHandlers } from './setup.ts';
import { installTimeRules } from './rules/index.ts';
import { MockState, type MockSettings, type PayOutcome, type PersistedState } from './state.ts';

/** Bump when PersistedState's shape changes: an old save is then ignored, not misread. */
export const STORAGE_KEY = '__mock:state:v1';
const UPLOAD_DB = '__mock-uploads';
const UPLOAD_STORE = 'uploads';
/** Stands for an upload's data_url kept in IndexedDB instead of localStorage. */
const IN_IDB = 'idb:';
/** What an upload whose bytes were lost (IndexedDB cleared) shows instead. */
const LOST_UPLOAD =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#eee"/><text x="60" y="66" text-anchor="middle" font-size="14" fill="#999">image lost</text></svg>',
  );
export const BROWSER_LATENCY_MS: [number, number] = [120, 450];
const SAVE_DEBOUNCE_MS = 250;
/** Set by vite.config.ts for each build (and each dev server start). */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? '';
/** The app's cookies (spec §4 and 9): a reset starts a fresh, signed-out browser session. */
const APP_COOKIES = ['client_id', 'access_token', 'contact_id'];

// ---------------------------------------------------------------------------------------------
// window.__mock: every control operation, async, answering plain JSON.

type Plain<T> = T extends (...args: never[]) => unknown ? never : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;
const plain = <T>(value: T): Plain<T> => JSON.parse(JSON.stringify(value)) as Plain<T>;

export type ScenarioSummary = ReturnType<typeof listScenarios>[number];
export type ParentSummary = ReturnType<typeof listParents>[number];
export type MockStateJson = Plain<ReturnType<typeof describeState>>;
export type FaultInput = z.input<typeof faultSpecSchema>;
export type ClockInput = z.input<typeof clockSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
export type ResetInput = { scenario?: string; seed?: number };

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
  /** The state as a snapshot file (the same format as the standalone server's fixtures/snapshots/). */
  snapshot(name: string): Promise<SnapshotFile>;
  /** Loads a snapshot file (its JSON text or object), checked against the record schemas; signs the browser out. */
  loadSnapshot(file: string | SnapshotFile): Promise<{ scenario: string; seed: number; snapshot: string; now: string }>;
}

declare global {
  interface Window {
    /** The browser mock's control (mock mode only; set once the worker is running). */
    __mock?: MockControl;
  }
}

// ---------------------------------------------------------------------------------------------
// Persistence

interface SavedState {
  version: 1;
  saved_at: string;
  /** The build that saved it: rows saved by this same build are not checked again on load. */
  build?: string;
  state: PersistedState;
  /** Pending faults: a tester injects one, then reloads the page to see it (not in PersistedState). */
  faults: FaultSpec[];
}

export interface PersistenceInfo {
  key: string;
  /** Size of the last save in localStorage (characters of JSON). */
  bytes: number;
  /** Why the last save failed (quota), if it did. */
  error: string | null;
}

function openUploadDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(UPLOAD_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(UPLOAD_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

const uploadKey = (upload: { id: number; url: string }) => `${upload.id} ${upload.url}`;

class Persistence {
  readonly info: PersistenceInfo = { key: STORAGE_KEY, bytes: 0, error: null };
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Upload keys whose bytes IndexedDB holds (or is writing). */
  private readonly storedUploads = new Set<string>();

  constructor(
    private readonly state: MockState,
    private readonly uploadDb: IDBDatabase | null,
  ) {}

  /** Saves soon; flush() saves now (on pagehide, before a reload). */
  schedule(): void {
    this.storeNewUploads();
    if (this.timer === null) this.timer = setTimeout(() => this.flush(), SAVE_DEBOUNCE_MS);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  flush(): void {
    this.cancel();
    const persisted = this.state.toPersisted();
    if (this.uploadDb) {
      // Every upload's bytes were handed to IndexedDB when it appeared (storeNewUploads).
      this.storeNewUploads();
      persisted.snapshot.uploads = persisted.snapshot.uploads.map((u) => ({ ...u, data_url: IN_IDB }));
    }
    const saved: SavedState = { version: 1, saved_at: new Date().toISOString(), build: BUILD_ID, state: persisted, faults: this.state.faults.pending() };
    const text = JSON.stringify(saved);
    try {
      localStorage.setItem(STORAGE_KEY, text);
      this.info.bytes = text.length;
      this.info.error = null;
    } catch (error) {
      this.info.error = `模拟数据过大，无法保存到 localStorage（${Math.round(text.length / 1024)} KB）：刷新页面后改动会丢失。`;
      console.warn(`[mock] ${this.info.error}`, error);
    }
  }

  /**
   * Hands the bytes of new uploads to IndexedDB at once (uploads are written once, never changed),
   * so they are on their way before any reload.
   */
  private storeNewUploads(): void {
    if (!this.uploadDb) return;
    const fresh = this.state.db.uploads.all().filter((u) => !this.storedUploads.has(uploadKey(u)));
    if (fresh.length === 0) return;
    const tx = this.uploadDb.transaction(UPLOAD_STORE, 'readwrite');
    const store = tx.objectStore(UPLOAD_STORE);
    for (const upload of fresh) {
      store.put(upload.data_url, uploadKey(upload));
      this.storedUploads.add(uploadKey(upload));
    }
    tx.onerror = () => {
      for (const upload of fresh) this.storedUploads.delete(uploadKey(upload));
      console.warn('[mock] could not keep uploaded images in IndexedDB', tx.error);
    };
    tx.commit();
  }

  /** The saved state, with upload bytes read back from IndexedDB; null when none or unreadable. */
  async read(raw: string | null = localStorage.getItem(STORAGE_KEY)): Promise<{ state: PersistedState; faults: FaultSpec[]; trusted: boolean } | null> {
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedState;
    if (saved.version !== 1) return null;
    const state = saved.state;
    const kept = this.uploadDb ? new Map((await this.allUploads()).map(([key, value]) => [key, value])) : new Map<string, string>();
    state.snapshot.uploads = (state.snapshot.uploads ?? []).map((u) => {
      if (u.data_url !== IN_IDB) return u;
      const bytes = kept.get(uploadKey(u));
      if (bytes) this.storedUploads.add(uploadKey(u));
      return { ...u, data_url: bytes ?? LOST_UPLOAD };
    });
    return { state, faults: saved.faults ?? [], trusted: BUILD_ID !== '' && saved.build === BUILD_ID };
  }

  /** Puts a saved state into the mock; rows another build saved are checked against the schemas. */
  static async apply(target: MockState, saved: { state: PersistedState; faults: FaultSpec[]; trusted: boolean }): Promise<void> {
    await target.fromPersisted(saved.state, { trusted: saved.trusted });
    target.faults.clear();
    target.faults.add(saved.faults);
  }

  /** Forgets the bytes of uploads the tables no longer hold (after a reset). */
  async prune(): Promise<void> {
    if (!this.uploadDb) return;
    const live = new Set(this.state.db.uploads.all().map(uploadKey));
    const tx = this.uploadDb.transaction(UPLOAD_STORE, 'readwrite');
    const store = tx.objectStore(UPLOAD_STORE);
    for (const key of await idbRequest(store.getAllKeys())) {
      if (!live.has(String(key))) {
        store.delete(key);
        this.storedUploads.delete(String(key));
      }
    }
  }

  private async allUploads(): Promise<[string, string][]> {
    const store = this.uploadDb!.transaction(UPLOAD_STORE, 'readonly').objectStore(UPLOAD_STORE);
    const [keys, values] = await Promise.all([idbRequest(store.getAllKeys()), idbRequest(store.getAll())]);
    return keys.map((key, i) => [String(key), String(values[i])]);
  }
}

// ---------------------------------------------------------------------------------------------
// The host

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

function clearAppCookies(): void {
  for (const name of APP_COOKIES) document.cookie = `${name}=; Max-Age=0; path=/`;
}

/** What the address asks of the mock (contract/mock-address.ts), taken out of it (history.replaceState). */
function takeMockParams(): { reset: ResetInput | null; latency: string | null; specOnly: boolean | null } {
  const url = new URL(window.location.href);
  const scenario = url.searchParams.get(MOCK_SCENARIO_PARAM);
  const seedText = url.searchParams.get(MOCK_SEED_PARAM);
  const latency = url.searchParams.get(MOCK_LATENCY_PARAM);
  const specOnlyText = url.searchParams.get(MOCK_SPEC_ONLY_PARAM);
  const specOnly = specOnlyText === null ? null : specOnlyText !== '0';
  if (scenario === null && latency === null && specOnly === null) return { reset: null, latency: null, specOnly: null };
  for (const name of [MOCK_SCENARIO_PARAM, MOCK_SEED_PARAM, MOCK_LATENCY_PARAM, MOCK_SPEC_ONLY_PARAM]) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const reset = scenario === null ? null : { scenario, ...(seedText === null ? {} : { seed: Number(seedText) }) };
  return { reset, latency, specOnly };
}

/** `?latency=0`, `?latency=300` or `?latency=100,400` as settings' latency_ms; throws on anything else. */
function latencyOf(text: string): [number, number] {
  const parts = text.split(',').map((part) => Number(part.trim()));
  if (parts.length > 2 || parts.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`latency 应为 毫秒 或 最小,最大 毫秒，收到 “${text}”`);
  const [min = 0, max = min] = parts;
  return [min, Math.max(min, max)];
}

let started: Promise<BrowserMock> | null = null;

/** Starts the mock once per page; later calls get the same instance. */
export function startBrowserMock(): Promise<BrowserMock> {
  started ??= start();
  return started;
}

async function start(): Promise<BrowserMock> {
  const state = new MockState({ now: Date.now(), frozen: false, settings: { latencyMs: BROWSER_LATENCY_MS } });
  installTimeRules(state);
  const persistence = new Persistence(state, await openUploadDb());
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  let notice: string | null = null;
  let origin: BrowserMock['origin'] = 'default';

  const loadDefault = () => resetToScenario(state, { scenario: 'default', seed: 1 });
  const { reset: requested, latency, specOnly } = takeMockParams();
  if (requested) {
    try {
      await resetToScenario(state, requested);
      clearAppCookies();
      origin = 'address';
    } catch (error) {
      notice = `地址中的场景无法加载：${error instanceof Error ? error.message : String(error)}`;
      console.warn(`[mock] ${notice}`);
    }
  }
  if (origin !== 'address') {
    try {
      const saved = await persistence.read();
      if (saved) {
        await Persistence.apply(state, saved);
        origin = 'saved';
      } else {
        await loadDefault();
      }
    } catch (error) {
      // A save from an older build whose records no longer fit the schemas: start afresh.
      notice ??= '保存的模拟数据与当前版本不兼容，已重置为 default 场景。';
      console.warn(`[mock] ${notice}`, error);
      localStorage.removeItem(STORAGE_KEY);
      await loadDefault();
    }
  }
  if (latency !== null) {
    try {
      state.settings.latencyMs = latencyOf(latency);
    } catch (error) {
      notice ??= error instanceof Error ? error.message : String(error);
      console.warn(`[mock] ${notice}`);
    }
  }
  if (specOnly !== null) state.settings.specOnly = specOnly;
  await persistence.prune();

  const changed = () => {
    persistence.schedule();
    notify();
  };
  state.onChange = changed;
  // Answers use faults up without calling onChange: save the countdown too.
  const take = state.faults.take.bind(state.faults);
  state.faults.take = (operationId, operationName) => {
    const fault = take(operationId, operationName);
    if (fault) changed();
    return fault;
  };
  persistence.flush();
  window.addEventListener('pagehide', () => persistence.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') persistence.flush();
  });
  // Another tab of the portal saved: take its state, so tabs do not overwrite each other's work.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    persistence.cancel();
    void persistence
      .read(event.newValue)
      .then((saved) => saved && Persistence.apply(state, saved))
      .then(notify, (error: unknown) => console.warn('[mock] could not take the other tab’s state', error));
  });

  const reset = async (input: ResetInput) => {
    const result = await resetToScenario(state, input);
    clearAppCookies();
    persistence.flush();
    void persistence.prune();
    notify();
    return result;
  };

  const loadSnapshot = async (text: string) => {
    const file = parseSnapshotFile(text);
    await loadSnapshotFile(state, file);
    clearAppCookies();
    persistence.flush();
    void persistence.prune();
    notify();
    return { scenario: state.scenario.name, seed: state.scenario.seed, snapshot: file.name, now: state.nowIso() };
  };

  const control: MockControl = {
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
  };

  // MSW checks for a newer worker script on every start and leaves that check's promise unhandled;
  // when a reload races the worker unregistering itself (its last page closed), the check fails
  // with 'Not found' while this page stays served. Not an error of the page.
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof Error && event.reason.message.startsWith('Failed to update a ServiceWorker')) event.preventDefault();
  });
  const worker = setupWorker(...mockHandlers(state), assetHandler(state), payWsHandler(state));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } });
  window.__mock = control;
  console.info(
    `[mock] 模拟后端已启动：场景 ${state.scenario.name}（seed ${state.scenario.seed}，${origin === 'saved' ? '沿用保存的数据' : '新载入'}），模拟时间 ${state.nowIso()}。控制台可用 window.__mock。`,
  );

  return {
    state,
    control,
    persistence: persistence.info,
    origin,
    notice,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset,
    loadSnapshot,
  };
}
