/**
 * Hostile URLs for the tests of the link types (issue 30): script schemes (`javascript:`,
 * `vbscript:`, `data:`, …) in any case with whitespace, control and invisible characters slipped
 * in, entity-encoded colons, other hosts (`//host`, `/\host`, `https:host`), credentials
 * (`https://trusted@evil`), leading spaces and other schemes. `hostileUrl(n)` is the nth, made from
 * n alone: the property tests (fast-check drives n), the mock's tests and the XSS journey plant
 * the same ones. A script one calls `__xss(tag)` if it ever runs. No kind of link allows any.
 */

/** What a browser skips or rewrites inside an address, and spaces of every kind. */
export const HIDDEN_CHARACTERS = ['\t', '\n', '\r', ' ', '\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u00a0', '\u00ad', '\u200b', '\u200e', '\u2028', '\u202e', '\u3000', '\ufeff'];
const SCHEMES = ['javascript', 'vbscript', 'data', 'livescript', 'file', 'blob', 'filesystem', 'jar', 'mhtml'];
const HOSTS = ['evil.example', 'attacker.test', '127.0.0.1', '[::1]', 'xn--80ak6aa92e.com'];
const OTHER_HOSTS = ['//', '\\\\', '/\\', '\\/', '///', 'https:', 'https:/', 'http:\\\\', '/ /'];
const COLONS = [':', '&colon;', '&#58;', '&#x3a;', '%3a'];

/** mulberry32: a small seeded generator, so the nth URL is the same everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hostileUrl(n: number, tag: number | string = 1): string {
  const next = random(n * 2654435761);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const mixedCase = (word: string) => [...word].map((c) => (next() < 0.5 ? c.toUpperCase() : c)).join('');
  /** Up to three hidden characters slipped in anywhere, before the word too. */
  const slipped = (word: string) => {
    let out = word;
    for (let i = Math.floor(next() * 4); i > 0; i -= 1) {
      const at = Math.floor(next() * (out.length + 1));
      out = out.slice(0, at) + pick(HIDDEN_CHARACTERS) + out.slice(at);
    }
    return out;
  };
  const call = `__xss(${JSON.stringify(tag)})`;
  const payloads = [call, `%0a${call}`, `//%0a${call}`, `text/html,<script>${call}</script>`, `text/html;base64,${btoa(`<script>${call}</script>`)}`, `image/svg+xml,<svg onload=${call}>`];
  const host = pick(HOSTS);
  switch (Math.floor(next() * 6)) {
    case 0:
    case 1:
      return `${slipped(mixedCase(pick(SCHEMES)))}${pick(COLONS)}${pick(payloads)}`;
    case 2:
      return `${pick(OTHER_HOSTS)}${host}/x`;
    case 3:
      return `${slipped(pick(HIDDEN_CHARACTERS))}https://${host}/`;
    case 4:
      return `https://www.children-center.example@${host}/`;
    default:
      return `${pick(['ftp://', 'gopher://', 'tel:', 'mailto:', 'sms:', 'intent://', 'weixin://dl/'])}${host}/x`;
  }
}
