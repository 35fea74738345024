/** How the portal writes money, dates and times for parents. */
import type { Fen } from '#contract/money';

// Written by hand, not with Intl: a page's first Intl formatter cost 20–50 ms of the main thread
// (ICU's data for zh-CN and the zone loading), 80–200 ms in Lighthouse's 4x mobile run, on every
// page with a price or a date (decision 038). The tests check every output against Intl's.

const pad2 = (n: number) => String(n).padStart(2, '0');

/** ¥1,600.00, from whole fen (every amount the contract parses is fen; a type-only import keeps zod out of this chunk). */
export function formatYuan(amount: Fen): string {
  const fen = Math.round(amount);
  const yuan = String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `¥${yuan}.${pad2(fen % 100)}`;
}

/**
 * The wall clock in Beijing: UTC+8 all year (China has kept no daylight saving since 1991, and
 * the portal's moments are this century's), whatever the zone of the parent's machine.
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
function beijing(iso: string) {
  const at = new Date(Date.parse(iso) + BEIJING_OFFSET_MS);
  if (Number.isNaN(at.getTime())) return null;
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes() };
}

/** 2026-12-05 10:00 (Beijing time, whatever the browser's zone). */
export function formatDateTime(iso: string | null | undefined): string {
  const t = iso ? beijing(iso) : null;
  if (!t) return '—';
  return `${t.year}-${pad2(t.month)}-${pad2(t.day)} ${pad2(t.hour)}:${pad2(t.minute)}`;
}

/** 2026-12-05 */
export function formatDate(isoOrDate: string | null | undefined): string {
  if (!isoOrDate) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(isoOrDate)) return isoOrDate;
  const t = beijing(isoOrDate);
  return t ? `${t.year}-${pad2(t.month)}-${pad2(t.day)}` : '—';
}

/** 12月6日 10:00 */
export function formatMonthDayTime(iso: string): string {
  const t = iso ? beijing(iso) : null;
  return t ? `${t.month}月${t.day}日 ${pad2(t.hour)}:${pad2(t.minute)}` : '—';
}

/** 2 天 03:04:05 — a countdown to a moment, for flash sales and payment windows. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const hms = [Math.floor((total % 86400) / 3600), Math.floor((total % 3600) / 60), total % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days}天 ${hms}` : hms;
}

/** A phone as dialled, for a `tel:` link written where it is used: 010-6616 2026 → 010-66162026. */
export function dialled(phone: string): string {
  return phone.replace(/\s+/g, '');
}
