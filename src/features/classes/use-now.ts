/**
 * "Now" for countdowns (秒杀 openings), ticking once a second, shared by every countdown on the
 * page (one interval, however many cards count down).
 *
 * It is the server's clock as the answers' Date headers tell it (src/lib/server-clock.ts), so a
 * browser whose clock is off, or the mock's clock that QA moves, still counts right. Pages still
 * never trust a countdown alone: when it ends they ask the server again.
 */
import { useSyncExternalStore } from 'react';
import { serverNow } from '../../lib/server-clock.ts';

export { setServerClockOffset } from '../../lib/server-clock.ts';

/** Whole seconds, so two reads within the same second agree (useSyncExternalStore needs that). */
function read(): number {
  return Math.floor(serverNow() / 1000) * 1000;
}

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let current = read();

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

/** The current time in ms, re-rendering every second while `active`. */
export function useNow(active = true): number {
  return useSyncExternalStore(active ? subscribe : noSubscribe, snapshot, snapshot);
}

const noSubscribe = () => () => {};
