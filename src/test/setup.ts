// Setup of the `dom` vitest project (see vite.config.ts).
import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { richTextReady } from '../components/ui/rich-text.tsx';
import { setServerClockOffset } from '../lib/server-clock.ts';
import { requestTimeout } from '../lib/api/api-client.ts';
import { REQUEST_TIMEOUT_MS } from '../lib/api/client.ts';
import { resetChildStore } from '../stores/child-store.ts';
import { resetSessionStore } from '../stores/session-store.ts';
import { resetToastStore } from '../stores/toast-store.ts';
import { resetUiStore } from '../stores/ui-store.ts';
import { createScope, provideScopes } from '../stores/request-scope.ts';
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
 * A file of this project run in Node (`@vitest-environment node`) has no browser page, where the
 * stores would find their one scope; on a server there is none outside a request (the store
 * throws: request-scope.ts). The harness plays the page here: one scope for the file's tests.
 */
if (typeof window === 'undefined') {
  const page = createScope();
  provideScopes(() => page);
}

/** jsdom's FileReader takes only jsdom's Blobs: the same API over Node's (data: URLs and text). */
class NodeBlobReader extends EventTarget {
  result: string | null = null;
  error: Error | null = null;
  readyState = 0;
  onload: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onloadend: ((event: Event) => void) | null = null;
  private read(blob: Blob, as: (bytes: Buffer) => string) {
    this.readyState = 1;
    blob.arrayBuffer().then(
      (buffer) => this.finish('load', as(Buffer.from(buffer))),
      (error: unknown) => {
        this.error = error instanceof Error ? error : new Error(String(error));
        this.finish('error', null);
      },
    );
  }
  private finish(type: 'load' | 'error', result: string | null) {
    this.result = result;
    this.readyState = 2;
    const event = new Event(type);
    (type === 'load' ? this.onload : this.onerror)?.(event);
    this.dispatchEvent(event);
    this.onloadend?.(new Event('loadend'));
  }
  readAsDataURL(blob: Blob) {
    this.read(blob, (bytes) => `data:${blob.type || 'application/octet-stream'};base64,${bytes.toString('base64')}`);
  }
  readAsText(blob: Blob) {
    this.read(blob, (bytes) => bytes.toString('utf8'));
  }
}

/*
 * One set of Blob, File and FormData, as a browser has: jsdom's differ from Node's, and a jsdom
 * File appended to a FormData reaches the mock (through Node's fetch) as a few bytes of text, so
 * the mock, which checks an upload by its bytes, would see no image. Node's classes for all.
 */
if (typeof window !== 'undefined') {
  const JsdomFormData = globalThis.FormData;
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  /** Node's FormData, which also reads a jsdom form (React's form actions call `new FormData(form)`). */
  class FormDataOfForms extends NodeFormData {
    constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const [name, value] of new JsdomFormData(form, submitter)) this.append(name, value);
    }
  }
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('FormData', FormDataOfForms);
  vi.stubGlobal('FileReader', NodeBlobReader);
}

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
  requestTimeout.ms = REQUEST_TIMEOUT_MS;
});

// jsdom has no HTML Sanitizer API: rich text waits for DOMPurify, which every test has at once.
beforeAll(() => richTextReady);

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
