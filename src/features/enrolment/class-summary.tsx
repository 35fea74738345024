/** The class being signed up for, as the appointment and settlement steps show it. */
import { admissionKind } from '#contract/coded-values';
import type { classDetailSchema } from '#contract/index';
import type { z } from 'zod';
import { formatDate } from '../../lib/format.ts';
import { ClassBadges } from '../../components/classes/class-badges.tsx';
import { scheduleText } from '../../components/classes/class-card.tsx';
import { useOssUrl } from '../../lib/session/oss.ts';
import { Fact, Facts } from '#src/components/ui/facts.tsx';
import ui from '#src/components/ui/ui.module.css';
import styles from './journey.module.css';

export type ClassDetail = z.output<typeof classDetailSchema>;

export function ClassSummary({ klass }: { klass: ClassDetail }) {
  const ossUrl = useOssUrl();
  return (
    <section className={styles.classSummary} aria-label="报名班级">
      <img className={styles.cover} src={ossUrl(klass.cover_url) ?? undefined} alt="" width={224} height={126} />
      <div className={styles.classFacts}>
        <h2 className={styles.className}>{klass.name}</h2>
        <ClassBadges klass={klass} />
        <Facts className={styles.facts}>
          <Fact term="上课时间">
            {scheduleText(klass)}，共{klass.session_count}次（{formatDate(klass.first_session_date)} 至 {formatDate(klass.last_session_date)}）
          </Fact>
          <Fact term="上课地点">
            {klass.address} {klass.classroom}
          </Fact>
          <Fact term="授课老师">
            {klass.teacher_name}
            <span className={ui.muted}>
              {'\u3000'}
              {klass.center_name} · {klass.specialty_name} · {klass.term}
            </span>
          </Fact>
          <Fact term="招生方式">{admissionKind.label(klass.admission_kind)}</Fact>
        </Facts>
      </div>
    </section>
  );
}
