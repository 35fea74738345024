/**
 * Test kit for the mock itself: a fresh mock per test file, reset before every test, and `call`
 * to hit any operation over (intercepted) HTTP exactly as the app would.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { API_BASE_PATH, AUTH_HEADER, CLIENT_ID_HEADER, buildPath, operations, type InputOf, type OperationId, type Operations } from '#contract/index';
import { encodeQuery } from '#contract/wire';
import type { z } from '#contract/zod';
import type { Snapshot } from '#fixtures/records';
import { toIso } from '#fixtures/time';
import { booksProblems } from './rules/books.ts';
import { createNodeMock, type NodeMockOptions } from './node.ts';
import type { MockState } from './core/state.ts';

export const MOCK_ORIGIN = 'http://mock.test';

/** An answer as it travels (money in yuan): `call` does not parse it. */
export interface CallResult<T> {
  status: number;
  error_code: number;
  msg: string;
  data: T;
}

export interface Credentials {
  clientId: string;
  accessToken: string;
}

/** Opens a session for a parent straight in the tables, as a validated ticket would. */
export async function openSession(state: MockState, userId: number): Promise<Credentials> {
  const n = state.db.sessions.count() + 1;
  const credentials = { clientId: `client-test-${n}`, accessToken: `token-test-${n}` };
  await state.db.sessions.create({
    client_id: credentials.clientId,
    access_token: credentials.accessToken,
    user_id: userId,
    token_expires_at: toIso(state.now() + state.settings.tokenTtlMs),
    revoked: false,
  });
  return credentials;
}

/**
 * Sets up a mock for a test file. Every test starts from the scenario (or the world given),
 * with the clock where the scenario puts it and no faults.
 */
export function setupMockForTests(options: NodeMockOptions & { world?: () => { now: number; snapshot: Snapshot } } = {}) {
  let mock: Awaited<ReturnType<typeof createNodeMock>>;
  let start: { now: number; snapshot: Snapshot };

  beforeAll(async () => {
    mock = await createNodeMock(options);
    start = options.world ? options.world() : { now: mock.state.now(), snapshot: mock.state.snapshot() };
    mock.server.listen({ onUnhandledRequest: 'error' });
  });
  const reset = async () => {
    await mock.state.load(start.snapshot);
    mock.state.clock.set(start.now);
    mock.state.faults.clear();
  };
  beforeEach(reset);
  // Whatever a test did, the books still add up (books.ts).
  afterEach(() => expect(booksProblems(mock.state.snapshot()), 'the books after this test').toEqual([]));
  afterAll(() => mock.server.close());

  const kit = {
    get state(): MockState {
      return mock.state;
    },

    /** Back to the start (what runs before every test), for tests that run many cases in one. */
    reset,

    /** Opens a session for a parent directly (st_validate's own tests go through the ticket). */
    async signIn(username: string): Promise<Credentials> {
      return openSession(mock.state, mock.state.db.parents.findFirst((q) => q.where({ username }), { strict: true }).id);
    },

    async call<Id extends OperationId>(id: Id, input: InputOf<Operations[Id]>, as?: Credentials): Promise<CallResult<z.input<Operations[Id]['response']>>> {
      const op = operations[id];
      const parts = input as { pathParams?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
      const search = encodeQuery(parts.query).toString();
      const url = `${MOCK_ORIGIN}${API_BASE_PATH}${buildPath(op.path, parts.pathParams)}${search ? `?${search}` : ''}`;
      const headers: Record<string, string> = {};
      if (as) {
        headers[CLIENT_ID_HEADER] = as.clientId;
        headers[AUTH_HEADER] = as.accessToken;
      }
      let body: BodyInit | undefined;
      if (parts.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(parts.body);
      }
      const response = await fetch(url, { method: op.method, headers, body });
      const json = (await response.json()) as Omit<CallResult<never>, 'status'>;
      return { status: response.status, ...json };
    },

    /** Sends anything, for tests of what the contract forbids. */
    async raw(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
      const response = await fetch(`${MOCK_ORIGIN}${API_BASE_PATH}${path}`, { method, body: init.body, headers: init.headers });
      return { status: response.status, ...((await response.json()) as Omit<CallResult<unknown>, 'status'>) };
    },
  };
  return kit;
}
