/**
 * The fault matrix: every call a page makes when it opens, on that page, meets each fault a
 * backend or a network can give (spec §8's catalogue, a 500 without an envelope, a hang past the
 * timeout, a lost connection). Whatever happens, the parent reads Chinese and has a way on
 * (retry, home, sign in): never a blank screen, a stuck spinner or English.
 *
 * The test writes what the parent sees into docs/faults.md and fails when that differs from the
 * committed table: a change in what parents see is reviewed. UPDATE_FAULT_TABLE=1 runs the whole
 * matrix and rewrites the table (minutes); UPDATE_FAULT_TABLE=/path,/other runs only those pages'
 * rows and keeps every other row as committed (a new page: seconds). A page whose calls are all the
 * shell's (tested on / and /personal) has no row of its own: the run says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH, errorCodes, operationList, orderStatus, type HttpMethod, type OperationId } from '#contract/index';
import { matchPath } from '#contract/wire';
import type { MockState } from '#mock/core/state';
import { requestTimeout } from '../lib/api/api-client.ts';
import { HttpResponse, http, server } from '../test/api-server.ts';
import { createTestMock, renderRoute, type TestWorld } from '../test/render-route.tsx';

const TABLE = path.resolve(import.meta.dirname, '../../docs/faults.md');
const CJK = /[\u4e00-\u9fff]/;
/** Two English words in a row: a reason phrase or a developer's message, not for parents. */
const ENGLISH = /[A-Za-z]{2,}(?:\s+[A-Za-z]{2,})+/;

interface Page {
  path: string;
  world: TestWorld;
  as?: string;
  /**
   * Calls of the shell (the header's, the footer's, the personal menu's: what / and /personal
   * open with) that this page shows as its own data, so they are tested here too: a page's row
   * holds only the calls the shell does not make, unless named here.
   */
  shows?: OperationId[];
}

/** Ids the pages open with, read from the scenarios they show. */
async function pages(): Promise<Page[]> {
  const main = await createTestMock('default');
  const gaoyan = main.db.parents.findFirst((q) => q.where({ username: 'gaoyan' }), { strict: true });
  const mine = <T extends { parent_id: number }>(rows: T[]) => rows.filter((row) => row.parent_id === gaoyan.id);
  const paid = mine(main.db.orders.all()).find((o) => o.status === orderStatus.values.paid)!;
  const refund = mine(main.db.refunds.all())[0]!;
  const invoice = mine(main.db.invoices.all())[0];
  const message = mine(main.db.messages.all())[0]!;
  const open = main.db.classes.all().find((c) => Date.parse(c.sign_up_end_at) > main.now() && Date.parse(c.sign_up_start_at) < main.now())!;
  const unpaid = await createTestMock('unpaid-order');
  const lina = unpaid.db.parents.findFirst((q) => q.where({ username: 'lina' }), { strict: true });
  const unpaidOrder = unpaid.db.orders.all().find((o) => o.parent_id === lina.id && o.status === orderStatus.values.unpaid)!;
  const fees = await createTestMock('supply-fee');
  const fee = fees.db.supplyFees.all()[0]!;
  const signedIn = (p: string, world: TestWorld = 'default', as = 'gaoyan'): Page => ({ path: p, world, as });
  return [
    { path: '/', world: 'default' },
    { path: '/searchHome', world: 'default' },
    { path: `/details?id=${open.id}`, world: 'default' },
    { path: '/apply', world: 'default' },
    { path: '/payment', world: 'default' },
    { path: '/patriarchFAQ', world: 'default' },
    { path: '/enrollment', world: 'default' },
    signedIn('/personal'),
    { ...signedIn('/feedback'), shows: ['personal_data'] },
    signedIn(`/details?id=${open.id}`),
    { ...signedIn(`/appointment?id=${open.id}`), shows: ['contact_information'] },
    signedIn('/personal/myOrder'),
    signedIn(`/personal/orderDetails?id=${paid.id}`),
    signedIn('/personal/classBooking'),
    signedIn('/personal/classGrade'),
    { ...signedIn('/personal/contacts'), shows: ['contact_information'] },
    signedIn('/personal/systemMessages'),
    signedIn(`/personal/systemMessages?id=${message.id}`),
    signedIn('/personal/collect'),
    signedIn('/personal/refund'),
    signedIn(`/personal/refundDetails?id=${refund.id}`),
    signedIn(`/personal/refundConfirm?orderId=${paid.id}`),
    signedIn('/personal/invoiceInfo'),
    ...(invoice ? [signedIn(`/personal/invoiceInfo?id=${invoice.order_id}`)] : []),
    signedIn('/personal/mailing'),
    { ...signedIn('/personal/accessControl'), shows: ['contact_information'] },
    signedIn('/personal/accountPhone'),
    signedIn('/personal/accountMailbox'),
    signedIn('/personal/password'),
    signedIn('/personal/accountAntonym'),
    signedIn('/personal/accountWx'),
    signedIn(`/collectMoney?orderId=${unpaidOrder.id}`, 'unpaid-order', 'lina'),
    signedIn('/personal/supplyFee', 'supply-fee', 'huangli'),
    signedIn(`/collectMoneySupply?supplyFeeId=${fee.id}`, 'supply-fee', 'huangli'),
  ];
}

