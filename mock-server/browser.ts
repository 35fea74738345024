/**
 * The mock in the browser (dev server, demo build): MSW's service worker answers the portal's
 * calls from a MockState whose clock runs and whose answers take a realistic 120–450 ms.
 *
 * State survives reloads (the app reloads on logout and on a change of child): the tables, clock,
 * settings and scenario go to localStorage under a versioned key, synchronously, so a save cannot
 * be lost to a reload that follows an answer; upload bytes (data: URLs, up to 5 MB each) go to
 * IndexedDB, because localStorage holds only a few MB per origin (docs/decisions/006-mock-hosts.md).
 *
 * `?scenario=NAME[&seed=N]` in any address resets to that scenario (`&as=USERNAME`: signed in as
 * that parent, through a ticket put in the address), `?latency=MIN,MAX` sets the answers'
 * latency (`?latency=0`: none, as the Playwright journeys use it); all are removed from the address.
 * `window.__mock` offers every control operation to Playwright and to a person at the console.
 *
 * Loaded only through src/app/start-mock.ts's dynamic import(), never in a 'real' build.
 */
import { setupWorker } from 'msw/browser';
import { LOGIN_STATE_COOKIE, LOGIN_STATE_PARAM, TICKET_PARAM } from '#contract/account-service';
import { MOCK_LATENCY_PARAM, MOCK_SCENARIO_PARAM, MOCK_SEED_PARAM, MOCK_SIGNED_IN_PARAM, MOCK_SPEC_ONLY_PARAM } from '#contract/mock-address';
import { Persistence, STORAGE_KEY, openUploadDb } from './browser-persistence.ts';
import { createMockControl, type BrowserMock, type ResetInput } from './control/browser-control.ts';
import { login, resetToScenario } from './control/operations.ts';
import { mockHandlers } from './control/setup.ts';
import { loadSnapshotFile, parseSnapshotFile } from './control/snapshot-file.ts';
import { MockState } from './core/state.ts';
import { assetHandler } from './handlers/assets.ts';
import { payWsHandler } from './handlers/pay-ws.ts';
import { installTimeRules } from './rules/index.ts';

export const BROWSER_LATENCY_MS: [number, number] = [120, 450];
/** The app's cookies (spec §4 and 9): a reset starts a fresh, signed-out browser session. */
const APP_COOKIES = ['client_id', 'access_token', 'contact_id'];

function clearAppCookies(): void {
  for (const name of APP_COOKIES) document.cookie = `${name}=; Max-Age=0; path=/`;
}

/** What the address asks of the mock (contract/mock-address.ts), taken out of it (history.replaceState). */
function takeMockParams(): { reset: ResetInput | null; signedIn: string | null; latency: string | null; specOnly: boolean | null } {
  const url = new URL(window.location.href);
  const scenario = url.searchParams.get(MOCK_SCENARIO_PARAM);
  const seedText = url.searchParams.get(MOCK_SEED_PARAM);
  const latency = url.searchParams.get(MOCK_LATENCY_PARAM);
  const specOnlyText = url.searchParams.get(MOCK_SPEC_ONLY_PARAM);
  const signedIn = url.searchParams.get(MOCK_SIGNED_IN_PARAM);
  const specOnly = specOnlyText === null ? null : specOnlyText !== '0';
  if (scenario === null && latency === null && specOnly === null && signedIn === null) return { reset: null, signedIn: null, latency: null, specOnly: null };
  for (const name of [MOCK_SCENARIO_PARAM, MOCK_SEED_PARAM, MOCK_LATENCY_PARAM, MOCK_SPEC_ONLY_PARAM, MOCK_SIGNED_IN_PARAM]) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const reset = scenario === null ? null : { scenario, ...(seedText === null ? {} : { seed: Number(seedText) }) };
  return { reset, signedIn, latency, specOnly };
}

/**
 * `?as=USERNAME`: what a sign-in the portal started would bring back (spec §5, decision 075): the
 * sign-in's state in a cookie and in the address, and a fresh ticket for that parent beside it,
 * for the app to validate as it starts. Only after a reset of the address's own, which signed the
 * browser out: it never replaces a session the browser has.
 */
async function signInFromAddress(state: MockState, username: string): Promise<void> {
  const { ticket } = await login(state, { username });
  const signInState = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  document.cookie = `${LOGIN_STATE_COOKIE}=${signInState}; path=/; SameSite=Lax`;
  const url = new URL(window.location.href);
  url.searchParams.set(LOGIN_STATE_PARAM, signInState);
  url.searchParams.set(TICKET_PARAM, ticket);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
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

/** The state this page starts from: the address's scenario, else the save, else default. */
async function restore(state: MockState, persistence: Persistence): Promise<Pick<BrowserMock, 'origin' | 'notice'>> {
  let notice: string | null = null;
  let origin: BrowserMock['origin'] = 'default';
  // A state made here, not taken from the save, is newer than the save (other pages take it).
  const madeHere = () => {
    persistence.continueFromSaved();
    persistence.markChanged();
  };
  const loadDefault = async () => {
    await resetToScenario(state, { scenario: 'default', seed: 1 });
    madeHere();
  };
  const { reset: requested, signedIn, latency, specOnly } = takeMockParams();
  if (requested) {
    try {
      await resetToScenario(state, requested);
      madeHere();
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
        await persistence.take(saved);
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
      persistence.markChanged();
    } catch (error) {
      notice ??= error instanceof Error ? error.message : String(error);
      console.warn(`[mock] ${notice}`);
    }
  }
  if (specOnly !== null) {
    state.settings.specOnly = specOnly;
    persistence.markChanged();
  }
  if (signedIn !== null) {
    try {
      if (origin !== 'address') throw new Error(`as=${signedIn} 需与 scenario 一起使用（只在重置后登录）`);
      await signInFromAddress(state, signedIn);
    } catch (error) {
      notice ??= `地址中的登录无法完成：${error instanceof Error ? error.message : String(error)}`;
      console.warn(`[mock] ${notice}`);
    }
  }
  return { origin, notice };
}

async function start(): Promise<BrowserMock> {
  const state = new MockState({ now: Date.now(), frozen: false, settings: { latencyMs: BROWSER_LATENCY_MS } });
  installTimeRules(state);
  const persistence = new Persistence(state, await openUploadDb());
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  // Before the address's scenario, whose reset starts a fresh journal.
  persistence.restoreJournal();
  const { origin, notice } = await restore(state, persistence);
  await persistence.prune();

  const changed = () => {
    persistence.schedule();
    notify();
  };
  state.onChange = changed;
  // Answers use faults up without calling onChange: save the countdown too.
  const take = state.faults.take.bind(state.faults);
  state.faults.take = (operationId, operationName, input) => {
    const fault = take(operationId, operationName, input);
    if (fault) changed();
    return fault;
  };
  persistence.flush();
  persistence.watch(notify);

  /** After a reset or a snapshot load: signed out, saved at once, old uploads forgotten. */
  const afterLoad = () => {
    clearAppCookies();
    persistence.markChanged();
    persistence.flush();
    void persistence.prune();
    notify();
  };
  const reset = async (input: ResetInput) => {
    const result = await resetToScenario(state, input);
    afterLoad();
    return result;
  };
  const loadSnapshot = async (text: string) => {
    const file = parseSnapshotFile(text);
    await loadSnapshotFile(state, file);
    afterLoad();
    return { scenario: state.scenario.name, seed: state.scenario.seed, snapshot: file.name, now: state.nowIso() };
  };
  const control = createMockControl(state, { reset, loadSnapshot, changed });

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
