/**
 * The left category menu (spec §2): each category with up to two specialties inline;
 * hovering or focusing a row shows all its specialties. Links go to /searchHome?center={id} and
 * /searchHome?specialty={id}&center={id}. Names are cut at 85px with an ellipsis and a title.
 * Each row holds its panel, hidden; CSS shows it on hover and focus, so it opens before the scripts
 * load too (decision 074); the scripts keep it open for the row last entered.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown, ChevronRight } from '../ui/icons.tsx';
import styles from './category-menu.module.css';
import { href } from '#src/lib/routes.ts';
import { classCategoryQuery } from '../../lib/api/shared-queries.ts';

export const centerHref = (centerId: number) => href('search', { center: centerId });
export const specialtyHref = (specialtyId: number, centerId: number) => href('search', { specialty: specialtyId, center: centerId });

/** The categories' loading, failure and empty states, shared by the menu and the drawer's list. */
function useCategories(className: string | undefined) {
  const categories = useQuery(classCategoryQuery());
  if (categories.isPending) {
    return {
      fallback: (
        <nav className={className} aria-label="课程分类" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className={styles.skeleton} />
          ))}
        </nav>
      ),
    };
  }
  if (categories.isError) {
    return {
      fallback: (
        <nav className={className} aria-label="课程分类">
          <p className={styles.hint}>课程分类加载失败</p>
          <button type="button" className={styles.retry} onClick={() => void categories.refetch()}>
            重新加载
          </button>
        </nav>
      ),
    };
  }
  return { list: categories.data.class_list };
}

export function CategoryMenu({ className = '' }: { className?: string }) {
  const { fallback, list } = useCategories(`${styles.menu} ${className}`);
  const [active, setActive] = useState<number | null>(null);
  if (!list) return fallback;
  return (
    <nav
      className={`${styles.menu} ${className}`}
      aria-label="课程分类"
      onMouseLeave={() => setActive(null)}
      // The keyboard leaving the menu closes its panel too: left open, it would cover what the focus goes to (WCAG 2.4.11).
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setActive(null);
      }}
    >
      {list.length === 0 && <p className={styles.hint}>暂无课程分类</p>}
      <ul className={styles.list}>
        {list.map((category) => (
          <li key={category.id} className={`${styles.row} ${active === category.id ? styles.active : ''}`} onMouseEnter={() => setActive(category.id)} onFocus={() => setActive(category.id)}>
            <Link to={centerHref(category.id)} className={styles.name} title={category.name}>
              {category.name}
            </Link>
            <span className={styles.inline}>
              {category.children.slice(0, 2).map((s) => (
                <Link key={s.id} to={specialtyHref(s.id, category.id)} className={styles.child} title={s.name}>
                  {s.name}
                </Link>
              ))}
            </span>
            <ChevronRight size={14} className={styles.chevron} />
            {category.children.length > 0 && (
              <div className={styles.panel} hidden={active !== category.id} aria-label={active === category.id ? `${category.name}的专业` : undefined}>
                <Link to={centerHref(category.id)} className={styles.panelTitle}>
                  {category.name}
                  <ChevronRight size={14} />
                </Link>
                <div className={styles.panelLinks}>
                  {category.children.map((s) => (
                    <Link key={s.id} to={specialtyHref(s.id, category.id)} title={s.name}>
                      {s.name}
                    </Link>
                  ))}
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The categories in the phone's menu drawer: no hover on a touch screen, so each category's
 * specialties open under it with a button of their own (a disclosure), one category at a time.
 */
export function CategoryAccordion() {
  const { fallback, list } = useCategories(styles.accordion);
  const [open, setOpen] = useState<number | null>(null);
  if (!list) return fallback;
  return (
    <nav className={styles.accordion} aria-label="课程分类">
      {list.length === 0 && <p className={styles.hint}>暂无课程分类</p>}
      <ul className={styles.list}>
        {list.map((category) => {
          const expanded = open === category.id;
          const panelId = `category-${category.id}-specialties`;
          return (
            <li key={category.id}>
              <div className={styles.accordionRow}>
                <Link to={centerHref(category.id)} className={styles.accordionName}>
                  {category.name}
                </Link>
                {category.children.length > 0 && (
                  <button
                    type="button"
                    className={styles.accordionToggle}
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    aria-label={`${category.name}的专业`}
                    onClick={() => setOpen(expanded ? null : category.id)}
                  >
                    <ChevronDown size={18} className={expanded ? styles.flipped : undefined} />
                  </button>
                )}
              </div>
              {expanded && (
                <ul id={panelId} className={styles.accordionLinks}>
                  {category.children.map((s) => (
                    <li key={s.id}>
                      <Link to={specialtyHref(s.id, category.id)}>{s.name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
