// Setup of the `dom` vitest project (see vite.config.ts).
import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { setServerClockOffset } from '../lib/server-clock.ts';
import { resetChildStore } from '../stores/child-store.ts';
import { resetSessionStore } from '../stores/session-store.ts';
import { resetToastStore } from '../stores/toast-store.ts';
import { resetUiStore } from '../stores/ui-store.ts';
import { server } from './api-server.ts';
import { dropMockBackend } from './mock-backend.ts';
import { liveQueryClients } from './query-clients.ts';

/*
 * Any console.error or console.warn fails the test (React warnings about keys, act(), invalid
 * DOM nesting... are bugs here). The calls are collected and thrown from afterEach rather than
 * thrown on the spot, because React and testing-library call console.error inside their own
 * try/catch blocks, where a throw would be swallowed or reported as a different error.
 *
 * A test that expects a console message takes over the spy for its own duration:
 *   vi.spyOn(console, 'error').mockImplementation(() => {});
 */
// A page's answers and renders on a busy 2-core machine can take more than findBy's default 1 s;
// renderRoute has already loaded the route's module by then.
configure({ asyncUtilTimeout: 5000 });

/*
 * One msw server for every test of the project: any call no handler answers fails the test.
 * renderRoute puts the mock's handlers in; a test may put its own in front with server.use().
 */
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

/** Every test starts signed out, with nothing stored, no toast, the address at the root. */
beforeEach(() => {
  // A few tests of the fetch layer run in Node's environment, with no document.
  if (typeof document !== 'undefined') {
    clearCookies();
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  }
  resetSessionStore();
  resetChildStore();
  resetToastStore();
  resetUiStore();
  setServerClockOffset(0);
});

// jsdom has no scrolling; React Router's ScrollRestoration and the back-to-top button call it.
if (typeof window !== 'undefined') window.scrollTo = (() => {}) as typeof window.scrollTo;

const methods = ['error', 'warn'] as const;
let spies: MockInstance[] = [];
let messages: string[] = [];

/** The first stack frames outside this file and node_modules: where the message came from. */
function callSite(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const own = frames.filter((line) => !line.includes('/node_modules/') && !line.includes('src/test/setup.ts'));
  return own.slice(0, 3).join('\n');
}

beforeEach(() => {
  messages = [];
  spies = methods.map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      messages.push([`console.${method}: ${format(...args)}`, callSite()].filter(Boolean).join('\n'));
    }),
  );
});

afterEach(() => {
  cleanup();
  for (const client of liveQueryClients) client.clear();
  liveQueryClients.clear();
  server.resetHandlers();
  dropMockBackend();
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const spy of spies) spy.mockRestore();
  spies = [];
  if (messages.length > 0) {
    const text = messages.join('\n');
    messages = [];
    throw new Error(`The test wrote to console.error/console.warn:\n${text}`);
  }
});
