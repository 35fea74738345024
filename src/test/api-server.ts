/**
 * The one msw/node server of the component tests (started by setup.ts, failing any call nobody
 * answers), and envelope builders for the tests of the fetch layer, which talk to a fake origin.
 */
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';
import { API_BASE_PATH, SUCCESS_CODE } from '#contract/index';
import { mockBackendHandlers } from './mock-backend.ts';

export const TEST_ORIGIN = 'http://api.test';
export const apiUrl = (path: string, origin = TEST_ORIGIN) => `${origin}${API_BASE_PATH}${path}`;

/** The mock backend's handlers sit last: a test's server.use() handlers answer first. */
export const server = setupServer(...mockBackendHandlers);

export function ok(data: JsonBodyType, msg = '操作成功') {
  return HttpResponse.json({ error_code: SUCCESS_CODE, msg, data });
}

export function fail(status: number, errorCode: number, msg: string, data: JsonBodyType = null) {
  return HttpResponse.json({ error_code: errorCode, msg, data }, { status });
}

export { http, HttpResponse };

type Method = 'get' | 'post' | 'put' | 'delete' | 'all';
/** A call as a test reads it: the request (a copy: its body can be read), its path parameters and its address. */
export interface SeenCall {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
  url: URL;
}

/**
 * What the page sends to `path` (msw's pattern, `*\/order_list`), each call read by `read`, in the
 * order sent; recorded in front of the mock, which still answers.
 */
export function recordCalls<T>(method: Method, path: string, read: (call: SeenCall) => T | Promise<T>, until?: Promise<void>): T[] {
  const seen: T[] = [];
  server.use(
    http[method](path, async ({ request, params }) => {
      seen.push(await read({ request: request.clone(), params, url: new URL(request.url) }));
      await until;
    }),
  );
  return seen;
}

/** As `recordCalls`, each call held until `release()` is called. */
export function recordHeldCalls<T>(method: Method, path: string, read: (call: SeenCall) => T | Promise<T>): { seen: T[]; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { seen: recordCalls(method, path, read, held), release };
}

/** The error_code of every answer to a call whose path ends so (as the mock sent it), for the rest of the test. */
export function recordAnswerCodes(pathEnd: string): number[] {
  const codes: number[] = [];
  const listener = ({ request, response }: { request: Request; response: Response }) => {
    if (!new URL(request.url).pathname.endsWith(pathEnd)) return;
    void response
      .clone()
      .json()
      .then((body: { error_code: number }) => codes.push(body.error_code));
  };
  server.events.on('response:mocked', listener);
  onTestFinished(() => server.events.removeListener('response:mocked', listener));
  return codes;
}

/** Holds the calls to `path` until `release()` is called; then they go on to the mock. */
export function holdCalls(method: Method, path: string, options: { once?: boolean } = {}): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(http[method](path, () => held, options));
  return release;
}
