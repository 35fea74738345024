/**
 * Random walks (issue 11, item 4): a seeded monkey clicks, types (Chinese, hostile strings),
 * chooses, presses keys, goes back and forward and reloads on the demo build, signed in and out,
 * and fails on any page error, any console error, any answer that breaks the contract (checked
 * strictly, as the contract probe does) and any script a typed string manages to run.
 *
 * Deterministic for a seed: the mock starts from a scenario with that seed and a frozen clock,
 * every choice comes from the seeded PRNG, candidates are listed in document order, and each
 * action waits until the page is quiet (no request, fetch or short timer pending, no spinner, the
 * DOM unchanged for a moment, the page scrolled back to the top). A failing seed
 * prints `MONKEY_SEED=n` and its action log;
 *
 *   MONKEY_SEED=7 npx playwright test e2e/monkey.spec.ts --project=demo
 *
 * replays that seed alone (MONKEY_ACTIONS=n changes the walk's length, MONKEY_SEEDS=n the number
 * of seeds, MONKEY_LOG=1 prints the log of passing walks too).
 *
 * `npm test` takes a short walk, 2 seeds × 50 actions (one signed in, one out; decision 077); `npm run test:release`
 * walks the full 20 seeds × 300 actions (about 20 minutes on 2 cores, decision 032).
 */
import type { Page, Request } from '@playwright/test';
import { API_BASE_PATH, MOCK_LATENCY_PARAM, MOCK_SCENARIO_PARAM, MOCK_SEED_PARAM, TICKET_PARAM, operationList, type Operation } from '#contract/index';
import { checkAnswer } from '#contract/strict-answer';
import { MockDriver, expect, test, waitForMock } from './support/mock.ts';
import { Prng } from './support/prng.ts';
import { withSignInState } from './support/sign-in-state.ts';

/** `npm test` walks 2 seeds × 50 actions (seed 2 signed in, seed 1 out; decision 077); `npm run test:release` sets 20 × 300 (decision 032). */
const SEEDS = Number(process.env.MONKEY_SEEDS ?? 2);
const ACTIONS = Number(process.env.MONKEY_ACTIONS ?? 50);
const seeds = process.env.MONKEY_SEED ? [Number(process.env.MONKEY_SEED)] : Array.from({ length: SEEDS }, (_, i) => i + 1);

/** What a parent might type, and what an attacker would. */
const texts = [
  '张小明',
  '北京市西城区平安里西大街58号',
  '13800000000',
  '110105201903081231',
  'parent@example.com',
  'Passw0rd',
  '123456',
  '<img src=x onerror=__xss(99)>',
  '"><svg onload=__xss(98)>',
  "'; DROP TABLE orders;--",
  '%ZZ%00../../etc/passwd',
  '😀🎉👨‍👩‍👧',
  '\u202Eevil\u202C',
  '０１２３４５',
  '   ',
  'a'.repeat(400),
];

/** A string of common Chinese characters (CJK Unified Ideographs). */
function chinese(prng: Prng, length: number): string {
  return Array.from({ length }, () => String.fromCharCode(0x4e00 + prng.int(0x9fa5 - 0x4e00))).join('');
}

const actionWeights = { click: 58, type: 16, select: 5, key: 7, back: 6, forward: 3, reload: 2, home: 1, escape: 2 };
type ActionKind = keyof typeof actionWeights;
const keys = ['Enter', 'Tab', 'Shift+Tab', 'ArrowDown', 'Space', 'Escape'];
const usernames = ['zhangwei', 'lina', 'wangqiang', 'zhaomin', 'chenjing', 'sunli', 'huangli', 'gaoyan', 'xuming', 'liuxin'];

// ---------------------------------------------------------------------------------- the contract

