/**
 * Countdowns to a backend moment (a sign-up opening, a payment window closing), re-read every
 * second, on the server's clock as the answers' Date headers tell it (src/lib/server-clock.ts); what happens at zero
 * is always asked of the backend again, which has the last word.
 */
import { serverNow } from '../../lib/server-clock.ts';
import { useEffect, useRef, useState } from 'react';

export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The time now and what is left until `deadline` (ISO); `onZero` runs once when it runs out. */
export function useCountdown(deadline: string, onZero?: () => void): { now: number; left: number } {
  const now = useNow();
  const left = Date.parse(deadline) - now;
  const onZeroRef = useRef(onZero);
  useEffect(() => {
    onZeroRef.current = onZero;
  });
  const firedFor = useRef<string | null>(null);
  useEffect(() => {
    if (left <= 0 && firedFor.current !== deadline) {
      firedFor.current = deadline;
      onZeroRef.current?.();
    }
  }, [left, deadline]);
  return { now, left };
}
