/**
 * Links the backend gives are links, never script (issue 30, decision 046). Every address the
 * portal renders as a link or loads as a resource is of one of these kinds, each allowing http(s)
 * and, where it makes sense, the portal's own paths; nothing else (`javascript:`, `data:` outside
 * an image, `vbscript:`, `//host`, whitespace or control characters anywhere). The contract's
 * link types (schemas/common.ts), the app's link component and file addresses, the rich-text
 * policy and the build's configured addresses all ask `isLink`. Zod-free: the shell imports it.
 */

export type LinkKind = 'link' | 'absolute' | 'file' | 'pay' | 'socket' | 'image';

/** What each kind allows: `doc` for the API docs, `message` for a refusal (the mock's, the probe's). */
export const linkKinds: Record<LinkKind, { doc: string; message: string }> = {
  link: { doc: 'link: http(s) URL or a path of the portal (/…)', message: '链接只能是 http(s) 网址或本站路径' },
  absolute: { doc: 'link: absolute http(s) URL', message: '链接只能是 http(s) 网址' },
  file: { doc: 'file: http(s) URL, a path of the portal (/…) or a path relative to oss_base_url', message: '文件地址只能是 http(s) 网址、本站路径或文件存储中的相对路径' },
  pay: { doc: 'payment link: http(s) URL or WeChat Pay’s weixin://wxpay/bizpayurl?pr=…', message: '支付链接只能是 http(s) 网址或微信支付链接' },
  socket: { doc: 'websocket: ws(s) URL or a path of the portal (/…)', message: '连接地址只能是 ws(s) 网址或本站路径' },
  image: { doc: 'image: data:image/(png|gif|jpeg|webp|svg+xml) URL', message: '图片只能是 data:image 地址' },
};

/**
 * Characters a browser drops or rewrites inside an address (`java\tscript:`, `/\host`, a
 * zero-width space in the scheme), and spaces: none belongs in an address the backend gives.
 */
const UNSAFE = /[\s\p{Cc}\p{Cf}\\]/u;
const PORTAL = 'https://portal.invalid';

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** scheme://host…, one of `protocols`, with no user or password in it (`https://bank@evil`). */
function isAbsolute(value: string, protocols: readonly string[]): boolean {
  if (!/^[a-z][a-z\d+.-]*:\/\/[^/?#]/i.test(value)) return false;
  const url = parse(value);
  return url !== null && protocols.includes(url.protocol) && url.hostname !== '' && url.username === '' && url.password === '';
}

/** `/…` on the portal's origin (not `//host`, which is another site). */
function isPortalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && parse(value, PORTAL)?.origin === PORTAL;
}

/**
 * `class/1.svg`: letters, digits and `_-.~%+=,@` in its segments (no scheme, no `&colon;`), no
 * leading slash, no `.`/`..` segment, so it stays under oss_base_url.
 */
function isStoredPath(value: string): boolean {
  if (!/^[\p{L}\p{N}_~%+=,@-][\p{L}\p{N}_.~%+=,@/-]*(?:[?#].*)?$/u.test(value) || /(^|\/)\.\.?(\/|[?#]|$)/.test(value)) return false;
  return parse(value, `${PORTAL}/oss/`)?.origin === PORTAL;
}

const WEB = ['http:', 'https:'] as const;

/** True when `value` is an address of this kind (an empty string is none, so false). */
export function isLink(value: string, kind: LinkKind): boolean {
  if (value === '' || UNSAFE.test(value)) return false;
  switch (kind) {
    case 'link':
      return isAbsolute(value, WEB) || isPortalPath(value);
    case 'absolute':
      return isAbsolute(value, WEB);
    case 'file':
      return isAbsolute(value, WEB) || isPortalPath(value) || isStoredPath(value);
    case 'pay':
      // WeChat Pay's Native code_url, which the page only draws as a QR code.
      return isAbsolute(value, WEB) || /^weixin:\/\/wxpay\/bizpayurl\?pr=[\w-]{1,64}$/.test(value);
    case 'socket':
      return isAbsolute(value, ['ws:', 'wss:']) || isPortalPath(value);
    case 'image':
      return /^data:image\/(?:png|gif|jpeg|webp|svg\+xml)(?:;[\w.+-]+=[\w.+-]+)*(?:;base64)?,/i.test(value);
  }
}

/** The value when it is a link of this kind, else null: what the app renders, whatever the runtime. */
export function linkOrNull(value: string | null | undefined, kind: LinkKind): string | null {
  return typeof value === 'string' && isLink(value, kind) ? value : null;
}

/** Whether a link of kind 'link' is one of the portal's own paths (the router opens those). */
export const isPortalLink = (value: string) => isLink(value, 'link') && value.startsWith('/');