const routes = operationList.map((op: Operation) => ({ op, re: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));

function operationFor(request: Request): Operation | undefined {
  const rest = new URL(request.url()).pathname.slice(API_BASE_PATH.length);
  return routes.find((r) => r.op.method === request.method() && r.re.test(rest))?.op;
}

const isApi = (url: string) => new URL(url).pathname.startsWith(API_BASE_PATH);

// ---------------------------------------------------------------------------------- in the page

type Kind = 'click' | 'type' | 'select';

/**
 * Lists what a parent could act on now, in document order, picks the one at `r` (a number in
 * [0, 1) from the PRNG) and acts: a click, focus for typing (text selected, so typing replaces
 * it), or an option of a select. Answers what it did, or null when there was nothing.
 */
function actInPage({ kind, r, s }: { kind: Kind; r: number; s: number }): string | null {
  const selectors: Record<Kind, string> = {
    click:
      'a[href], button, summary, input[type=checkbox], input[type=radio], input[type=submit], [role=button], [role=tab], [role=menuitem], [role=option], [role=checkbox], [role=radio], [role=switch], [role=link]',
    type: 'input:not([type]), input[type=text], input[type=search], input[type=tel], input[type=email], input[type=password], input[type=number], input[type=url], textarea',
    select: 'select',
  };
  const modal = Array.from(document.querySelectorAll('[aria-modal=true], dialog[open]')).pop();
  const usable = (el: Element): boolean => {
    if (!(el instanceof HTMLElement) || el.closest('[inert], [aria-hidden=true]')) return false;
    // A carousel's slide changes with the wall clock: which one shows cannot be part of a replay.
    if (el.closest('[aria-roledescription=slide]')) return false;
    if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') return false;
    if ((el as HTMLInputElement).readOnly) return false;
    if (modal && !modal.contains(el)) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || !el.checkVisibility({ visibilityProperty: true })) return false;
    if (el instanceof HTMLAnchorElement) {
      // Only addresses of the app itself, opened in the same tab.
      if (el.origin !== location.origin || !/^https?:$/.test(el.protocol) || el.target === '_blank' || el.hasAttribute('download')) return false;
    }
    // On screen, something else covering it would take the click.
    if (box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth) {
      const hit = document.elementFromPoint(Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1), Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1));
      if (hit && !el.contains(hit) && !hit.contains(el) && !(hit instanceof HTMLLabelElement && hit.control === el)) return false;
    }
    return true;
  };
  const candidates = Array.from(document.querySelectorAll(selectors[kind])).filter(usable) as HTMLElement[];
  if (candidates.length === 0) return null;
  const el = candidates[Math.floor(r * candidates.length)]!;
  const name = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).placeholder || (el as HTMLInputElement).name || '').trim().replace(/\s+/g, ' ').slice(0, 40);
  const what = `${el.localName}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${el instanceof HTMLInputElement ? `[type=${el.type}]` : ''} "${name}"`;
  // A link's target, so the walk can wait for the router to get there before looking again.
  if (el instanceof HTMLAnchorElement && `${el.pathname}${el.search}` !== `${location.pathname}${location.search}`) {
    (window as unknown as { __monkeyTarget?: string }).__monkeyTarget = `${el.pathname}${el.search}`;
  }
  if (kind === 'click') el.click();
  else if (kind === 'type') {
    el.focus({ preventScroll: true });
    (el as HTMLInputElement).select?.();
  } else {
    const select = el as HTMLSelectElement;
    const options = Array.from(select.options).filter((o) => !o.disabled);
    if (options.length === 0) return null;
    const option = options[Math.floor(s * options.length)]!;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, option.value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return `${what} = "${option.label}"`;
  }
  return what;
}

// ---------------------------------------------------------------------------------- the walk

interface Watch {
  problems: string[];
  inFlight: Set<Request>;
  checks: Promise<void>[];
  answers: number;
  refusals: number;
  lastRequestEnd: number;
  xss: number[];
}

