/** How the portal writes money, dates and times for parents. */
import type { Fen } from '#contract/money';

/**
 * Each formatter is built when first used: building the four took ~80 ms at 4x CPU slowdown
 * while the first page's chunk evaluated (decision 027).
 */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const yuan = once(() => new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 }));

/** ¥1,600.00, from whole fen (every amount the contract parses is fen; a type-only import keeps zod out of this chunk). */
export function formatYuan(amount: Fen): string {
  return yuan().format(Math.round(amount) / 100);
}

const BEIJING = 'Asia/Shanghai';
const dateTimeFmt = once(() => new Intl.DateTimeFormat('zh-CN', { timeZone: BEIJING, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }));
const dateFmt = once(() => new Intl.DateTimeFormat('zh-CN', { timeZone: BEIJING, year: 'numeric', month: '2-digit', day: '2-digit' }));
const monthDayTimeFmt = once(() => new Intl.DateTimeFormat('zh-CN', { timeZone: BEIJING, month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }));

function parts(fmt: Intl.DateTimeFormat, iso: string) {
  return Object.fromEntries(fmt.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
}

/** 2026-12-05 10:00 (Beijing time, whatever the browser's zone). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const p = parts(dateTimeFmt(), iso);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** 2026-12-05 */
export function formatDate(isoOrDate: string | null | undefined): string {
  if (!isoOrDate) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(isoOrDate)) return isoOrDate;
  const p = parts(dateFmt(), isoOrDate);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 12月6日 10:00 */
export function formatMonthDayTime(iso: string): string {
  return monthDayTimeFmt().format(new Date(iso)).replace(/\s+/g, ' ');
}

/** 2 天 03:04:05 — a countdown to a moment, for flash sales and payment windows. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const hms = [Math.floor((total % 86400) / 3600), Math.floor((total % 3600) / 60), total % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days}天 ${hms}` : hms;
}
