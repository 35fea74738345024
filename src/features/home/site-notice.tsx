/**
 * A strip under the banners with how to reach the center: consultation phone, opening hours,
 * address and mailbox (site_information). The footer shows the same answer, so this strip never
 * shows an error of its own: it keeps its place empty until the data is there.
 */
import { useQuery } from '@tanstack/react-query';
import { PhoneIcon } from '#src/components/ui/icons.tsx';
import { dialled } from '#src/lib/format.ts';
import styles from './home.module.css';
import { siteInformationQuery } from '../../lib/api/shared-queries.ts';

export function SiteNotice() {
  const site = useQuery(siteInformationQuery());
  if (!site.data) return <div className={styles.notice} aria-hidden="true" />;
  const { phone, work_hours, address, email } = site.data;
  return (
    <aside className={styles.notice} aria-label="咨询服务">
      <p className={styles.noticeItem}>
        <PhoneIcon size={16} className={styles.noticeIcon} />
        咨询电话
        <a href={`tel:${dialled(phone)}`} className={styles.noticePhone}>
          <strong>{phone}</strong>
        </a>
      </p>
      <p className={styles.noticeItem}>
        开放时间<span>{work_hours}</span>
      </p>
      <p className={`${styles.noticeItem} ${styles.noticeWide}`} title={address}>
        地址<span>{address}</span>
      </p>
      <p className={styles.noticeItem}>
        邮箱<a href={`mailto:${email}`}>{email}</a>
      </p>
    </aside>
  );
}
