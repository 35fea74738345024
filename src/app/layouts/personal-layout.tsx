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
import { href, routeAt, type RouteName } from '#src/lib/routes.ts';
import { personalLabel, personalMenu, personalSubPages } from './personal-menu.ts';
import { PageSkeleton } from './page-skeleton.tsx';
import styles from './layouts.module.css';

export function PersonalLayout() {
  const { pathname } = useLocation();
  const current = routeAt(pathname);
  const highlighted = (current && personalSubPages[current]?.parent) ?? current;
  const unread = useUnreadCount();
  return (
    <div className={styles.page}>
      <TopBar />
      <SiteHeader menu={<PersonalMenu className={styles.drawerMenu} highlighted={highlighted} unread={unread} />} />
      <div className={styles.crumbs}>
        <Link to={href('home')}>首页</Link>
        <span aria-hidden="true">/</span>
        <Link to={href('personalData')}>个人中心</Link>
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
function PersonalMenu({ className, highlighted, unread }: { className: string | undefined; highlighted: RouteName | undefined; unread: number }) {
  return (
    <nav className={className} aria-label="个人中心">
      {personalMenu.map((group) => (
        <section key={group.title}>
          <h2>{group.title}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.route}>
                <NavLink to={href(item.route)} className={item.route === highlighted ? styles.menuCurrent : undefined} aria-current={item.route === highlighted ? 'page' : undefined}>
                  {item.label}
                  {item.route === 'messages' && <UnreadBadge count={unread} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
