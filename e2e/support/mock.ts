/**
 * Playwright helpers for QA and the journeys, over the browser mock's `window.__mock`
 * (mock-server/browser.ts). Every test gets a fresh browser context, so a fresh mock state: what a
 * test does to the mock (faults, clock, data) never leaks into the next one.
 *
 *   import { expect, test } from './support/mock.ts';
 *
 *   test('pays an order', async ({ page, scenario, mock, signInAs }) => {
 *     await scenario('unpaid-order');          // opens /?scenario=unpaid-order, waits for the mock
 *     await signInAs('parent001', '/personal'); // through the mock login page, back with a ticket
 *     await mock.clock({ advance_ms: 60_000 });
 *     const [trade] = await mock.waitingTrades();
 *     await mock.settle(trade.trade_no, 'success');
 *   });
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { MOCK_ACCOUNT_LOGIN_PATH, MOCK_LATENCY_PARAM, MOCK_SCENARIO_PARAM, MOCK_SEED_PARAM, MOCK_SIGNED_IN_PARAM, MOCK_SPEC_ONLY_PARAM, SERVICE_PARAM, TICKET_PARAM } from '#contract/index';
import { withSignInState } from './sign-in-state.ts';
import type { ClockInput, FaultInput, MockControl, RequestsQuery, ResetInput, SettingsInput, VerifyInput } from '../../mock-server/control/browser-control.ts';

type Result<K extends keyof MockControl> = Awaited<ReturnType<MockControl[K]>>;

/** Waits until the page's mock backend answers (window.__mock is set once its worker runs). */
export async function waitForMock(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__mock !== undefined);
}

/** Typed wrappers over window.__mock; each call waits for the mock of the current page. */
export class MockDriver {
  constructor(readonly page: Page) {}

  private async call<K extends keyof MockControl>(name: K, ...args: Parameters<MockControl[K]>): Promise<Result<K>> {
    await waitForMock(this.page);
    // As JSON text: Playwright hands an object over value by value, which for the state's ~300 KB
    // took 100-250 ms a call against 17-50 ms for its text (JSON is what the control answers anyway).
    const text = await this.page.evaluate(async ([method, params]) => JSON.stringify(await (window.__mock![method] as (...a: unknown[]) => Promise<unknown>)(...params)), [name, args] as const);
    return JSON.parse(text) as Result<K>;
  }

  scenarios() {
    return this.call('scenarios');
  }

  /** Resets to a scenario without navigating (the page then needs a reload to show it). */
  reset(scenario: string | ResetInput = 'default', seed?: number) {
    return this.call('reset', scenario, seed);
  }

  state() {
    return this.call('state');
  }

  faults(faults: FaultInput | FaultInput[]) {
    return this.call('faults', faults);
  }

  clearFaults() {
    return this.call('clearFaults');
  }

  /** Sets or moves the clock; no argument reads it. */
  clock(input?: ClockInput) {
    return this.call('clock', input);
  }

  advance(ms: number) {
    return this.call('clock', { advance_ms: ms });
  }

  /** Sets the clock, e.g. '2026-09-01T10:00:00+08:00'. */
  setNow(now: string, frozen?: boolean) {
    return this.call('clock', frozen === undefined ? { now } : { now, frozen });
  }

  settle(tradeNo: string, outcome: 'success' | 'fail' = 'success') {
    return this.call('settle', tradeNo, outcome);
  }

  /** The trades waiting for a payment result, newest first. */
  async waitingTrades() {
    const { tables } = await this.state();
    return tables.trades.filter((t) => t.status === 1).sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  /** Waits (as long as an assertion does) for the page to start a payment, and answers its trade. */
  async nextTrade() {
    await expect.poll(async () => (await this.waitingTrades()).length, { message: 'the page started no payment' }).toBeGreaterThan(0);
    const [trade] = await this.waitingTrades();
    return trade!;
  }

  /** A service ticket for a fixture parent. */
  login(username: string) {
    return this.call('login', username);
  }

  settings(input?: SettingsInput) {
    return this.call('settings', input);
  }

  parents() {
    return this.call('parents');
  }

  /** The calls this tab made (kept across its reloads), oldest first: `{ requests, matched, kept, dropped }`. */
  requests(query?: RequestsQuery) {
    return this.call('requests', query);
  }

  /** Whether a call matching the pattern happened (at least once, or `count` times): `{ ok, count, … }`. */
  verifyRequests(pattern: VerifyInput) {
    return this.call('verifyRequests', pattern);
  }

  clearRequests() {
    return this.call('clearRequests');
  }
}

export interface MockOptions {
  /**
   * The mock answers spec §7's calls only (decision 057): the Playwright project `spec-only` runs
   * the journeys that reach the pages this changes with it on. A journey reads it where the page
   * differs (no 撤回, no bound-mailbox choice).
   */
  specOnly: boolean;
}

export interface MockFixtures {
  /** Typed access to the page's mock backend. */
  mock: MockDriver;
  /**
   * Opens the app at `/?scenario=NAME[&seed=N]` (a fresh state) and waits for the mock. Answers
   * come at once (`latency=0`) unless `latency` says otherwise: no artificial delay in tests.
   * `as`: signed in as that fixture parent in the same load (`&as=`: the mock puts a ticket in the
   * address, which the app validates), on `path`; journeys about signing in use `signInAs`.
   */
  scenario: (name: string, options?: ScenarioOptions) => Promise<void>;
  /**
   * Signs in as a fixture parent the way a parent does: the mock login page, then back to `path`
   * with a ticket that the app validates. Ends on `path` without the ticket in the address.
   */
  signInAs: (username: string, path?: string) => Promise<void>;
  /**
   * The short way: a ticket from window.__mock.login, then `path?ticket=…` (the app's ticket
   * handling without the login page).
   */
  openWithTicket: (username: string, path?: string) => Promise<void>;
}

/** Waits until the app has taken the ticket out of the address (it validated it). */
async function waitForTicketHandled(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.searchParams.has(TICKET_PARAM) && url.pathname !== MOCK_ACCOUNT_LOGIN_PATH);
  await waitForMock(page);
}

