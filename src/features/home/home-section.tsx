/** A block of the home page: its title, its loading, empty and error states, and a grid of classes. */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryFailed } from '#src/components/ui/query-failed.tsx';
import { ChevronRight } from '#src/components/ui/icons.tsx';
import { ClassCard, type ClassCardData } from '#src/components/classes/class-card.tsx';
import { ClassCardSkeletons } from '#src/components/classes/class-card-skeletons.tsx';
import styles from './home.module.css';

export function HomeSection({ title, subtitle, more, children, busy = false }: { title: string; subtitle?: string; more?: { to: string; label: string }; children: ReactNode; busy?: boolean }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} aria-busy={busy || undefined}>
      <header className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {subtitle && <p className={styles.sectionSubtitle}>{subtitle}</p>}
        {more && (
          <Link to={more.to} className={styles.more}>
            {more.label}
            <ChevronRight size={14} />
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}

/** One row of cards shows at first; the rest on request, so the home page stays short. */
export const CARDS_PER_ROW = 4;

export function ClassGrid({ classes, note }: { classes: ClassCardData[]; note?: (klass: ClassCardData) => ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const gridId = useId();
  const shown = expanded ? classes : classes.slice(0, CARDS_PER_ROW);
  return (
    <>
      <div className={styles.grid} id={gridId}>
        {shown.map((klass) => (
          <ClassCard key={klass.id} klass={klass} note={note?.(klass)} />
        ))}
      </div>
      {classes.length > CARDS_PER_ROW && (
        <button type="button" className={styles.expand} aria-expanded={expanded} aria-controls={gridId} onClick={() => setExpanded((e) => !e)}>
          {expanded ? '收起' : `展开全部 ${classes.length} 个班级`}
        </button>
      )}
    </>
  );
}

/**
 * A home list of classes. `empty` is what to say when there is none; null hides the section
 * (a list whose emptiness tells a parent nothing, such as 已满员).
 */
export function ClassListSection({
  query,
  title,
  subtitle,
  more,
  note,
  empty,
}: {
  query: UseQueryResult<{ list: ClassCardData[] }>;
  title: string;
  subtitle?: string;
  more?: { to: string; label: string };
  note?: (klass: ClassCardData) => ReactNode;
  empty: ReactNode | null;
}) {
  if (query.isSuccess && query.data.list.length === 0 && empty === null) return null;
  return (
    <HomeSection title={title} subtitle={subtitle} more={more} busy={query.isPending}>
      {query.isPending ? (
        <ClassCardSkeletons className={styles.grid} label={`${title}加载中`} />
      ) : query.isError ? (
        <QueryFailed error={query.error} title={`${title}加载失败`} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <p className={styles.sectionEmpty}>{empty}</p>
      ) : (
        <ClassGrid classes={query.data.list} note={note} />
      )}
    </HomeSection>
  );
}
