/**
 * The visual check's walk (decision 078): the static build's stories, served on a free port, and
 * one page that shows them one after another through Storybook's own channel (the event its
 * manager sends to switch stories). A story is ready once its play function is done, its fonts and
 * images are in and two frames have painted.
 */
import { readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';

const STATIC = resolve(import.meta.dirname, '../../storybook-static');

/** The moment every story is shot at (Date.now; timers run). */
const FIXED_NOW = new Date('2026-01-15T10:00:00+08:00');

/** What a masked picture is drawn as: the portal's lightest green-grey, not a colour of its own. */
const MASK_COLOUR = '#e3ebe6';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
}

/** The stories of the build, in the order of its index (file by file, story by story). */
export function storiesOfBuild(): IndexEntry[] {
  const index = join(STATIC, 'index.json');
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`npm run test:visual\`, which builds Storybook first`);
  const entries = Object.values((JSON.parse(readFileSync(index, 'utf8')) as { entries: Record<string, IndexEntry> }).entries);
  return entries.filter((entry) => entry.type === 'story' && !entry.tags?.includes('no-visual'));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
};

/** The build's files over HTTP on a free port (a service worker, MSW's, needs http: and not file:). */
function serveStatic(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(STATIC, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(STATIC) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    response.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

declare global {
  interface Window {
    __storyFetches: { story: number; pending: number[]; quietSince?: number };
    __STORYBOOK_PREVIEW__?: { currentRender?: { story?: { tags: string[] } } };
    __STORYBOOK_ADDONS_CHANNEL__: {
      emit(event: string, ...args: unknown[]): void;
      on(event: string, listener: (...args: unknown[]) => void): void;
      off(event: string, listener: (...args: unknown[]) => void): void;
    };
  }
}

/** One page for the whole walk, on the build served by this worker. */
export const test = base.extend<object, { storybook: Page }>({
  storybook: [
    async ({ browser }, use) => {
      const server = await serveStatic();
      // Less motion asked for (the banner stands still), Beijing's clock fixed at one moment (countdowns
      // read the same in every run; timers still run), the journeys' locale.
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce', locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      await page.clock.setFixedTime(FIXED_NOW);
      // Calls in flight, counted per story (a loading story's call never answers, and the next
      // story must not wait for it): a story is shot once all it asked for has answered.
      await page.addInitScript(() => {
        window.__storyFetches = { story: 0, pending: [0] };
        const fetch = window.fetch.bind(window);
        window.fetch = (...args) => {
          const counts = window.__storyFetches;
          const story = counts.story;
          counts.pending[story] = (counts.pending[story] ?? 0) + 1;
          return fetch(...args).finally(() => void (counts.pending[story] = (counts.pending[story] ?? 1) - 1));
        };
      });
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(error.message);
      page.on('pageerror', onError);
      const first = storiesOfBuild()[0]!;
      // The accessibility addon's axe run after each story is the vitest project's check; here it would only cost time.
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/iframe.html?id=${first.id}&viewMode=story&globals=a11y.manual:!true`);
      // MSW reloads the page once when its worker is registered but does not yet control it: the
      // walk starts once it does and the first story has rendered.
      const ready = () => Boolean(navigator.serviceWorker.controller && window.__STORYBOOK_ADDONS_CHANNEL__ && document.querySelector('#storybook-root')?.hasChildNodes());
      for (let attempt = 0; ; attempt++) {
        try {
          await page.waitForFunction(ready, null, { timeout: 30_000 });
          break;
        } catch (error) {
          if (attempt >= 2 || !/context was destroyed|navigation/i.test(String(error))) throw error;
        }
      }
      page.off('pageerror', onError);
      if (errors.length > 0) throw new Error(`the first story failed: ${errors.join('\n')}`);
      await use(page);
      await page.close();
      await new Promise((done) => server.close(done));
    },
    { scope: 'worker' },
  ],
});

/**
 * Renders a story in the open page and resolves once its play function is done, or rejects with
 * the story's own error. The same story again is remounted (a new viewport, a new start). A story
 * of a loading state (the tag `busy`) keeps its busy areas; any other is shot once they are gone.
 */
export async function showStory(page: Page, id: string, { isPage = false } = {}): Promise<void> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  try {
    await showAndSettle(page, id, isPage);
  } finally {
    page.off('pageerror', onError);
  }
  if (errors.length > 0) throw new Error(`story ${id} threw: ${errors.join('\n')}`);
}

async function showAndSettle(page: Page, id: string, isPage: boolean): Promise<void> {
  const outcome = await page.evaluate(
    (storyId) =>
      new Promise<string>((done) => {
        const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
        const events = ['storyRendered', 'storyErrored', 'storyThrewException', 'playFunctionThrewException', 'storyMissing'];
        const listeners = events.map((event) => {
          const listener = (...args: unknown[]) => {
            const first = args[0] as { id?: string; storyId?: string; message?: string; title?: string; description?: string } | string | undefined;
            if (event === 'storyRendered' && first !== storyId) return;
            listeners.forEach(([name, fn]) => channel.off(name, fn));
            // The story's tags as composed (a CSF factory's tags are not in the static index).
            const tags = window.__STORYBOOK_PREVIEW__?.currentRender?.story?.tags ?? [];
            done(
              event === 'storyRendered' ? (tags.includes('busy') ? 'busy' : 'ok') : `${event}: ${typeof first === 'object' ? (first.message ?? first.title ?? JSON.stringify(first)) : String(first)}`,
            );
          };
          channel.on(event, listener);
          return [event, listener] as const;
        });
        // Each story starts as a fresh tab would: what one story left in this tab's storage (the
        // feedback form's draft, with a signed-in story's name in it) is not the next one's.
        sessionStorage.clear();
        window.__storyFetches.story++;
        window.__storyFetches.quietSince = undefined;
        // Storybook writes the story's id into the address as it switches.
        const current = new URL(location.href).searchParams.get('id');
        channel.emit(current === storyId ? 'forceRemount' : 'setCurrentStory', { storyId, viewMode: 'story' });
      }),
    id,
  );
  if (outcome !== 'ok' && outcome !== 'busy') throw new Error(`story ${id}: ${outcome}`);
  const busy = outcome === 'busy';
  // What it asked for has answered, and nothing says it is still loading (but in a story of a
  // loading state), for 100 ms on end: an answer may lead to the next call (the session, then
  // the children's list the top bar shows), which starts a frame or two after it.
  await page.waitForFunction(
    (waitForData) => {
      if (!waitForData) return true;
      const counts = window.__storyFetches;
      const now = performance.now();
      if ((counts.pending[counts.story] ?? 0) !== 0 || document.querySelector('[aria-busy="true"]') !== null) {
        counts.quietSince = undefined;
        return false;
      }
      counts.quietSince ??= now;
      return now - counts.quietSince >= 100;
    },
    !busy,
    { timeout: 15_000, polling: 'raf' },
  );
  // A page whose route is still a lazy chunk shows nothing yet (a story without a play function is
  // rendered as soon as it mounts): the app's page has words, a loading one its busy area. The
  // header's words come first: the page is in once the layout's skeleton for a page still on its
  // way (PageSkeleton, 页面加载中) is gone: a loading story was shot as that skeleton on a fast
  // machine and as the page's own on a slow one.
  if (isPage)
    await page.waitForFunction(
      () => (document.querySelector('#storybook-root') as HTMLElement | null)?.innerText.trim() !== '' && document.querySelector('#storybook-root [role="status"][aria-label="页面加载中"]') === null,
      null,
      { timeout: 15_000 },
    );
  // No element under a stale pointer (Chromium may apply :hover to what moved under it).
  await page.mouse.move(-1000, -1000);
  // Its fonts and eager images are in, and what the last render changed has painted.
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A lazy image below the fold loads or not depending on timing: every image is asked for now.
    for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager';
    const pending = [...document.images].filter((image) => !image.complete);
    await Promise.all(
      pending.map(
        (image) =>
          new Promise((done) => {
            image.addEventListener('load', done, { once: true });
            image.addEventListener('error', done, { once: true });
          }),
      ),
    );
    window.scrollTo(0, 0);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

export const screenshotName = (id: string, viewport: ViewportName) => `${id}.${viewport}.png`;

/** A story of a page or a layout (the whole app at an address) rather than of a piece of the kit. */
export const isPageStory = (title: string) => /^(Pages|Layouts)(\/|$)/.test(title);

/**
 * The story's tags as composed (a story made by a function, as the page states are, has none in
 * the static index): `no-visual` says its picture is another story's (a phone-viewport copy, a
 * retried state that ends as its page starts), so it is not shot twice.
 */
export async function storyTags(page: Page, id: string): Promise<string[]> {
  return page.evaluate(async (storyId) => {
    const preview = window.__STORYBOOK_PREVIEW__ as unknown as { loadStory(input: { storyId: string }): Promise<{ tags: string[] }> };
    return (await preview.loadStory({ storyId })).tags;
  }, id);
}

/**
 * What is compared (decision 079): a page state's first screen at that width, what a parent sees
 * on opening it (the full length of a page would repeat the home page's 3,000 px of cards in
 * every state that lands there); a piece of the kit, the box of what it rendered (dialogs and
 * other layers it opened included), not the empty page around it.
 */
export async function expectShot(page: Page, story: { id: string; title: string }, viewport: ViewportName, options: { timeout?: number } = {}): Promise<void> {
  const name = screenshotName(story.id, viewport);
  if (isPageStory(story.title)) {
    // The pictures the mock serves (class covers, banners, avatars, codes) are its data, drawn in
    // their own stories: here they are flat boxes at their place and size, so the page's layout and
    // words are compared without 100 KB of gradients in every state's baseline.
    await expect(page).toHaveScreenshot(name, { ...options, fullPage: false, mask: [page.locator('#storybook-root img')], maskColor: MASK_COLOUR });
    return;
  }
  const clip = await page.evaluate(() => {
    const root = document.querySelector('#storybook-root')!;
    const layers = [...document.body.children].filter((element) => element !== root && !['SCRIPT', 'STYLE', 'LINK'].includes(element.tagName) && element.id !== 'storybook-docs');
    // Everything it drew, fixed layers (toasts, overlays) and portals beside the root included.
    const boxes = [root, ...layers]
      .flatMap((element) => [element, ...element.querySelectorAll('*')])
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    if (boxes.length === 0) return { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight };
    const left = Math.max(0, Math.floor(Math.min(...boxes.map((box) => box.left))));
    const top = Math.max(0, Math.floor(Math.min(...boxes.map((box) => box.top))));
    const right = Math.min(document.documentElement.scrollWidth, Math.ceil(Math.max(...boxes.map((box) => box.right))));
    const bottom = Math.min(document.documentElement.scrollHeight, Math.ceil(Math.max(...boxes.map((box) => box.bottom))));
    return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
  });
  await expect(page).toHaveScreenshot(name, { ...options, fullPage: true, clip });
}

export { expect };
