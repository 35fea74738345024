/**
 * The left category menu (spec §2): each category with up to two specialties inline;
 * hovering or focusing a row shows all its specialties. Links go to /searchHome?center={id} and
 * /searchHome?specialty={id}&center={id}. Names are cut at 85px with an ellipsis and a title.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight } from '../ui/icons.tsx';
import { useApiQuery } from '../../lib/api/queries.ts';
import styles from './category-menu.module.css';

export const centerHref = (centerId: number) => `/searchHome?center=${centerId}`;
export const specialtyHref = (specialtyId: number, centerId: number) => `/searchHome?specialty=${specialtyId}&center=${centerId}`;

export function CategoryMenu({ className = '' }: { className?: string }) {
  const categories = useApiQuery('class_category', {});
  const [active, setActive] = useState<number | null>(null);

  if (categories.isPending) {
    return (
      <nav className={`${styles.menu} ${className}`} aria-label="课程分类" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={styles.skeleton} />
        ))}
      </nav>
    );
  }
  if (categories.isError) {
    return (
      <nav className={`${styles.menu} ${className}`} aria-label="课程分类">
        <p className={styles.hint}>课程分类加载失败</p>
        <button type="button" className={styles.retry} onClick={() => void categories.refetch()}>
          重新加载
        </button>
      </nav>
    );
  }
  const list = categories.data.class_list;
  const current = list.find((c) => c.id === active);
  return (
    <nav className={`${styles.menu} ${className}`} aria-label="课程分类" onMouseLeave={() => setActive(null)}>
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
          </li>
        ))}
      </ul>
      {current && current.children.length > 0 && (
        <div className={styles.panel} aria-label={`${current.name}的专业`}>
          <Link to={centerHref(current.id)} className={styles.panelTitle}>
            {current.name}
            <ChevronRight size={14} />
          </Link>
          <div className={styles.panelLinks}>
            {current.children.map((s) => (
              <Link key={s.id} to={specialtyHref(s.id, current.id)} title={s.name}>
                {s.name}
              </Link>
            ))}
          </div>
        </div>
      )}
    </nav>
  );
}