/** The operation a request is, by method and path. */
function operationOf(method: string, url: string): OperationId | null {
  const { pathname } = new URL(url);
  const at = pathname.indexOf(API_BASE_PATH);
  if (at < 0) return null;
  const rest = pathname.slice(at + API_BASE_PATH.length);
  return (operationList.find((op) => op.method === method && matchPath(op.path, rest) !== null)?.id as OperationId | undefined) ?? null;
}

interface Fault {
  name: string;
  /** What must happen, beyond "Chinese and a way on". */
  expect?: 'relogin' | 'home' | 'home-silent' | 'as-usual';
  prepare?: (mock: MockState, op: OperationId) => void;
  /** Answers the call in front of the mock (faults of the network rather than of the backend). */
  handler?: () => Response | Promise<Response>;
  timeoutMs?: number;
}

const code = (name: keyof typeof errorCodes, extra: Partial<Fault> = {}, times: number | null = null): Fault => ({
  name: String(errorCodes[name].code),
  prepare: (mock, op) => mock.faults.add([{ operation: op, status: errorCodes[name].http, error_code: errorCodes[name].code, msg: errorCodes[name].message, times }]),
  ...extra,
});

const FAULTS: Fault[] = [
  { name: '500 无信封', handler: () => new HttpResponse('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain' } }) },
  { name: '超时', handler: () => new Promise<Response>(() => {}), timeoutMs: 40 },
  { name: '断网', handler: () => HttpResponse.error() },
  code('serverError'),
  {
    name: '200 业务拒绝',
    prepare: (mock, op) => mock.faults.add([{ operation: op, status: 200, error_code: 300999, msg: '操作过于频繁，请稍后再试', times: null }]),
  },
  code('tokenExpired', { expect: 'as-usual' }, 1),
  code('notSignedIn', { expect: 'relogin' }),
  code('sessionReplaced', { expect: 'relogin' }),
  code('accountUnavailable', { expect: 'home' }),
  code('forbidden', { expect: 'home' }),
  code('silentHome', { expect: 'home-silent' }),
];

type App = Awaited<ReturnType<typeof renderRoute>>;

/**
 * Waits until no call is under way, the router is idle, no spinner is left, and nothing happened in
 * the query cache for a moment (a call that starts when another ends is not missed); false if never.
 */
async function settled(app: App, asked: () => boolean = () => true): Promise<boolean> {
  let last = performance.now();
  const stop = app.queryClient.getQueryCache().subscribe(() => (last = performance.now()));
  const stopMutations = app.queryClient.getMutationCache().subscribe(() => (last = performance.now()));
  try {
    await waitFor(
      () => {
        // The call under a fault has been made (some wait for a debounce or for another call).
        expect(asked()).toBe(true);
        expect(app.queryClient.isFetching() + app.queryClient.isMutating()).toBe(0);
        expect(app.router.state.navigation.state).toBe('idle');
        expect(screen.queryAllByRole('status').filter((el) => /加载/.test(el.textContent ?? ''))).toEqual([]);
        // The page area's own skeleton: its chunk is still on its way.
        expect(screen.queryByRole('status', { name: '页面加载中' })).toBeNull();
        expect(performance.now() - last).toBeGreaterThan(40);
      },
      { interval: 10 },
    );
    return true;
  } catch {
    return false;
  } finally {
    stop();
    stopMutations();
  }
}

