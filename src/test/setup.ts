// Setup of the `dom` vitest project (see vite.config.ts).
import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/*
 * Any console.error or console.warn fails the test (React warnings about keys, act(), invalid
 * DOM nesting... are bugs here). The calls are collected and thrown from afterEach rather than
 * thrown on the spot, because React and testing-library call console.error inside their own
 * try/catch blocks, where a throw would be swallowed or reported as a different error.
 *
 * A test that expects a console message takes over the spy for its own duration:
 *   vi.spyOn(console, 'error').mockImplementation(() => {});
 */
// Lazy routes on a busy 2-core CI machine can take more than the default 1 s to appear.
configure({ asyncUtilTimeout: 5000 });

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
  for (const spy of spies) spy.mockRestore();
  spies = [];
  if (messages.length > 0) {
    const text = messages.join('\n');
    messages = [];
    throw new Error(`The test wrote to console.error/console.warn:\n${text}`);
  }
});
