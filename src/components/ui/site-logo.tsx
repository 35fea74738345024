import { Link } from 'react-router-dom';
import styles from './site-logo.module.css';
import { href } from '#src/lib/routes.ts';

/**
 * The center's mark and name; drawn inline (no image request). The link's name is its visible
 * text plus a hidden "首页" (an aria-label would hide the visible words from speech input). On a
 * phone the name shows only where the header has room for it (`named`: no search box beside it).
 */
export function SiteLogo({ compact = false, named = false }: { compact?: boolean; named?: boolean }) {
  return (
    <Link to={href('home')} className={`${styles.logo} ${compact ? styles.compact : ''} ${named ? styles.named : ''}`}>
      <svg width={compact ? 32 : 44} height={compact ? 32 : 44} viewBox="0 0 44 44" aria-hidden="true">
        <circle cx="22" cy="22" r="21" fill="var(--color-primary)" />
        <path d="M13 28c3-9 6-13 9-13s6 4 9 13" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="22" cy="12" r="3.5" fill="#ffd54a" />
      </svg>
      <span className={`${styles.logoText} ${named ? '' : 'phone-hidden'}`}>
        <strong>少年儿童活动中心</strong>
        {!compact && <small>报名服务平台</small>}
      </span>
      <span className="visually-hidden">（首页）</span>
    </Link>
  );
}