/** Watches the page for everything that fails a walk; checks every API answer against the contract. */
async function watch(page: Page, step: () => number): Promise<Watch> {
  const w: Watch = { problems: [], inFlight: new Set(), checks: [], answers: 0, refusals: 0, lastRequestEnd: 0, xss: [] };
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  page.on('pageerror', (error) => w.problems.push(`#${step()} page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 4xx answer to a fetch; a refusal of the contract is the app's business
    // (its envelope is checked below, and the app shows it), not an error of the page.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && isApi(message.location().url)) {
      w.refusals += 1;
      return;
    }
    w.problems.push(`#${step()} console error: ${message.text()} (${message.location().url})`);
  });
  page.on('request', (request) => void w.inFlight.add(request));
  const ended = (request: Request) => {
    w.inFlight.delete(request);
    w.lastRequestEnd = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (response) => {
    if (!isApi(response.url())) return;
    const at = step();
    w.checks.push(
      (async () => {
        const op = operationFor(response.request());
        const where = `${response.request().method()} ${new URL(response.url()).pathname}`;
        if (!op) return void w.problems.push(`#${at} ${where}: no operation of the contract`);
        let body: unknown;
        try {
          body = JSON.parse(await response.text());
        } catch (error) {
          // A body Chromium no longer holds (the page moved on) cannot be checked; one that is not JSON breaks the contract.
          if (/not JSON|Unexpected token|JSON/.test(String(error))) w.problems.push(`#${at} ${op.id}: HTTP ${response.status()}, not JSON`);
          return;
        }
        w.answers += 1;
        if (response.status() >= 500) w.problems.push(`#${at} ${op.id}: HTTP ${response.status()}`);
        // An assumed field left out is a note, not a break (decision 073).
        const drifts = checkAnswer(op, response.status(), body).drifts.filter((d) => !d.note);
        if (drifts.length > 0) w.problems.push(`#${at} ${op.id} breaks the contract: ${drifts.map((d) => `${d.path} ${d.problem}`).join('; ')}`);
      })(),
    );
  });
  // Never leave the app's origin: anything elsewhere answers a blank page, and the walk goes back.
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }),
  );
  // Dialogs are dismissed; file choosers are caught (and left unanswered) instead of opening.
  page.on('dialog', (dialog) => void dialog.dismiss());
  page.on('filechooser', () => undefined);
  page.on('popup', (popup) => void popup.close());
  await page.exposeFunction('__xssHit', (n: number) => void w.xss.push(n));
  await page.addInitScript(() => {
    const win = window as unknown as { __xss: (n: number) => void; __xssHit: (n: number) => void };
    win.__xss = (n) => win.__xssHit(n);
    // For settle(): when the DOM last changed, and the page's own fetches still waiting (a
    // service worker's answer may reach Playwright's request events late).
    const state = window as unknown as { __monkeyChanged: number; __monkeyFetches: number };
    const mark = () => (state.__monkeyChanged = performance.now());
    mark();
    state.__monkeyFetches = 0;
    new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // Timers due within a second (a debounced search) are work still to come; longer ones (a
    // toast's life, the request timeout) are not waited for.
    const soon = new Set<number>();
    const { setTimeout: set, clearTimeout: clear } = window;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (typeof handler !== 'function' || !delay || delay > 1000) return set(handler, delay, ...args);
      const id = set(() => {
        soon.delete(id);
        (handler as (...a: unknown[]) => void)(...args);
      }, delay);
      soon.add(id);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) soon.delete(id);
      clear(id);
    }) as typeof window.clearTimeout;
    (window as unknown as { __monkeySoon: Set<number> }).__monkeySoon = soon;
    const fetch = window.fetch;
    window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
      state.__monkeyFetches += 1;
      return fetch.apply(this, args).finally(() => {
        state.__monkeyFetches -= 1;
        mark();
      });
    } as typeof fetch;
  });
  return w;
}

/** A navigation of the walk's own (back, forward, reload, open /) that takes longer is a hang. */
const NAVIGATION_MS = 10_000;
/** How long the page must stay unchanged, with nothing in flight, to count as settled. */
const QUIET_MS = 40;
/** A page still busy after this long (a payment waiting for its result) is taken as it is. */
const SETTLE_CAP_MS = 8000;

/**
 * Waits until the page is quiet: no request in flight or just ended, no spinner (a route loading,
 * a query pending) and no change to the DOM for QUIET_MS.
 */
