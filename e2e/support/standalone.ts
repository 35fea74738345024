/**
 * Playwright fixtures for journeys against the standalone mock (npm run mock:serve, here behind
 * nginx by npm run serve:prod): every test gets a world of its own (docs/mock.md "Worlds"), so
 * tests run in parallel on one server without seeing each other. The browser carries the world in
 * its mock_world cookie; the driver sends it as X-Mock-World to the /__mock/ control API.
 *
 *   import { expect, test } from './support/standalone.ts';
 *
 *   test('pays', async ({ page, world, mock }) => {
 *     await world.reset('unpaid-order');
 *     await mock.signInAs(page, 'lina', '/personal/myOrder');
 *     const trade = await mock.nextTrade();
 *     await mock.settle(trade.trade_no, 'success');
 *   });
 *
 * And, automatically, every test fails if the page reports a Content-Security-Policy violation.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MOCK_ACCOUNT_LOGIN_PATH, MOCK_WORLD_COOKIE, MOCK_WORLD_HEADER, SERVICE_PARAM, TICKET_PARAM } from '#contract/index';
import type { Row } from '#fixtures/records';
import type { JournalEntry } from '../../mock-server/core/journal.ts';
import { withSignInState } from './sign-in-state.ts';

type Tables = { [K in 'parents' | 'contacts' | 'classes' | 'orders' | 'trades' | 'signUps' | 'invoices' | 'refunds']: Row<K>[] } & Record<string, unknown[]>;
export interface WorldState {
  world: string;
  scenario: { name: string; seed: number };
  now: string;
  faults: unknown[];
  tables: Tables;
}

/** The /__mock/ control API of one world, over HTTP. */
export class WorldDriver {
  constructor(
    readonly name: string,
    private readonly request: APIRequestContext,
  ) {}

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await this.request.fetch(`/__mock/${path}`, { method, headers: { [MOCK_WORLD_HEADER]: this.name }, data: body });
    const json = (await response.json()) as T & { error?: string };
    if (!response.ok()) throw new Error(`/__mock/${path} answered ${response.status()}: ${json.error ?? JSON.stringify(json)}`);
    return json;
  }

  reset(scenario: string, seed?: number) {
    return this.call<{ scenario: string; seed: number; now: string }>('POST', 'reset', seed === undefined ? { scenario } : { scenario, seed });
  }

  state() {
    return this.call<WorldState>('GET', 'state');
  }

  faults(faults: unknown) {
    return this.call<{ faults: unknown[] }>('POST', 'faults', faults);
  }

  clock(input: { now: string } | { advance_ms: number } | { frozen: boolean }) {
    return this.call<{ now: string; frozen: boolean }>('POST', 'clock', input);
  }

  settle(tradeNo: string, outcome: 'success' | 'fail' = 'success') {
    return this.call<{ trade_no: string; status: number }>('POST', `payments/${encodeURIComponent(tradeNo)}`, { outcome });
  }

  /** The world's settings (POST /__mock/settings): latency, spec-only, minimal answers… */
  settings(input: Record<string, unknown>) {
    return this.call<{ settings: Record<string, unknown> }>('POST', 'settings', input);
  }

  login(username: string) {
    return this.call<{ ticket: string }>('POST', 'login', { username });
  }

  /** The world's request journal, oldest first (GET /__mock/requests; `query` as its parameters). */
  requests(query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    return this.call<{ requests: JournalEntry[]; matched: number; kept: number; dropped: number }>('GET', `requests${search.size > 0 ? `?${search}` : ''}`);
  }

  /** Whether a call matching the pattern happened (POST /__mock/requests/verify). */
  verifyRequests(pattern: Record<string, unknown>) {
    return this.call<{ ok: boolean; count: number; expected: Record<string, number>; request_ids: number[] }>('POST', 'requests/verify', pattern);
  }

  /** The trades waiting for a payment result, newest first. */
  async waitingTrades() {
    const { tables } = await this.state();
    return tables.trades.filter((t) => t.status === 1).sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  /** Waits (as long as an assertion does) for the page to start a payment, and answers its trade. */
  async nextTrade() {
    await expect.poll(async () => (await this.waitingTrades()).length, { message: 'the page started no payment' }).toBeGreaterThan(0);
    return (await this.waitingTrades())[0]!;
  }

  /** Signs a parent in the way a parent does: the mock account service's page, then back to `path`. */
  async signInAs(page: Page, username: string, path = '/') {
    const service = (await withSignInState(page.context(), path)).href;
    await page.goto(`${MOCK_ACCOUNT_LOGIN_PATH}?${SERVICE_PARAM}=${encodeURIComponent(service)}`);
    await page.locator(`button[name="username"][value="${username}"]`).click();
    await page.waitForURL((url) => !url.searchParams.has(TICKET_PARAM) && url.pathname !== MOCK_ACCOUNT_LOGIN_PATH);
  }
}

export interface StandaloneFixtures {
  /** This test's world, created on first use and deleted after the test. */
  world: WorldDriver;
  /** Alias of `world`, for journeys written against the demo build's `mock`. */
  mock: WorldDriver;
  /** Content-Security-Policy violations the pages reported; any one fails the test. */
  cspViolations: string[];
}

export const test = base.extend<StandaloneFixtures>({
  world: async ({ context, request, baseURL }, use, testInfo) => {
    const name = `pw-${testInfo.workerIndex}-${testInfo.testId}`.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 64);
    await context.addCookies([{ name: MOCK_WORLD_COOKIE, value: name, url: baseURL! }]);
    const world = new WorldDriver(name, request);
    await use(world);
    await request.fetch(`/__mock/worlds/${name}`, { method: 'DELETE', headers: { [MOCK_WORLD_HEADER]: name } });
  },
  mock: async ({ world }, use) => {
    await use(world);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Whether React has hydrated the page: its root carries React's container key (run in the page). */
const reactHasRoot = () => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'));

/** Whether React has hydrated the page the server drew. */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(reactHasRoot);

/** Waits until React has hydrated the page the server drew. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(reactHasRoot);
}

/**
 * The scripts a signed-out page loads once it has loaded (decision 070): the list at its end, a
 * JSON array of the build's files, the entry first. Empty where the page names its scripts in
 * the head (signed in).
 */
export function afterLoadList(html: string): string[] {
  for (const [, json] of html.matchAll(/<script type="application\/json"[^>]*>(\[[^<]*\])<\/script>/g)) {
    const list = JSON.parse(json!) as unknown;
    if (Array.isArray(list) && list.length > 0 && list.every((file) => typeof file === 'string' && file.startsWith('/assets/'))) return list as string[];
  }
  return [];
}
