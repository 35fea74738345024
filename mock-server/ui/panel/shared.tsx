/** What the mock panel's tabs share: their props, formatting and the panel's reading of the mock. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toIso } from '#fixtures/time';
import type { BrowserMock } from '../../control/browser-control.ts';

export interface Notice {
  text: string;
  tone: 'ok' | 'error';
  /** The app's data changed: offer 刷新页面. */
  reload?: boolean;
}

export interface TabProps {
  mock: BrowserMock;
  /** Runs a tab's action: the panel is busy meanwhile and shows the notice it answers (or its error). */
  act: (run: () => Promise<Notice>) => Promise<void>;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const beijing = (ms: number) => toIso(ms).slice(0, 19).replace('T', ' ');
export const yuan = (amount: number) => `¥${amount.toFixed(2)}`;

/** A latency typed as `100,400` (or `100，400`, `100 400`; one number is both ends) as [min, max]. */
export function latencyOf(text: string): [number, number] {
  const [min = 0, max = min] = text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number);
  return [min, max];
}

/** Re-renders on every change of the mock, and every second while `ticking` (the clock runs). */
export function useMock(mock: BrowserMock, ticking: boolean): number {
  const version = useRef(0);
  const revision = useSyncExternalStore(
    (listener) =>
      mock.subscribe(() => {
        version.current += 1;
        listener();
      }),
    () => version.current,
  );
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => {
      // Time rules (closing expired trades, auto-pay) run before the panel reads the tables.
      void mock.state.catchUp().then(() => setTick((t) => t + 1));
    }, 1000);
    return () => clearInterval(timer);
  }, [mock, ticking]);
  return revision * 100_000 + tick;
}
