/**
 * 秒杀 classes (seckill_class_curriculum) with a live countdown to their opening. When a countdown
 * ends the list is fetched again, so the server flips the class to 报名中 (see useRefetchWhenDue).
 */
import { classSignUpState } from '#contract/coded-values';
import { useQuery } from '@tanstack/react-query';
import { seckillQuery } from './home-page.data.ts';
import { formatMonthDayTime } from '#src/lib/format.ts';
import type { ClassCardData } from '#src/components/classes/class-card.tsx';
import { OpeningCountdown } from '#src/components/classes/opening-countdown.tsx';
import { useRefetchWhenDue } from '#src/lib/clock.ts';
import { ClassListSection } from './home-section.tsx';
import styles from './home.module.css';

function SeckillNote({ klass }: { klass: ClassCardData }) {
  if (klass.sign_up_state === classSignUpState.values.notStarted) {
    return (
      <span className={styles.seckillNote}>
        <span>{formatMonthDayTime(klass.sign_up_start_at)} 开抢</span>
        <OpeningCountdown startAt={klass.sign_up_start_at} className={styles.countdown} />
      </span>
    );
  }
  if (klass.sign_up_state === classSignUpState.values.open) return <span className={styles.seckillOpen}>抢购中，先到先得</span>;
  if (klass.sign_up_state === classSignUpState.values.full) return <span>已抢光</span>;
  return <span>已结束</span>;
}

/** `onOpened`: asks the home page's other lists again (the class that opened leaves 即将开始报名). */
export function SeckillSection({ onOpened }: { onOpened: () => Promise<unknown> }) {
  const query = useQuery(seckillQuery());
  const waiting = (query.data?.list ?? []).filter((c) => c.sign_up_state === classSignUpState.values.notStarted).map((c) => c.sign_up_start_at);
  useRefetchWhenDue(waiting, () => Promise.all([query.refetch(), onOpened()]));
  return <ClassListSection query={query} title="限时秒杀" subtitle="定时开抢，名额有限，先到先得" note={(klass) => <SeckillNote klass={klass} />} empty={null} />;
}
