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

/**
 * Whether an answer says the backend has no such call (decision 057): a 404 that is not the
 * call's own "no such record" (notFound). The mock's unknownCall envelope, a web server's 404
 * page, anything else at 404: the app and the contract probe read a proposal the backend does
 * not have from it.
 */
export function answersNoSuchCall(status: number, errorCode: number | null | undefined): boolean {
  return status === 404 && errorCode !== errorCodes.notFound.code;
}
