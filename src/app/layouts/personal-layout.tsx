/**
 * The personal pages' layout: the chrome, a side menu of the personal pages, the page. Below 1200px
 * (decision 050) the menu is in the header's drawer instead.
 */
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useUnreadCount } from '../../lib/session/use-session.ts';
import { UnreadBadge } from '#src/components/ui/unread-badge.tsx';
import { DeferredSideTool as SideTool } from '../../features/chrome/deferred.tsx';
import { SiteFooter } from '../../features/chrome/site-footer.tsx';
import { SiteHeader } from '../../features/chrome/site-header.tsx';
import { TopBar } from '../../features/chrome/top-bar.tsx';
import { personalLabel, personalMenu, personalSubPages } from './personal-menu.ts';
import { PageSkeleton } from './page-skeleton.tsx';
import styles from './layouts.module.css';

export function PersonalLayout() {
  const { pathname } = useLocation();
  const current = pathname.split('/')[2] ?? '';
  const highlighted = personalSubPages[current]?.parent ?? current;
  const unread = useUnreadCount();
  return (
    <div className={styles.page}>
      <TopBar />
      <SiteHeader menu={<PersonalMenu className={styles.drawerMenu} highlighted={highlighted} unread={unread} />} />
      <div className={styles.crumbs}>
        <Link to="/">首页</Link>
        <span aria-hidden="true">/</span>
        <Link to="/personal/personalData">个人中心</Link>
        {personalLabel(current) && (
          <>
            <span aria-hidden="true">/</span>
            <span aria-current="page">{personalLabel(current)}</span>
          </>
        )}
      </div>
      <div className={styles.personal}>
        <PersonalMenu className={styles.sideMenu} highlighted={highlighted} unread={unread} />
        <main className={styles.personalMain} id="main">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SiteFooter />
      <SideTool />
    </div>
  );
}

/** The personal center's menu: beside the page, or in the header's drawer. */
function PersonalMenu({ className, highlighted, unread }: { className: string | undefined; highlighted: string; unread: number }) {
  return (
    <nav className={className} aria-label="个人中心">
      {personalMenu.map((group) => (
        <section key={group.title}>
          <h2>{group.title}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.path}>
                <NavLink to={`/personal/${item.path}`} className={item.path === highlighted ? styles.menuCurrent : undefined} aria-current={item.path === highlighted ? 'page' : undefined}>
                  {item.label}
                  {item.path === 'systemMessages' && <UnreadBadge count={unread} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
