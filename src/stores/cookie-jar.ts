/**
 * The visitor's cookies: the document's in a browser (js-cookie), the request's on the server,
 * whose writes become Set-Cookie headers (src/server/cookies.ts). Stores read and write the
 * session and the selected child through it, so the same code runs in both places.
 */
import Cookies from 'js-cookie';
import { scoped } from './request-scope.ts';

export interface CookieOptions {
  /** Days until it expires; a session cookie without. */
  expires?: number;
  sameSite?: 'Lax' | 'Strict';
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string): void;
}

/**
 * js-cookie's attributes for a cookie the page writes: on a page served over HTTPS, `secure`, so
 * the browser never sends the session over plain HTTP (issue 38; the server's jar does the same).
 */
export function documentCookieAttributes(options: CookieOptions | undefined, protocol: string): Cookies.CookieAttributes {
  return { ...options, ...(protocol === 'https:' ? { secure: true } : {}) };
}

const documentCookies: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, options) => void Cookies.set(name, value, documentCookieAttributes(options, window.location.protocol)),
  remove: (name) => Cookies.remove(name),
};

/** This visitor's cookie jar (the server seeds each request's scope with its own). */
export const cookieJar = scoped<CookieJar>(() => documentCookies);
