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
  it('counts down', () => {
    expect(formatCountdown(65_000)).toBe('00:01:05');
    expect(formatCountdown(2 * 86_400_000 + 3_600_000)).toBe('2天 01:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
