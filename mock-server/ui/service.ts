/**
 * The mock account service's one safety rule (the design brief 'The account service'): it returns the
 * browser only to an address on the portal's own origin. Shared by the browser login page and the
 * HTTP server's server-rendered one.
 */
import { TICKET_PARAM } from '../core/config.ts';

export type ServiceTarget = { ok: true; url: URL } | { ok: false; reason: string; service: string };

/**
 * Where to return after login. A missing service means the portal's home page; a relative one is
 * resolved against the origin; anything on another origin (or not http/https) is refused.
 */
export function resolveService(service: string | null | undefined, origin: string): ServiceTarget {
  const raw = (service ?? '').trim();
  if (raw === '') return { ok: true, url: new URL('/', origin) };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { ok: false, reason: '回跳地址（service）不是合法的网址。', service: raw };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: '回跳地址（service）只能是 http 或 https 网址。', service: raw };
  }
  if (url.origin !== new URL(origin).origin) {
    return { ok: false, reason: `回跳地址（service）不属于本站（${new URL(origin).origin}），模拟认证服务拒绝跳转到其他站点。`, service: raw };
  }
  return { ok: true, url };
}

/** The service address with `ticket=<ST…>` added (an old ticket parameter is replaced). */
export function withTicket(url: URL, ticket: string): string {
  const next = new URL(url.href);
  next.searchParams.set(TICKET_PARAM, ticket);
  return next.href;
}

/** The password form's check against the parents table: null when right, else a Chinese message. */
export function checkPassword(parents: readonly { username: string; password: string | null }[], username: string, password: string): string | null {
  if (username.trim() === '') return '请输入用户名';
  if (password === '') return '请输入密码';
  const parent = parents.find((p) => p.username === username.trim());
  if (!parent) return '用户名或密码错误';
  if (parent.password === null) return '该账号未设置密码，请在左侧列表中直接选择该家长登录';
  if (parent.password !== password) return '用户名或密码错误';
  return null;
}