async function settle(page: Page, w: Watch): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < SETTLE_CAP_MS) {
    let state: { busy: boolean; still: number };
    try {
      await page.waitForLoadState('domcontentloaded', { timeout: SETTLE_CAP_MS });
      state = await page.evaluate(() => {
        // Every action starts from the top of the page: what is on screen (and so what can be
        // hit) must not depend on how far a smooth scroll had got.
        const scrolled = scrollX !== 0 || scrollY !== 0;
        if (scrolled) scrollTo({ top: 0, left: 0, behavior: 'instant' });
        const spinning = Array.from(document.querySelectorAll('[class*=spinner], [aria-busy=true]')).some((el) => el.getBoundingClientRect().width > 0);
        const { __monkeyChanged: last = 0, __monkeyFetches: fetches = 0, __monkeySoon: soon } = window as unknown as { __monkeyChanged?: number; __monkeyFetches?: number; __monkeySoon?: Set<number> };
        // A page of the app (or the mock's login page, drawn by the same bundle) has started once
        // its mock answers and something is drawn.
        const app = document.title !== 'elsewhere' && location.protocol.startsWith('http');
        const started = !app || (window.__mock !== undefined && document.querySelector('#root > *') !== null);
        return { busy: scrolled || spinning || fetches > 0 || (soon?.size ?? 0) > 0 || !started || document.readyState !== 'complete', still: performance.now() - last };
      });
    } catch {
      continue; // a navigation replaced the document: wait for the new one
    }
    const idle = w.inFlight.size === 0 && Date.now() - w.lastRequestEnd >= QUIET_MS;
    if (idle && !state.busy && state.still >= QUIET_MS) return Date.now() - start;
    await page.waitForTimeout(Math.max(5, QUIET_MS - Math.min(state.still, QUIET_MS)));
  }
  return Date.now() - start;
}

async function walk(page: Page, w: Watch, log: string[], prng: Prng, first: number, last: number, onStep: (i: number) => void) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (let i = first; i <= last; i += 1) {
    onStep(i);
    const kind: ActionKind = prng.weighted(actionWeights);
    const r = prng.next();
    const s = prng.next();
    const path = () => {
      const url = new URL(page.url());
      return url.origin === origin ? `${url.pathname}${url.search}` : url.href;
    };
    const from = path();
    let did: string | null;
    try {
      switch (kind) {
        case 'click':
        case 'select':
          did = await page.evaluate(actInPage, { kind, r, s });
          break;
        case 'type': {
          did = await page.evaluate(actInPage, { kind, r, s });
          if (did) {
            const text = s < 0.35 ? chinese(prng, 1 + prng.int(12)) : prng.pick(texts);
            await page.keyboard.insertText(text);
            did += ` ← "${text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text}"`;
          }
          break;
        }
        case 'key': {
          const key = keys[Math.floor(r * keys.length)]!;
          await page.keyboard.press(key);
          did = `press ${key}`;
          break;
        }
        case 'escape':
          await page.keyboard.press('Escape');
          did = 'press Escape';
          break;
        case 'back':
          did = (await page.goBack({ waitUntil: 'commit', timeout: NAVIGATION_MS })) === null && page.url() === from ? null : 'back';
          did ??= 'back (no history)';
          break;
        case 'forward':
          await page.goForward({ waitUntil: 'commit', timeout: NAVIGATION_MS });
          did = 'forward';
          break;
        case 'reload':
          await page.reload({ waitUntil: 'commit', timeout: NAVIGATION_MS });
          did = 'reload';
          break;
        case 'home':
          await page.goto('/', { waitUntil: 'commit', timeout: NAVIGATION_MS });
          did = 'open /';
          break;
      }
    } catch (error) {
      // The page navigated in the middle of an action: the walk goes on from where it landed.
      did = `${kind} interrupted: ${String(error).split('\n')[0]}`;
    }
    // After a link: wait until the address moved (to the target, or wherever a guard sent it).
    const target = await page.evaluate(() => (window as unknown as { __monkeyTarget?: string }).__monkeyTarget).catch(() => undefined);
    if (target) {
      await page.waitForURL((url) => `${url.pathname}${url.search}` !== from, { timeout: SETTLE_CAP_MS }).catch(() => undefined);
      await page.evaluate(() => delete (window as unknown as { __monkeyTarget?: string }).__monkeyTarget).catch(() => undefined);
    }
    const waited = await settle(page, w);
    log.push(`#${i} ${from}: ${did ?? `nothing to ${kind}`}${waited >= SETTLE_CAP_MS ? ' (still busy)' : ''}`);
    if (process.env.MONKEY_LOG) log[log.length - 1] += ` [${waited} ms]`;
    if (new URL(page.url()).origin !== origin) {
      // Elsewhere (a link out, answered blank): back. Before the walk's first page (about:blank): home.
      const blank = !page.url().startsWith('http');
      log.push(`#${i} left for ${page.url()}: ${blank ? 'open /' : 'back'}`);
      if (blank) await page.goto('/', { timeout: NAVIGATION_MS });
      else await page.goBack({ waitUntil: 'commit', timeout: NAVIGATION_MS }).catch(() => page.goto('/', { timeout: NAVIGATION_MS }));
      await settle(page, w);
    }
    await Promise.all(w.checks);
    if (w.problems.length > 0 || w.xss.length > 0) return;
  }
}

