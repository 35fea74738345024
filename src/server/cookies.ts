/**
 * A request's cookie jar (src/stores/cookie-jar.ts) on the server: reads the Cookie header as
 * js-cookie reads document.cookie, and writes become Set-Cookie headers of the answer.
 */
import type { CookieJar, CookieOptions } from '../stores/cookie-jar.ts';

/** js-cookie encodes a value's special characters with %XX; it decodes them back the same way. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    // The first of a name wins, as js-cookie's get does.
    if (name && !cookies.has(name))
      cookies.set(
        name,
        decode(
          part
            .slice(at + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1'),
        ),
      );
  }
  return cookies;
}

export interface ServerCookieJar extends CookieJar {
  /** The Set-Cookie headers the request's work wrote, in order. */
  setCookies(): string[];
}

const cookieValue = (value: string) => encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);

/**
 * `secure`: the site is served over HTTPS (its configured origin says so), so every cookie it
 * writes is `Secure`: never sent over plain HTTP, where anyone on the way could read a session.
 */
export function serverCookieJar(header: string | null, { secure = false, now = Date.now }: { secure?: boolean; now?: () => number } = {}): ServerCookieJar {
  const cookies = parseCookieHeader(header);
  const written: string[] = [];
  const attributes = (options: CookieOptions = {}, expires?: number) =>
    ['Path=/', `SameSite=${options.sameSite ?? 'Lax'}`, ...(expires !== undefined ? [`Expires=${new Date(expires).toUTCString()}`] : []), ...(secure ? ['Secure'] : [])].join('; ');
  return {
    get: (name) => cookies.get(name),
    set(name, value, options) {
      cookies.set(name, value);
      const expires = options?.expires !== undefined ? now() + options.expires * 86_400_000 : undefined;
      written.push(`${name}=${cookieValue(value)}; ${attributes(options, expires)}`);
    },
    remove(name) {
      cookies.delete(name);
      written.push(`${name}=; ${attributes({}, 0)}`);
    },
    setCookies: () => [...written],
  };
}
