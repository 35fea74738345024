/** What an ID number tells, shown beside its field as it is typed (lib/id-reading.ts reads it). */
import { gender } from '#contract/coded-values';
import type { LiveIdReading } from '../../lib/id-reading.ts';
import styles from './id-reading.module.css';

/** 出生日期 2019-03-08 · 7岁 · 男 */
export function IdFacts({ birthDate, gender: g, age }: { birthDate: string; gender: 1 | 2; age: number }) {
  return (
    <span className={styles.derived} data-testid="id-facts">
      <span>
        出生日期 <b>{birthDate}</b>
      </span>
      <span>
        年龄 <b>{age}岁</b>
      </span>
      <span>
        性别 <b>{gender.label(g)}</b>
      </span>
    </span>
  );
}

/** The Field props for an ID-card number: its live message as the error, or what it tells as the hint. */
export function idFieldState(live: LiveIdReading, submitted: string | undefined, idleHint: string) {
  if (submitted) return { error: submitted, hint: undefined };
  switch (live.state) {
    case 'empty':
      return { error: undefined, hint: idleHint };
    case 'typing':
      return { error: undefined, hint: live.hint };
    case 'invalid':
      return { error: live.message, hint: undefined };
    case 'ok':
      return { error: undefined, hint: <IdFacts birthDate={live.birthDate} gender={live.gender} age={live.age} /> };
  }
}
