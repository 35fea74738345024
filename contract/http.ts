/**
 * What a call looks like on the wire without any schema: the base path, the headers, the success
 * code and how a path is filled. No zod here, on purpose: the app's first paint needs these and
 * must not wait for the schemas (src/lib/api/client.ts loads those with the first call; decision
 * 026). core.ts re-exports all of it.
 */
import { errorCodes } from './error-codes.ts';

/** Every call lives under this path on the backend (spec §7). */
export const API_BASE_PATH = '/children_center/front/api/';

/** Headers of a signed-in call (spec §4): the client id, and the access token as is. */
export const CLIENT_ID_HEADER = 'client_id';
export const AUTH_HEADER = 'Authorization';

/** error_code of a successful envelope (spec §8). */
export const SUCCESS_CODE = 999999;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Which of the two HTTP clients of spec §7 and §9 sends the call. `fresh` is the second
 * client: it adds a cache-busting time parameter to GETs, for answers that change by the second.
 */
export type ClientKind = 'main' | 'fresh';

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path param ${key} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Statuses a web server or gateway answers for a path or method it has no route for. */
const NO_SUCH_CALL_STATUSES: ReadonlySet<number> = new Set([404, 405, 501]);

/**
 * Whether an answer says the backend has no such call (decisions 057 and 073): a 404 that is not
 * the call's own "no such record" (notFound), a 405 or a 501 (a framework that routes by path, a
 * gateway), or the unknown-call code whatever the status (a backend that answers everything 200
 * and says it in the envelope). The app and the contract probe read a proposal the backend does
 * not have from it.
 */
export function answersNoSuchCall(status: number, errorCode: number | null | undefined): boolean {
  if (errorCode === errorCodes.unknownCall.code) return true;
  return NO_SUCH_CALL_STATUSES.has(status) && errorCode !== errorCodes.notFound.code;
}
