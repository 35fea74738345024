/** How many messages are unread, beside a link to them (the user menu's and the personal menu's). */
import styles from './ui.module.css';

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.unread}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">条未读</span>
    </span>
  );
}
