/** A saved mailing address, as a parent checks it before a paper invoice is posted to it. */
import type { MailInfo } from '../../lib/mail-info.ts';
import { fullAddress } from '../../lib/mail-info.ts';
import styles from './mail-info-card.module.css';

export function MailInfoCard({ mailInfo, label = '邮寄地址' }: { mailInfo: Pick<MailInfo, 'receiver' | 'phone' | 'province' | 'city' | 'district' | 'address' | 'postcode'>; label?: string }) {
  return (
    <section className={styles.card} aria-label={label}>
      <p className={styles.cardHead}>
        <strong>{mailInfo.receiver}</strong>
        <span>{mailInfo.phone}</span>
      </p>
      <p className={styles.cardAddress}>{fullAddress(mailInfo)}</p>
      {mailInfo.postcode && <p className={styles.cardPostcode}>邮编 {mailInfo.postcode}</p>}
    </section>
  );
}
