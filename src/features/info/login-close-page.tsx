/**
 * /loginClose: where the account service sends a parent who closed or cancelled its login
 * window (empty layout). Says sign-in did not happen and offers it again, or the home page.
 */
import { Link } from 'react-router-dom';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { SERVICE_PARAM } from '#contract/account-service';
import { buttonLook } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../components/ui/page-frame.tsx';
import { SignInLink } from '../../components/ui/sign-in-link.tsx';
import { SiteLogo } from '../../components/ui/site-logo.tsx';
import { useSignedIn } from '../../lib/session/use-session.ts';
import styles from './login-close.module.css';
import { href } from '#src/lib/routes.ts';

export function LoginClosePage() {
  const signedIn = useSignedIn();
  const search = useRouteSearch('loginClosed');
  const title = signedIn ? '您已登录' : '登录未完成';
  useDocumentTitle(title);
  return (
    <div className={styles.card}>
      <SiteLogo named />
      <svg className={`${styles.mark} ${signedIn ? styles.done : ''}`} width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="32" />
        {signedIn ? <path d="m20 33 8 8 16-17" /> : <path d="M32 18v18M32 45v1" />}
      </svg>
      <h1 className={styles.title}>{title}</h1>
      {signedIn ? (
        <p className={styles.text}>您已成功登录，可以继续浏览课程和报名。</p>
      ) : (
        <>
          <p className={styles.text}>登录窗口已关闭或登录已取消，您目前仍处于未登录状态。</p>
          <p className={styles.hint}>浏览课程无需登录；为孩子报名、缴费和查看订单前，请先登录。</p>
        </>
      )}
      <div className={styles.actions}>
        {!signedIn && (
          // Back to the `service` the account service passed back, if it is a page of this site
          // (never another origin, never this page itself: /login's loader decides), else home.
          <SignInLink className={buttonLook('primary', 'lg')} from={search[SERVICE_PARAM] ?? '/'}>
            重新登录
          </SignInLink>
        )}
        <Link to={href('home')} className={signedIn ? styles.primaryLink : styles.secondaryLink}>
          返回首页
        </Link>
      </div>
    </div>
  );
}
