/** A class as lists show it: cover, name, badges, schedule, seats left and fee. */
import { classSignUpState, weekday, type classCardSchema } from '#contract/index';
import type { z } from 'zod';
import { Link } from 'react-router-dom';
import { formatYuan } from '../../lib/format.ts';
import { useOssUrl } from '../session/oss.ts';
import { ClassBadges } from './class-badges.tsx';
import styles from './class-card.module.css';

export type ClassCardData = z.output<typeof classCardSchema>;

export function scheduleText(klass: Pick<ClassCardData, 'weekdays' | 'start_time' | 'end_time'>): string {
  return `${klass.weekdays.map((d) => weekday.label(d)).join('、')} ${klass.start_time}-${klass.end_time}`;
}

export function seatsText(klass: Pick<ClassCardData, 'seats_left' | 'sign_up_state'>): string {
  if (klass.sign_up_state === classSignUpState.values.full || klass.seats_left === 0) return '名额已满';
  return `剩余${klass.seats_left}个名额`;
}

export function ClassCard({ klass }: { klass: ClassCardData }) {
  const ossUrl = useOssUrl();
  const state = klass.sign_up_state;
  return (
    <article className={styles.card} aria-labelledby={`class-${klass.id}`}>
      <Link to={`/details?id=${klass.id}`} className={styles.cover} tabIndex={-1} aria-hidden="true">
        <img src={ossUrl(klass.cover_url) ?? ''} alt="" loading="lazy" width={280} height={158} />
        <span className={`${styles.state} ${styles[`state${state}`]}`}>{classSignUpState.label(state)}</span>
      </Link>
      <div className={styles.body}>
        <h3 id={`class-${klass.id}`} className={styles.name} title={klass.name}>
          <Link to={`/details?id=${klass.id}`}>{klass.name}</Link>
        </h3>
        <ClassBadges klass={klass} />
        <p className={styles.meta}>
          {klass.center_name} · {klass.specialty_name} · {klass.teacher_name}
        </p>
        <p className={styles.meta}>
          {scheduleText(klass)}，共{klass.session_count}次
        </p>
        <div className={styles.foot}>
          <span className={styles.fee}>{formatYuan(klass.fee)}</span>
          <span className={klass.seats_left === 0 ? styles.full : styles.seats}>{seatsText(klass)}</span>
        </div>
      </div>
    </article>
  );
}