/** A walk is run in legs, one test each, on one page kept across them (so no leg waits long). */
const LEG = 25;

/** Opens the scenario with the seed, freezes the mock's clock and signs in (or not), as QA would. */
async function start(page: Page, seed: number, username: string | null) {
  const query = new URLSearchParams({ [MOCK_SCENARIO_PARAM]: 'default', [MOCK_SEED_PARAM]: String(seed), [MOCK_LATENCY_PARAM]: '0,0' });
  await page.goto(`/?${query}`);
  await waitForMock(page);
  await expect.poll(() => new URL(page.url()).searchParams.has(MOCK_SCENARIO_PARAM)).toBe(false);
  const mock = new MockDriver(page);
  await mock.clock({ frozen: true });
  if (!username) return;
  const { ticket } = await mock.login(username);
  const back = await withSignInState(page.context(), '/');
  back.searchParams.set(TICKET_PARAM, ticket);
  await page.goto(`${back.pathname}${back.search}`);
  await page.waitForURL((url) => !url.searchParams.has(TICKET_PARAM));
  await waitForMock(page);
}

for (const seed of seeds) {
  test.describe(`random walk, seed ${seed}`, () => {
    test.describe.configure({ mode: 'serial' });
    const prng = new Prng(seed);
    const log: string[] = [];
    let page: Page;
    let w: Watch;
    let current = 0;
    let walked = 0;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage();
    });
    test.afterAll(async () => {
      // A leg that timed out never printed its log: say where the walk stopped, and how to replay it.
      if (current < ACTIONS && !(w?.problems.length || w?.xss.length)) {
        console.log(`MONKEY_SEED=${seed} stopped at action ${current}; replay: MONKEY_SEED=${seed} MONKEY_ACTIONS=${ACTIONS} npx playwright test e2e/monkey.spec.ts --project=demo\n${log.join('\n')}`);
      }
      await page.context().close();
      const figures = `${current} actions in ${(walked / 1000).toFixed(1)} s, ${w.answers} answers checked against the contract, ${w.refusals} refusals`;
      console.log(`monkey seed ${seed}: ${figures}`);
    });

    test('starts from the scenario, with the mock clock frozen', async () => {
      w = await watch(page, () => current);
      // Odd seeds start signed out, even ones as a parent of the scenario; either may sign in or out on the way.
      const username = seed % 2 === 0 ? prng.pick(usernames) : null;
      await start(page, seed, username);
      log.push(`start: scenario default, seed ${seed}, ${username ? `signed in as ${username}` : 'signed out'}`);
      await settle(page, w);
      expect(w.problems).toEqual([]);
    });

    for (let from = 1; from <= ACTIONS; from += LEG) {
      const to = Math.min(ACTIONS, from + LEG - 1);
      test(`actions ${from}-${to}: no page error, console error, broken answer or script run`, async () => {
        const began = Date.now();
        await walk(page, w, log, prng, from, to, (i) => (current = i));
        walked += Date.now() - began;
        if (process.env.MONKEY_LOG && to === ACTIONS) console.log(log.join('\n'));
        if (w.problems.length > 0 || w.xss.length > 0) {
          console.log(
            `MONKEY_SEED=${seed} failed at action ${current}; replay: MONKEY_SEED=${seed} MONKEY_ACTIONS=${ACTIONS} npx playwright test e2e/monkey.spec.ts --project=demo\n${log.join('\n')}`,
          );
        }
        expect(w.xss, `MONKEY_SEED=${seed}: typed text ran as script`).toEqual([]);
        expect(w.problems, `MONKEY_SEED=${seed}: see the action log above`).toEqual([]);
      });
    }
  });
}
