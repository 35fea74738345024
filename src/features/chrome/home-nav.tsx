/** The home nav (spec §2) with the all-categories trigger on its left. */
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { MenuIcon } from '../../components/ui/icons.tsx';
import { CategoryMenu } from '../../components/classes/category-menu.tsx';
import styles from './home-nav.module.css';
import { href, routes } from '#src/lib/routes.ts';

export const homeNavItems = [
  { to: href('home'), label: '首页' },
  { to: href('brochure'), label: '招生简章' },
  { to: href('paymentNotice'), label: '缴费须知' },
  { to: href('faq'), label: '家长问答' },
  { to: href('enquiries'), label: '招生咨询' },
  { to: href('feedback'), label: '意见反馈' },
] as const;

/** The main navigation's links, the current page's marked (the bar on a desktop, the drawer below 1200px). */
export function MainNav({ links, current }: { links?: string; current?: string }) {
  return (
    <nav aria-label="主导航">
      <ul className={links}>
        {homeNavItems.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={({ isActive }) => (isActive ? current : undefined)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function HomeNav() {
  const { pathname } = useLocation();
  // On the home page the menu is part of the page (beside the banners); elsewhere it drops down.
  const onHome = pathname === routes.home.path;
  // Esc hides the dropdown opened by hover or focus (WCAG 1.4.13) until the pointer or focus leaves.
  const [dismissed, setDismissed] = useState(false);
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        {/* Esc closes the category panel from anywhere inside it; the links inside are the controls. */}
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
        <div
          className={`${styles.categories} ${onHome ? styles.static : ''} ${dismissed ? styles.dismissed : ''}`}
          tabIndex={onHome ? undefined : 0}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Focus stays in the menu's trigger, not on a link that is about to be hidden.
            event.currentTarget.focus();
            setDismissed(true);
          }}
          onMouseLeave={() => setDismissed(false)}
          onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setDismissed(false)}
        >
          <span className={styles.trigger}>
            <MenuIcon size={16} />
            全部课程分类
          </span>
          {!onHome && <CategoryMenu className={styles.dropdown} />}
        </div>
        <MainNav links={styles.links} current={styles.current} />
      </div>
    </div>
  );
}
