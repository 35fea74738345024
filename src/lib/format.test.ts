// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { asFen } from '#contract/index';
import { formatCountdown, formatDate, formatDateTime, formatMonthDayTime, formatYuan } from './format.ts';

describe('formats', () => {
  it('writes yuan with two decimals and thousands', () => {
    expect(formatYuan(asFen(160000))).toBe('¥1,600.00');
    expect(formatYuan(asFen(6240))).toBe('¥62.40');
    expect(formatYuan(asFen(1))).toBe('¥0.01');
  });
  it('writes Beijing time whatever the zone of the machine', () => {
    expect(formatDateTime('2026-12-05T10:00:00+08:00')).toBe('2026-12-05 10:00');
    expect(formatDateTime('2026-12-05T02:00:00Z')).toBe('2026-12-05 10:00');
    expect(formatDate('2026-12-05T23:30:00+08:00')).toBe('2026-12-05');
    expect(formatMonthDayTime('2026-12-06T10:00:00+08:00')).toBe('12月6日 10:00');
  });
  it('writes any amount of fen as Intl writes yuan', () => {
    const intl = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 });
    for (const fen of [0, 5, 99, 100, 1005, 99_999, 100_000, 123_456_789, 100_000_000_000]) {
      expect(formatYuan(asFen(fen)), String(fen)).toBe(intl.format(fen / 100));
    }
    // Exact where yuan as a float is not (Intl writes …409.90).
    expect(formatYuan(asFen(Number.MAX_SAFE_INTEGER))).toBe('¥90,071,992,547,409.91');
  });
  it('agrees with Intl in Beijing time for any instant of this century, midnight included', () => {
    const beijing = { timeZone: 'Asia/Shanghai', hourCycle: 'h23' } as const;
    const dateTime = new Intl.DateTimeFormat('zh-CN', { ...beijing, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    const monthDayTime = new Intl.DateTimeFormat('zh-CN', { ...beijing, month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    const part = (fmt: Intl.DateTimeFormat, at: Date, type: string) => fmt.formatToParts(at).find((p) => p.type === type)!.value;
    // A fixed walk over 2000-2099 (no randomness: a failure names its instant), plus the edges of a Beijing day.
    const instants = Array.from({ length: 2000 }, (_, i) => Date.UTC(2000, 0, 1) + ((i * 2_654_435_761) % 3_155_760_000) * 1000);
    instants.push(Date.parse('2026-12-04T15:59:59Z'), Date.parse('2026-12-04T16:00:00Z'), Date.parse('2026-12-31T16:00:00Z'), Date.parse('2028-02-28T16:30:00Z'));
    for (const ms of instants) {
      const at = new Date(ms);
      const iso = at.toISOString();
      const [y, mo, d, h, mi] = ['year', 'month', 'day', 'hour', 'minute'].map((type) => part(dateTime, at, type));
      expect(formatDateTime(iso), iso).toBe(`${y}-${mo}-${d} ${h}:${mi}`);
      expect(formatDate(iso), iso).toBe(`${y}-${mo}-${d}`);
      expect(formatMonthDayTime(iso), iso).toBe(monthDayTime.format(at).replace(/\s+/g, ' '));
    }
  });
  it('writes a dash for a moment it cannot read, as for a missing one', () => {
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDate('2026-13-45T00:00:00Z')).toBe('—');
    expect(formatMonthDayTime('')).toBe('—');
  });
  it('counts down', () => {
    expect(formatCountdown(65_000)).toBe('00:01:05');
    expect(formatCountdown(2 * 86_400_000 + 3_600_000)).toBe('2天 01:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