// The chrome's deferred parts (decision 026), loaded before any page: whether the child selector's
// call is seen must not depend on which test first paid for compiling its module.
await import('../features/chrome/child-selector.tsx');
await import('../features/chrome/side-tool.tsx');
// Likewise every page's module: a page area waiting for its chunk is not a page that failed.
await Promise.all(Object.values(import.meta.glob('../features/*/*-page.tsx')).map((load) => load()));

const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 40);

/** What the parent sees after the fault, in a few words, and what is wrong with it (if anything). */
function outcome(app: App, fault: Fault, calm: boolean): { seen: string; problems: string[] } {
  const problems: string[] = [];
  const parts: string[] = [];
  if (app.ports.relogin.mock.calls.length > 0) parts.push('去登录');
  if (app.ports.goHome.mock.calls.length > 0) parts.push('回首页');
  for (const [message] of app.ports.toastError.mock.calls as [string][]) {
    parts.push(`提示「${short(message)}」`);
    if (!CJK.test(message) || ENGLISH.test(message)) problems.push(`English in a toast: ${message}`);
  }
  for (const alert of screen.queryAllByRole('alert')) {
    const text = short(alert.textContent ?? '');
    parts.push(`页内「${text}」${alert.querySelector('button, a') ? '＋按钮' : ''}`);
    if (!CJK.test(text) || ENGLISH.test(text)) problems.push(`English in the page: ${text}`);
  }
  if (!calm) problems.push('still loading after the fault (a stuck spinner or a call that never ends)');
  const seen = parts.length > 0 ? [...new Set(parts)].join('，') : '页面照常（此处数据不显示）';
  const relogin = app.ports.relogin.mock.calls.length > 0;
  const home = app.ports.goHome.mock.calls.length > 0;
  if (fault.expect === 'relogin' && !relogin) problems.push('the session was lost but the parent was not sent to sign in');
  if ((fault.expect === 'home' || fault.expect === 'home-silent') && !home && !relogin) problems.push('the parent was not sent home');
  if (fault.expect === 'home-silent' && app.ports.toastError.mock.calls.length > 0) problems.push('89994 goes home without a word');
  if (fault.expect === 'as-usual' && (relogin || home || app.ports.toastError.mock.calls.length > 0)) problems.push('a renewed token should go unnoticed');
  if (fault.expect === undefined && (relogin || home)) problems.push('a failure of the call should not end the session or leave the page');
  if (!fault.expect && parts.length === 0 && document.querySelector('main')?.textContent?.trim() === '') problems.push('a blank page');
  return { seen, problems };
}

const problems: string[] = [];

/** Cells by page and call, one per fault: written in the pages' order whatever order the tests ran in. */
const cells = new Map<number, Map<OperationId, string[]>>();

const list = await pages();

/** UPDATE_FAULT_TABLE=/path,… : the pages (by path, path without its query, or the table's name) whose rows are rewritten. */
const update = process.env.UPDATE_FAULT_TABLE;
const UPDATE_ONLY =
  update && !['1', 'true', 'all'].includes(update)
    ? update
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : null;
const chosen = new Set(
  list.flatMap((page, index) => (UPDATE_ONLY?.some((name) => [page.path, page.path.split('?')[0], `${page.path}${page.as ? ` (${page.as})` : ''}`].includes(name)) ? [index] : [])),
);
const unknown = UPDATE_ONLY?.filter((name) => !list.some((page) => [page.path, page.path.split('?')[0], `${page.path}${page.as ? ` (${page.as})` : ''}`].includes(name))) ?? [];
if (unknown.length) throw new Error(`UPDATE_FAULT_TABLE names pages that pages() does not list: ${unknown.join(', ')}`);
const signedOutShell = 0; // '/': its calls are the signed-out shell's too
const signedInShell = list.findIndex((page) => page.as !== undefined); // '/personal'
const discovered = new Map<number, Promise<OperationId[]>>();

/** Every call a page made as it opened, the shell's included (what the warning below names). */
const allCalls = new Map<number, OperationId[]>();

