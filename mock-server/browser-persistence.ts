/**
 * The browser mock's state across reloads (docs/decisions/006-mock-hosts.md): the tables, clock,
 * settings, scenario and pending faults in localStorage, synchronously, under a versioned key;
 * upload bytes in IndexedDB, because localStorage holds only a few MB per origin.
 */
import type { PersistenceInfo } from './control/browser-control.ts';
import type { FaultSpec } from './core/faults.ts';
import type { SavedJournal } from './core/journal.ts';
import type { MockState, PersistedState } from './core/state.ts';

/** This tab's request journal, kept across its reloads (not across tabs: each tab has its own). */
const JOURNAL_KEY = '__mock:journal:v1';
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
const SAVE_DEBOUNCE_MS = 250;
/** Set by vite.config.ts for each build (and each dev server start). */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? '';

interface SavedState {
  version: 1;
  saved_at: string;
  /** The build that saved it: rows saved by this same build are not checked again on load. */
  build?: string;
  state: PersistedState;
  /** Pending faults: a tester injects one, then reloads the page to see it (not in PersistedState). */
  faults: FaultSpec[];
  /**
   * How many changes the saved state has seen. A page takes another's save only when it is newer:
   * Chromium may run the pagehide save of the page a tab leaves in its old process after the next
   * page started, and that late save must not roll back what the next page did since.
   */
  revision?: number;
}

/** A save read back, ready for take(). */
export interface ReadState {
  state: PersistedState;
  faults: FaultSpec[];
  trusted: boolean;
  revision: number;
}

export function openUploadDb(): Promise<IDBDatabase | null> {
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

export class Persistence {
  readonly info: PersistenceInfo = { key: STORAGE_KEY, bytes: 0, error: null };
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Changes this page's state has seen, counted on from the save it started from. */
  private revision = 0;
  /** Changed since the last save. */
  private dirty = false;
  /** Upload keys whose bytes IndexedDB holds (or is writing). */
  private readonly storedUploads = new Set<string>();

  constructor(
    private readonly state: MockState,
    private readonly uploadDb: IDBDatabase | null,
  ) {}

  /** The state changed: counted, and saved soon; flush() saves now (on pagehide, before a reload). */
  schedule(): void {
    this.markChanged();
    this.storeNewUploads();
    if (this.timer === null) this.timer = setTimeout(() => this.flush(), SAVE_DEBOUNCE_MS);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The state changed (a reset, a snapshot loaded): the next save is newer than any before it. */
  markChanged(): void {
    this.revision += 1;
    this.dirty = true;
  }

  /** Counts on from the save in storage (a page that resets its state without taking the save). */
  continueFromSaved(): void {
    const raw = localStorage.getItem(STORAGE_KEY);
    try {
      this.revision = Math.max(this.revision, raw ? ((JSON.parse(raw) as SavedState).revision ?? 0) : 0);
    } catch {
      // an unreadable save counts as none
    }
  }

  flush(): void {
    this.cancel();
    this.dirty = false;
    const persisted = this.state.toPersisted();
    if (this.uploadDb) {
      // Every upload's bytes were handed to IndexedDB when it appeared (storeNewUploads).
      this.storeNewUploads();
      persisted.snapshot.uploads = persisted.snapshot.uploads.map((u) => ({ ...u, data_url: IN_IDB }));
    }
    const saved: SavedState = { version: 1, saved_at: new Date().toISOString(), build: BUILD_ID, state: persisted, faults: this.state.faults.pending(), revision: this.revision };
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
  async read(raw: string | null = localStorage.getItem(STORAGE_KEY)): Promise<ReadState | null> {
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
    return { state, faults: saved.faults ?? [], trusted: BUILD_ID !== '' && saved.build === BUILD_ID, revision: saved.revision ?? 0 };
  }

  /** Puts a saved state into the mock; rows another build saved are checked against the schemas. */
  async take(saved: ReadState): Promise<void> {
    await this.state.fromPersisted(saved.state, { trusted: saved.trusted });
    this.state.faults.clear();
    this.state.faults.add(saved.faults);
    this.revision = saved.revision;
    this.dirty = false;
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

  /**
   * Saves what changed on pagehide and when the page is hidden, and takes another page's newer save
   * (then `notify`), so pages and tabs do not overwrite each other's work. Answers a function that
   * stops watching.
   */
  watch(notify: () => void): () => void {
    const stop = new AbortController();
    const { signal } = stop;
    window.addEventListener(
      'pagehide',
      () => {
        if (this.dirty) this.flush();
        this.saveJournal();
      },
      { signal },
    );
    document.addEventListener(
      'visibilitychange',
      () => {
        if (document.visibilityState === 'hidden' && this.dirty) this.flush();
      },
      { signal },
    );
    window.addEventListener(
      'storage',
      (event) => {
        if (event.key !== STORAGE_KEY || !event.newValue) return;
        void this.read(event.newValue)
          .then(async (saved) => {
            if (!saved || saved.revision <= this.revision) return;
            this.cancel();
            await this.take(saved);
            notify();
          })
          .catch((error: unknown) => console.warn('[mock] could not take the other tab’s state', error));
      },
      { signal },
    );
    return () => stop.abort();
  }

  /** Keeps the journal for this tab's next page (a reload, the login page's return). */
  saveJournal(): void {
    for (const limit of [Infinity, 50]) {
      try {
        sessionStorage.setItem(JOURNAL_KEY, JSON.stringify(this.state.journal.toSaved(limit)));
        return;
      } catch {
        // too big for sessionStorage: keep fewer calls
      }
    }
  }

  restoreJournal(): void {
    try {
      const saved = sessionStorage.getItem(JOURNAL_KEY);
      if (saved) this.state.journal.restore(JSON.parse(saved) as SavedJournal);
    } catch (error) {
      console.warn('[mock] could not read the request journal kept across the reload', error);
    }
  }

  private async allUploads(): Promise<[string, string][]> {
    const store = this.uploadDb!.transaction(UPLOAD_STORE, 'readonly').objectStore(UPLOAD_STORE);
    const [keys, values] = await Promise.all([idbRequest(store.getAllKeys()), idbRequest(store.getAll())]);
    return keys.map((key, i) => [String(key), String(values[i])]);
  }
}
