import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECHECK_FIRST_MS, useRefetchWhenDue } from './clock.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-05T09:59:50+08:00'));
});
afterEach(() => vi.useRealTimers());

describe('useRefetchWhenDue', () => {
  it('waits without re-rendering its page every second, then asks at the due time and again while still due', async () => {
    const refetch = vi.fn();
    let renders = 0;
    renderHook(() => {
      renders += 1;
      useRefetchWhenDue(['2026-12-05T10:00:00+08:00'], refetch);
    });
    const before = renders;
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    // A page that waits for 10:00 (the class page, the 秒杀 list) is not drawn again meanwhile.
    expect(renders - before).toBe(0);
    expect(refetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(refetch).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(RECHECK_FIRST_MS));
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('asks at once for a time already past, and not at all with nothing due', async () => {
    const past = vi.fn();
    renderHook(() => useRefetchWhenDue(['2026-12-05T09:00:00+08:00'], past));
    const none = vi.fn();
    renderHook(() => useRefetchWhenDue([], none));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(past).toHaveBeenCalledTimes(1);
    expect(none).not.toHaveBeenCalled();
  });
});
