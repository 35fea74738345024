/** The countdown to a class's opening (a 秒杀 class's card and page). */
import { formatCountdown } from '../../lib/format.ts';
import { useNow } from '../../lib/clock.ts';

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
