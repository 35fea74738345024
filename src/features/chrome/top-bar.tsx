/** The thin bar above the header: greeting, the child selector and the user menu. */
import { DeferredChildSelector as ChildSelector } from './deferred.tsx';
import { UserMenu } from './user-menu.tsx';
import { useSignedIn } from '../../lib/session/use-session.ts';
import styles from './top-bar.module.css';

export function TopBar() {
  const signedIn = useSignedIn();
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <span className={styles.greeting}>您好，欢迎来到少年儿童活动中心报名服务平台！</span>
        <div className={styles.actions}>
          {signedIn && <ChildSelector />}
          <UserMenu />
        </div>
      </div>
    </div>
  );
}