/** The calls a page makes as it opens, without faults; the shell's own calls only on the first page of each session state. */
function callsOf(index: number): Promise<OperationId[]> {
  let found = discovered.get(index);
  if (!found) {
    found = (async () => {
      const page = list[index]!;
      const calls = new Set<OperationId>();
      const record = ({ request }: { request: Request }) => {
        const op = operationOf(request.method, request.url);
        if (op) calls.add(op);
      };
      server.events.on('request:start', record);
      const app = await renderRoute(page.path, { world: page.world, as: page.as });
      await settled(app);
      server.events.removeListener('request:start', record);
      app.unmount();
      const shell = index === signedOutShell || index === signedInShell ? [] : await callsOf(page.as ? signedInShell : signedOutShell);
      allCalls.set(index, [...calls].sort());
      return [...calls].filter((op) => !shell.includes(op) || page.shows?.includes(op)).sort();
    })();
    discovered.set(index, found);
  }
  return found;
}

const SESSION_FAULTS = new Set(['tokenExpired', 'notSignedIn', 'sessionReplaced'].map((name) => String(errorCodes[name as keyof typeof errorCodes].code)));
const pageName = (page: Page) => `${page.path}${page.as ? ` (${page.as})` : ''}`;

/*
 * `npm test` runs a sample of the matrix: each page under one fault, the least used one it can meet
 * (a signed-out page skips the session faults its calls cannot meet), so every page and every fault
 * is seen, each fault on three pages or more, and the sampled cells are compared with the committed
 * table. `npm run test:release` (FAULT_MATRIX=full) and UPDATE_FAULT_TABLE run the whole matrix.
 */
const FULL = process.env.FAULT_MATRIX === 'full' || (Boolean(update) && !UPDATE_ONLY);

/** Says once per page, on the run's output (not the console, which fails a test), that a page has no row of its own. */
const warned = new Set<number>();
function warnWithoutCalls(index: number): void {
  if (warned.has(index)) return;
  warned.add(index);
  const page = list[index]!;
  const made = allCalls.get(index) ?? [];
  const shell = page.as ? list[signedInShell]!.path : list[signedOutShell]!.path;
  process.stderr.write(
    made.length
      ? `\n[faults] warning: ${pageName(page)} opens with no call of its own: ${made.join(', ')} are the shell's, tested on ${shell}. If the page shows one as its own data, name it in the page's \`shows\` in pages() (src/app/faults.test.tsx).\n`
      : `\n[faults] warning: ${pageName(page)} makes no call as it opens: it has no row in docs/faults.md.\n`,
  );
}

/** [page index, fault index] of the sample: every page once, the faults in turn. */
function sampleOfMatrix(pages: readonly Pick<Page, 'as'>[], faults: readonly Pick<Fault, 'name'>[]): [number, number][] {
  const used = faults.map(() => 0);
  return pages.map((page, index) => {
    // The least used fault this page can meet (the first of those, on a tie).
    const can = faults.map((_, f) => f).filter((f) => page.as || !SESSION_FAULTS.has(faults[f]!.name));
    const f = can.reduce((best, g) => (used[g]! < used[best]! ? g : best));
    used[f]! += 1;
    return [index, f];
  });
}

const sample = new Set(sampleOfMatrix(list, FAULTS).map(([index, f]) => `${index}:${f}`));

/** The committed table's cells: page name and call → one cell per fault. */
function committedCells(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync(TABLE, 'utf8').split('\n')) {
    if (!line.startsWith('| /')) continue;
    const [page, call, ...row] = line.slice(2, -2).split(' | ');
    rows.set(`${page} · ${call}`, row);
  }
  return rows;
}

describe('the sample of the fault matrix', () => {
  it('shows every page and every fault, each fault on three pages or more', () => {
    const pairs = sampleOfMatrix(list, FAULTS);
    expect(new Set(pairs.map(([index]) => index)).size).toBe(list.length);
    const perFault = FAULTS.map((_, f) => pairs.filter(([, g]) => g === f).length);
    expect(Math.min(...perFault), perFault.join(' ')).toBeGreaterThanOrEqual(3);
  });
});

