/**
 * The user menu (spec §2): personal center, messages with the unread count, log out;
 * 登录/注册 when signed out.
 */
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { ChevronDown } from '../../components/ui/icons.tsx';
import { logout } from '../../lib/session/session-flow.ts';
import { SignInLink } from '#src/components/ui/sign-in-link.tsx';
import { displayName, useCurrentUser, useSignedIn, useUnreadCount } from '../../lib/session/use-session.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { UnreadBadge } from '#src/components/ui/unread-badge.tsx';
import styles from './top-bar.module.css';
import { useDropdown } from './use-dropdown.ts';
import { href } from '#src/lib/routes.ts';

export function UserMenu() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  const unread = useUnreadCount();
  const ossUrl = useOssUrl();
  const [dropdownRef, dropdown] = useDropdown<HTMLDivElement>();

  /** The menu button's keys: ArrowDown/ArrowUp open the menu and move between its items, Home/End go to the ends. */
  function onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const root = dropdownRef.current;
    if (!root) return;
    event.preventDefault();
    // Shown at once, so the item can take focus in this same keystroke.
    if (!dropdown.open) flushSync(() => dropdown.setOpen(true));
    const items = [...root.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const last = items.length - 1;
    const next = { Home: 0, End: last, ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1 }[event.key]!;
    items[next]?.focus();
  }

  if (!signedIn) {
    return <SignInLink className={styles.loginButton}>登录/注册</SignInLink>;
  }
  const info = user.data?.user_info;
  const name = info ? displayName(info) : '我的账号';
  return (
    <div className={styles.menu} ref={dropdownRef} onBlur={dropdown.onBlur} data-open={dropdown.open}>
      <button type="button" className={styles.menuTrigger} aria-haspopup="menu" aria-expanded={dropdown.open} onClick={dropdown.toggle} onKeyDown={onKeyDown}>
        <Avatar src={ossUrl(info?.url)} size={24} />
        <span className={styles.userName} title={name}>
          {name}
        </span>
        {unread > 0 && <span className={styles.dot} aria-label={`${unread}条未读消息`} />}
        <ChevronDown size={14} />
      </button>
      <div className={styles.dropdown} role="menu" tabIndex={-1} onKeyDown={onKeyDown}>
        <Link role="menuitem" to={href('personalData')} onClick={() => dropdown.setOpen(false)}>
          个人中心
        </Link>
        <Link role="menuitem" to={href('messages')} onClick={() => dropdown.setOpen(false)}>
          消息通知
          <UnreadBadge count={unread} />
        </Link>
        <button role="menuitem" type="button" onClick={() => void logout()}>
          退出登录
        </button>
      </div>
    </div>
  );
}
