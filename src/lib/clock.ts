/**
 * Time as the page counts it. Moments of the backend (a 秒杀 opening, a payment window closing)
 * are counted on the server's clock as the answers' Date headers tell it (server-clock.ts), by
 * one ticker shared by every countdown on the page; what happens at zero is always asked of the
 * backend again, which has the last word. A wait the backend names in seconds (before another
 * code may be sent) is counted from the moment it was named.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { scoped } from '../stores/request-scope.ts';
import { serverNow } from './server-clock.ts';

/** Whole seconds, so two reads within the same second agree (useSyncExternalStore needs that). */
function read(): number {
  return Math.floor(serverNow() / 1000) * 1000;
}

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
// Read when the ticker starts (subscribe): at import, a server has no request to read a clock for.
let current = 0;

function tick() {
  current = read();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    current = read();
    timer = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  // Not ticking (first render, or nothing subscribed): read afresh rather than return a stale time.
  return timer === null ? read() : current;
}

/**
 * When the page was drawn on the server (its clock, whole seconds): what the server's render counts
 * from, and what the browser's hydration counts from too, so both draw the same countdowns; the
 * browser then ticks from its own reading. Null where nothing was drawn on a server.
 */
export const renderedAt = scoped<{ ms: number | null }>(() => ({ ms: null }));

const serverSnapshot = () => renderedAt().ms ?? snapshot();

/** The current time in ms, re-rendering every second while `active`. */
export function useNow(active = true): number {
  return useSyncExternalStore(active ? subscribe : noSubscribe, snapshot, serverSnapshot);
}

const noSubscribe = () => () => {};

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

/** How soon to ask again while the server still disagrees: soon at first, then less often. */
export const RECHECK_FIRST_MS = 5000;
const RECHECK_MAX_MS = 60_000;

/**
 * Calls `refetch` as soon as one of `dueTimes` has passed, then again while it stays in the list
 * (after 5 s, 10 s, 20 s … at most a minute apart): the browser's clock may run ahead of the
 * server's (see server-clock.ts), so the server decides when a class opens or closes; its answer
 * drops the time from the list and the asking stops.
 *
 * It waits with one timer for the earliest time, not with the page's ticker: the page that waits
 * (the class page, the 秒杀 list) is not drawn again every second (decision 027).
 */
export function useRefetchWhenDue(dueTimes: readonly string[], refetch: () => unknown): void {
  const earliest = dueTimes.length > 0 ? Math.min(...dueTimes.map((t) => Date.parse(t))) : null;
  const [dueAt, setDueAt] = useState<number | null>(null);
  const due = earliest !== null && (dueAt === earliest || earliest <= serverNow());
  useEffect(() => {
    if (earliest === null || due) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = earliest - serverNow();
      // The server's clock may have moved while we waited (server-clock.ts): wait the rest.
      if (left > 0) timer = setTimeout(wait, Math.min(left, 2 ** 31 - 1));
      else setDueAt(earliest);
    };
    wait();
    return () => clearTimeout(timer);
  }, [earliest, due]);
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

/**
 * The wait before another code may be sent: started with the seconds the backend names
 * (resend_after, or the wait in a 'too frequent' refusal), counted down once a second from then.
 */
export function useWait() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(seconds > 0 ? t + seconds * 1000 : null);
  }, []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}
