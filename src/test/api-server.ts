/**
 * The one msw/node server of the component tests (started by setup.ts, failing any call nobody
 * answers), and envelope builders for the tests of the fetch layer, which talk to a fake origin.
 */
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
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
