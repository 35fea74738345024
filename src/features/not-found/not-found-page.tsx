/** The 404 page: the spec's 'This page could not be found', with a Chinese line beside it. */
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/ui/page-frame.tsx';
import styles from './not-found.module.css';
import { href } from '#src/lib/routes.ts';

export function NotFoundPage() {
  useDocumentTitle('页面不存在');
  return (
    <div className={styles.box}>
      <div className={styles.code}>404</div>
      <div>
        <h1 className={styles.title}>This page could not be found</h1>
        <p className={styles.zh}>抱歉，您访问的页面不存在或已被移除。</p>
        <Link to={href('home')} className={styles.home}>
          返回首页
        </Link>
      </div>
    </div>
  );
}