export interface ScenarioOptions {
  seed?: number;
  /** The page to open (default `/`); with `as`, the page the parent lands on signed in. */
  path?: string;
  latency?: [number, number];
  specOnly?: boolean;
  /** A fixture parent's username: signed in within the same page load. */
  as?: string;
}

/** The `scenario` fixture on a given page (specs that keep one page across tests call it directly). */
export async function openScenario(page: Page, name: string, options: ScenarioOptions = {}): Promise<void> {
  const path = options.path ?? '/';
  const [pathname, query = ''] = path.split('?');
  const target = new URLSearchParams(query);
  target.set(MOCK_SCENARIO_PARAM, name);
  target.set(MOCK_LATENCY_PARAM, (options.latency ?? [0, 0]).join(','));
  if (options.seed !== undefined) target.set(MOCK_SEED_PARAM, String(options.seed));
  // Always said, so a context's saved state never carries the mode into the next scenario.
  target.set(MOCK_SPEC_ONLY_PARAM, options.specOnly ? '1' : '0');
  if (options.as !== undefined) target.set(MOCK_SIGNED_IN_PARAM, options.as);
  await page.goto(`${pathname}?${target}`);
  await waitForMock(page);
  await expect.poll(() => page.evaluate((param) => new URL(window.location.href).searchParams.has(param), MOCK_SCENARIO_PARAM)).toBe(false);
  if (options.as !== undefined) {
    // The session's cookie, then an address without the ticket: the app validated it.
    await page.waitForFunction(() => /(^|; )client_id=/.test(document.cookie));
    await waitForTicketHandled(page);
  }
}

/** The `signInAs` fixture on a given page. */
export async function signIn(page: Page, username: string, path = '/'): Promise<void> {
  // The app sends an absolute address as service, with the sign-in's state (decision 075).
  const service = (await withSignInState(page.context(), page.url().startsWith('http') ? new URL(path, page.url()).href : path)).href;
  const loginPath = `${MOCK_ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=${encodeURIComponent(service)}`;
  await page.goto(loginPath);
  await waitForMock(page);
  await page.locator(`button[name="username"][value="${username}"]`).click();
  await waitForTicketHandled(page);
}

export const test = base.extend<MockFixtures & MockOptions>({
  specOnly: [false, { option: true }],

  mock: async ({ page }, use) => {
    await use(new MockDriver(page));
  },

  scenario: async ({ page, specOnly }, use) => {
    await use((name, options) => openScenario(page, name, { specOnly, ...options }));
  },

  signInAs: async ({ page }, use) => {
    await use((username, path) => signIn(page, username, path));
  },

  openWithTicket: async ({ page, mock }, use) => {
    await use(async (username, path = '/') => {
      if (!page.url().startsWith('http')) {
        await page.goto('/');
        await waitForMock(page);
      }
      const { ticket } = await mock.login(username);
      const url = await withSignInState(page.context(), new URL(path, page.url()).href);
      url.searchParams.set(TICKET_PARAM, ticket);
      await page.goto(`${url.pathname}${url.search}${url.hash}`);
      await waitForTicketHandled(page);
    });
  },
});

export { expect };

/**
 * One browser context for the tests of a describe, opened with the `default` scenario (every
 * persona at once) and then `setup`; the returned function gives the tests its page.
 */
export function sharedState(setup: (page: Page) => Promise<void> = async () => {}) {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    await openScenario(page, 'default');
    await setup(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => page!;
}
