import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_FADE_MS, TOAST_VISIBLE_MS, resetToastStore, toast, toastTiming } from '../../stores/toast-store.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  vi.useRealTimers();
  resetToastStore();
});

describe('toasts', () => {
  it('shows each kind, errors as alerts', async () => {
    render(<Toaster />);
    await act(async () => {
      toast.info('正在为您跳转');
      toast.succeed('已安全退出');
      toast.error('名额已满');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('名额已满');
    // One landmark holds them, so a page's own alerts (a list's error state) are never taken for a toast.
    expect(within(screen.getByRole('region', { name: '通知' })).getAllByRole('status')).toHaveLength(2);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['i正在为您跳转', '✓已安全退出']);
  });

  it('stays 3 s, then fades for 0.4 s and is gone', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    await act(async () => void toast.error('网络连接失败，请检查网络后重试'));
    await act(async () => vi.advanceTimersByTime(TOAST_VISIBLE_MS - 1));
    expect(screen.getByRole('alert').className).not.toMatch(/leaving/);
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').className).toMatch(/leaving/);
    await act(async () => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays as long as toastTiming says (the stories hold toasts for their pictures), 3 s by default', async () => {
    expect(toastTiming.visibleMs).toBe(TOAST_VISIBLE_MS);
    vi.useFakeTimers();
    toastTiming.visibleMs = 60_000;
    try {
      render(<Toaster />);
      await act(async () => void toast.error('无权访问该内容'));
      await act(async () => vi.advanceTimersByTime(TOAST_VISIBLE_MS * 10));
      expect(screen.getByRole('alert').className).not.toMatch(/leaving/);
    } finally {
      toastTiming.visibleMs = TOAST_VISIBLE_MS;
    }
  });

  it('shows the same message only once when it repeats at once', async () => {
    render(<Toaster />);
    await act(async () => {
      toast.error('服务器开小差了，请稍后再试');
      toast.error('服务器开小差了，请稍后再试');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
