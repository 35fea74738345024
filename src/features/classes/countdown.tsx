/** Countdowns to a class's opening, and asking the server again once one ends. */
import { useEffect, useRef } from 'react';
import { formatCountdown } from '../../lib/format.ts';
import { useNow } from './use-now.ts';

/** 距开抢 00:04:59; at zero, 即将开抢 until the server confirms the opening. */
export function OpeningCountdown({ startAt, label = '距开抢', className }: { startAt: string; label?: string; className?: string }) {
  const now = useNow();
  const left = Date.parse(startAt) - now;
  return (
    // role="timer" is not announced on every tick (its aria-live is off), which is what we want.
    <span className={className} role="timer" aria-label={left > 0 ? `${label} ${formatCountdown(left)}` : '即将开抢'}>
      {left > 0 ? (
        <>
          {label} <strong>{formatCountdown(left)}</strong>
        </>
      ) : (
        '即将开抢'
      )}
    </span>
  );
}

/** How soon to ask again while the server still disagrees: soon at first, then less often. */
export const RECHECK_FIRST_MS = 5000;
const RECHECK_MAX_MS = 60_000;

/**
 * Calls `refetch` as soon as one of `dueTimes` has passed, then again while it stays in the list
 * (after 5 s, 10 s, 20 s … at most a minute apart): the browser's clock may run ahead of the
 * server's (see use-now.ts), so the server decides when a class opens or closes; its answer
 * drops the time from the list and the asking stops.
 */
export function useRefetchWhenDue(dueTimes: readonly string[], refetch: () => unknown): void {
  const now = useNow(dueTimes.length > 0);
  const due = dueTimes.some((t) => Date.parse(t) <= now);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  useEffect(() => {
    if (!due) return;
    let wait = RECHECK_FIRST_MS;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      void latest.current();
      timer = setTimeout(ask, wait);
      wait = Math.min(wait * 2, RECHECK_MAX_MS);
    };
    ask();
    return () => clearTimeout(timer);
  }, [due]);
}
