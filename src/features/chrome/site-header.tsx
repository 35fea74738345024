/**
 * The header: logo and the class search, which turns compact after 150 px of scroll and is
 * hidden on the pages of a payment in progress (spec §2).
 */
import { useLocation, useSearchParams } from 'react-router-dom';
import { SearchBox } from './search-box.tsx';
import { SiteLogo } from '../../components/ui/site-logo.tsx';
import styles from './site-header.module.css';
import { COMPACT_HEADER_AT_PX, useScrolledPast } from './use-scrolled-past.ts';

const pathsWithoutSearch = ['appointment', 'collectMoney', 'settlement', 'paymentResult'];

export function searchHiddenOn(pathname: string): boolean {
  return pathsWithoutSearch.some((fragment) => pathname.includes(fragment));
}

export function SiteHeader() {
  const { pathname } = useLocation();
  // A new keyword in the address (Back, a removed filter tag) restarts the box with it.
  const [params] = useSearchParams();
  const compact = useScrolledPast(COMPACT_HEADER_AT_PX);
  return (
    <header className={`${styles.header} ${compact ? styles.compact : ''}`} data-compact={compact}>
      <div className={styles.inner}>
        <SiteLogo compact={compact} />
        {!searchHiddenOn(pathname) && <SearchBox key={params.get('name') ?? ''} compact={compact} />}
      </div>
    </header>
  );
}
