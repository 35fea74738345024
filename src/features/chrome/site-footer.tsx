/**
 * The footer (spec §2): official site, courses, tickets, about us, registration notices. The
 * backend's site links are plain text until they come, and stay so when they are no links.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BackendLink } from '../../components/ui/backend-link.tsx';
import styles from './site-footer.module.css';
import { href } from '#src/lib/routes.ts';
import { siteInformationQuery } from '../../lib/api/shared-queries.ts';

export function SiteFooter() {
  const site = useQuery(siteInformationQuery());
  const info = site.data;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label="页脚链接">
          <BackendLink href={info?.official_site_url}>官方网站</BackendLink>
          <Link to={href('search')}>课程报名</Link>
          <BackendLink href={info?.ticket_url}>票务服务</BackendLink>
          <BackendLink href={info?.about_url}>关于我们</BackendLink>
          <Link to={href('brochure')}>招生简章</Link>
          <Link to={href('paymentNotice')}>缴费须知</Link>
        </nav>
        {info && (
          <div className={styles.meta}>
            <p className={styles.notice}>{info.registration_notice}</p>
            <p>
              地址：{info.address}
              {'\u3000'}咨询电话：{info.phone}
              {'\u3000'}工作时间：{info.work_hours}
            </p>
            <p>
              {info.copyright}
              {'\u3000'}
              {info.icp}
            </p>
          </div>
        )}
      </div>
    </footer>
  );
}
