/**
 * msw/node for tests of the fetch layer: a backend at a fake origin that fails the test on any
 * call nobody declared. Replies are built from the contract's envelope.
 */
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { API_BASE_PATH, SUCCESS_CODE } from '#contract/index';

export const TEST_ORIGIN = 'http://api.test';
export const apiUrl = (path: string, origin = TEST_ORIGIN) => `${origin}${API_BASE_PATH}${path}`;

export const server = setupServer();

export function setupTestServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

export function ok(data: JsonBodyType, msg = '操作成功') {
  return HttpResponse.json({ error_code: SUCCESS_CODE, msg, data });
}

export function fail(status: number, errorCode: number, msg: string, data: JsonBodyType = null) {
  return HttpResponse.json({ error_code: errorCode, msg, data }, { status });
}

export { http, HttpResponse };
