/**
 * The user menu (spec §2): personal center, messages with the unread count, log out;
 * 登录/注册 when signed out.
 */
import { Link } from 'react-router-dom';
import { ChevronDown } from '../../components/ui/icons.tsx';
import { goToLogin, logout } from '../../lib/session/session-flow.ts';
import { displayName, useCurrentUser, useSignedIn, useUnreadCount } from '../../lib/session/use-session.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import styles from './top-bar.module.css';
import { useDropdown } from './use-dropdown.ts';

export function UserMenu() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  const unread = useUnreadCount();
  const ossUrl = useOssUrl();
  const [dropdownRef, dropdown] = useDropdown<HTMLDivElement>();

  if (!signedIn) {
    return (
      <button type="button" className={styles.loginButton} onClick={goToLogin}>
        登录/注册
      </button>
    );
  }
  const info = user.data?.user_info;
  const name = info ? displayName(info) : '我的账号';
  return (
    <div className={styles.menu} ref={dropdownRef} onBlur={dropdown.onBlur} data-open={dropdown.open}>
      <button type="button" className={styles.menuTrigger} aria-haspopup="menu" aria-expanded={dropdown.open} onClick={dropdown.toggle}>
        <Avatar src={ossUrl(info?.url)} name={name} size={24} />
        <span className={styles.userName} title={name}>
          {name}
        </span>
        {unread > 0 && <span className={styles.dot} aria-label={`${unread}条未读消息`} />}
        <ChevronDown size={14} />
      </button>
      <div className={styles.dropdown} role="menu">
        <Link role="menuitem" to="/personal/personalData" onClick={() => dropdown.setOpen(false)}>
          个人中心
        </Link>
        <Link role="menuitem" to="/personal/systemMessages" onClick={() => dropdown.setOpen(false)}>
          消息通知
          {unread > 0 && (
            <span className={styles.badge}>
              {unread > 99 ? '99+' : unread}
              <span className="visually-hidden">条未读</span>
            </span>
          )}
        </Link>
        <button role="menuitem" type="button" onClick={() => void logout()}>
          退出登录
        </button>
      </div>
    </div>
  );
}
