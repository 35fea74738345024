/** A class as lists show it: cover, name, badges, schedule, seats left and fee. */
import { useId, type ReactNode } from 'react';
import { classSignUpState, weekday } from '#contract/coded-values';
import type { classCardSchema } from '#contract/index';
import type { z } from 'zod';
import { Link } from 'react-router-dom';
import { formatYuan } from '../../lib/format.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { ClassBadges } from './class-badges.tsx';
import { CoverImage } from './cover-image.tsx';
import styles from './class-card.module.css';
import { href } from '#src/lib/routes.ts';

export type ClassCardData = z.output<typeof classCardSchema>;

/** 周一至周五 for three or more days in a row, 周二、周四 otherwise (a card has little room). */
export function weekdaysText(days: readonly ClassCardData['weekdays'][number][]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: (typeof sorted)[] = [];
  for (const day of sorted) {
    const run = runs[runs.length - 1];
    if (run && day === run[run.length - 1]! + 1) run.push(day);
    else runs.push([day]);
  }
  return runs.flatMap((run) => (run.length >= 3 ? [`${weekday.label(run[0]!)}至${weekday.label(run[run.length - 1]!)}`] : run.map((d) => weekday.label(d)))).join('、');
}

export function scheduleText(klass: Pick<ClassCardData, 'weekdays' | 'start_time' | 'end_time'>): string {
  return `${weekdaysText(klass.weekdays)} ${klass.start_time}-${klass.end_time}`;
}

export function seatsText(klass: Pick<ClassCardData, 'seats_left' | 'sign_up_state'>): string {
  if (klass.sign_up_state === classSignUpState.values.full || klass.seats_left === 0) return '名额已满';
  return `剩余${klass.seats_left}个名额`;
}

/**
 * `note` is a line a list adds under the schedule (an opening time, a countdown); `headingLevel`
 * keeps the outline right where the card sits under an h2 or an h3. `inView` is for the first
 * cards of a page's list, on screen as it opens: their covers load at once (often the largest
 * thing on the screen), the others as they are scrolled to.
 */
export function ClassCard({ klass, note, headingLevel = 3, inView = false }: { klass: ClassCardData; note?: ReactNode; headingLevel?: 2 | 3 | 4; inView?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  // The same class may show in two lists of one page (closing soon and full): ids must differ.
  const headingId = useId();
  const ossUrl = useOssUrl();
  const state = klass.sign_up_state;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cover}>
        {/* The name below is the link for keyboards and screen readers; the cover is for the mouse. */}
        <Link to={href('classDetails', { id: klass.id })} className={styles.coverLink} tabIndex={-1} aria-hidden="true">
          <CoverImage src={ossUrl(klass.cover_url) ?? undefined} alt="" loading={inView ? 'eager' : 'lazy'} width={280} height={158} />
        </Link>
        <span className={`${styles.state} ${styles[`state${state}`]}`}>{classSignUpState.label(state)}</span>
      </div>
      <div className={styles.body}>
        <Heading id={headingId} className={styles.name} title={klass.name}>
          <Link to={href('classDetails', { id: klass.id })}>{klass.name}</Link>
        </Heading>
        <ClassBadges klass={klass} />
        <p className={styles.meta}>
          {klass.center_name} · {klass.specialty_name} · {klass.teacher_name}
        </p>
        <p className={styles.meta}>
          {scheduleText(klass)}，共{klass.session_count}次
        </p>
        {note && <div className={styles.note}>{note}</div>}
        <div className={styles.foot}>
          <span className={styles.fee}>{formatYuan(klass.fee)}</span>
          <span className={klass.seats_left === 0 ? styles.full : styles.seats}>{seatsText(klass)}</span>
        </div>
      </div>
    </article>
  );
}
