/**
 * /login (decision 090): its loader sends the visitor on to the account service before any page
 * is drawn (app/login-loader.ts). Should a browser draw it anyway, it says where the visitor is
 * going and offers the way home.
 */
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/ui/page-frame.tsx';
import { SiteLogo } from '../../components/ui/site-logo.tsx';
import styles from './login-close.module.css';
import { href } from '#src/lib/routes.ts';

export function LoginPage() {
  useDocumentTitle('正在前往登录');
  return (
    <div className={styles.card}>
      <SiteLogo named />
      <h1 className={styles.title}>正在前往登录页面…</h1>
      <p className={styles.text}>登录由统一身份认证完成，登录后将回到您刚才浏览的页面。</p>
      <div className={styles.actions}>
        <Link to={href('home')} className={styles.secondaryLink}>
          返回首页
        </Link>
      </div>
    </div>
  );
}
