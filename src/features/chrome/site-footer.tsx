/** The footer (spec §2): official site, courses, tickets, about us, registration notices. */
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../lib/api/queries.ts';
import styles from './site-footer.module.css';

export function SiteFooter() {
  const site = useApiQuery('site_information', {}, { staleTime: Infinity });
  const info = site.data;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label="页脚链接">
          <a href={info?.official_site_url ?? '/'} target="_blank" rel="noreferrer noopener">
            官方网站
          </a>
          <Link to="/searchHome">课程报名</Link>
          <a href={info?.ticket_url ?? '/'} target="_blank" rel="noreferrer noopener">
            票务服务
          </a>
          <a href={info?.about_url ?? '/'} target="_blank" rel="noreferrer noopener">
            关于我们
          </a>
          <Link to="/apply">招生简章</Link>
          <Link to="/payment">缴费须知</Link>
        </nav>
        {info && (
          <div className={styles.meta}>
            <p className={styles.notice}>{info.registration_notice}</p>
            <p>
              地址：{info.address}{'\u3000'}咨询电话：{info.phone}{'\u3000'}工作时间：{info.work_hours}
            </p>
            <p>
              {info.copyright}{'\u3000'}{info.icp}
            </p>
          </div>
        )}
      </div>
    </footer>
  );
}