describe('the fault matrix', () => {
  const cases = list
    .flatMap((page, index) => FAULTS.map((fault, f) => [pageName(page), fault.name, index, f] as const))
    .filter(([, , index, f]) => (UPDATE_ONLY ? chosen.has(index) : FULL || sample.has(`${index}:${f}`)));
  it.each(cases)('%s under %s: each call it opens with', async (_page, _fault, index, f) => {
    // Faults make pages log (a route that fails, a contract broken on purpose): that is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    const page = list[index]!;
    const fault = FAULTS[f]!;
    const byCall = cells.get(index) ?? new Map<OperationId, string[]>();
    cells.set(index, byCall);
    const calls = await callsOf(index);
    if (calls.length === 0) warnWithoutCalls(index);
    for (const op of calls) {
      const operation = operationList.find((o) => o.id === op)!;
      const row = byCall.get(op) ?? FAULTS.map(() => '');
      byCall.set(op, row);
      // A call without a session cannot lose one.
      if (!operation.auth && SESSION_FAULTS.has(fault.name)) {
        row[f] = '—';
        continue;
      }
      server.resetHandlers();
      if (fault.handler) {
        const method = operation.method.toLowerCase() as Lowercase<HttpMethod>;
        server.use(http[method](`*${API_BASE_PATH}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`, fault.handler));
      }
      requestTimeout.ms = fault.timeoutMs ?? 20_000;
      let asked = false;
      const watch = ({ request }: { request: Request }) => {
        if (operationOf(request.method, request.url) === op) asked = true;
      };
      server.events.on('request:start', watch);
      const app = await renderRoute(page.path, { world: page.world, as: page.as, prepare: (mock) => fault.prepare?.(mock, op) });
      const calm = await settled(app, () => asked);
      server.events.removeListener('request:start', watch);
      const { seen, problems: found } = outcome(app, fault, calm);
      row[f] = seen;
      problems.push(...found.map((p) => `${page.path} · ${op} · ${fault.name}: ${p}`));
      app.unmount();
    }
  });

  afterAll(() => {
    const committed = committedCells();
    const table = [
      '# What a parent sees when a call fails',
      '',
      'Generated by src/app/faults.test.tsx (`UPDATE_FAULT_TABLE=1 npx vitest run src/app/faults.test.tsx`):',
      'each call a page makes as it opens, on that page, under each fault. 去登录 = signed out to the',
      'account login; 回首页 = sent to the home page; 提示 = an error toast; 页内 = a message in the page',
      '(＋按钮: with a retry or a way on); 页面照常 = the page works without that piece of data.',
      '',
      `| page | call | ${FAULTS.map((f) => f.name).join(' | ')} |`,
      `|---|---|${FAULTS.map(() => '---').join('|')}|`,
      ...list.flatMap((page, index) => {
        const ran = cells.get(index);
        if (ran) return [...ran].map(([op, row]) => `| ${pageName(page)} | ${op} | ${row.join(' | ')} |`);
        // Told to update other pages: this one's rows as committed.
        if (!UPDATE_ONLY) return [];
        return [...committed].filter(([key]) => key.startsWith(`${pageName(page)} · `)).map(([key, row]) => `| ${pageName(page)} | ${key.slice(pageName(page).length + 3)} | ${row.join(' | ')} |`);
      }),
      '',
    ].join('\n');
    if (update) writeFileSync(TABLE, table);
    expect(problems, problems.join('\n')).toEqual([]);
    if (UPDATE_ONLY) return;
    const stale = 'docs/faults.md is out of date: UPDATE_FAULT_TABLE=1 npx vitest run src/app/faults.test.tsx';
    if (FULL) {
      if (!process.env.UPDATE_FAULT_TABLE) expect(table, stale).toBe(readFileSync(TABLE, 'utf8'));
      return;
    }
    // The sample: the calls each page opens with, and the sampled cells, as the table has them.
    for (const [index, byCall] of cells) {
      const page = pageName(list[index]!);
      expect([...byCall.keys()].sort(), `${page}: the calls it opens with. ${stale}`).toEqual(
        [...committed.keys()]
          .filter((key) => key.startsWith(`${page} · `))
          .map((key) => key.slice(page.length + 3))
          .sort(),
      );
      for (const [op, row] of byCall) {
        row.forEach((cell, f) => {
          if (sample.has(`${index}:${f}`)) expect(cell, `${page} · ${op} · ${FAULTS[f]!.name}. ${stale}`).toBe(committed.get(`${page} · ${op}`)?.[f]);
        });
      }
    }
  });
});
