/**
 * 首页 › center › specialty › class, from get_major_categories_of_projects; the class's own
 * center and specialty stand in while it loads or if it fails (a breadcrumb is no reason to
 * bother the parent with an error).
 */
import { Link } from 'react-router-dom';
import { ChevronRight } from '../../components/ui/icons.tsx';
import { centerHref, specialtyHref } from '../../components/classes/category-menu.tsx';
import type { ClassDetail } from './sign-up-state.ts';
import styles from './details.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { categoryQuery } from './class-details-page.data.ts';

export function ClassBreadcrumb({ klass }: { klass: ClassDetail }) {
  const category = useQuery(categoryQuery(klass.id));
  const c = category.data ?? klass;
  return (
    <nav aria-label="当前位置" className={styles.crumbs}>
      <ol>
        <li>
          <Link to={href('home')}>首页</Link>
          <ChevronRight size={12} />
        </li>
        <li>
          <Link to={centerHref(c.center_id)}>{c.center_name}</Link>
          <ChevronRight size={12} />
        </li>
        <li>
          <Link to={specialtyHref(c.specialty_id, c.center_id)}>{c.specialty_name}</Link>
          <ChevronRight size={12} />
        </li>
        <li aria-current="page">{klass.name}</li>
      </ol>
    </nav>
  );
}
