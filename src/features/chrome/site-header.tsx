/**
 * The header: logo and the class search, which turns compact after 150 px of scroll and is
 * hidden on the pages of a payment in progress (spec §2). Below 1200px (decision 050) it starts
 * with the menu button, which opens the drawer of the nav and the category menu (and of what the
 * layout adds, `menu`: the personal center's menu).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { MenuIcon } from '../../components/ui/icons.tsx';
import { SearchBox } from './search-box.tsx';
import { SiteLogo } from '../../components/ui/site-logo.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import styles from './site-header.module.css';
import { COMPACT_HEADER_AT_PX, useScrolledPast } from './use-scrolled-past.ts';

const pathsWithoutSearch = ['appointment', 'collectMoney', 'settlement', 'paymentResult'];
export function searchHiddenOn(pathname: string): boolean {
  return pathsWithoutSearch.some((fragment) => pathname.includes(fragment));
}

export function SiteHeader({ menu }: { menu?: ReactNode }) {
  const { pathname } = useLocation();
  // A new keyword in the address (Back, a removed filter tag) restarts the box with it.
  const searched = useRouteSearch('search').name;
  const compact = useScrolledPast(COMPACT_HEADER_AT_PX);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const withSearch = !searchHiddenOn(pathname);
  return (
    <header className={`${styles.header} ${compact ? styles.compact : ''}`} data-compact={compact}>
      <div className={styles.inner}>
        <button type="button" className={styles.menuButton} aria-haspopup="dialog" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
          <MenuIcon size={24} />
          <span className="visually-hidden">菜单</span>
        </button>
        <SiteLogo compact={compact} named={!withSearch} />
        {withSearch && <SearchBox key={searched ?? ''} compact={compact} />}
      </div>
      <NavDrawer open={drawerOpen} onClose={closeDrawer}>
        {menu}
      </NavDrawer>
    </header>
  );
}
