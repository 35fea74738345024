/** /payment, 缴费须知: the payment notice of get_front_content module 9. */
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { FrontContent, contentModules } from './front-content.tsx';
import styles from './info.module.css';
import { href } from '#src/lib/routes.ts';

export function PaymentNoticePage() {
  return (
    <PageFrame title="缴费须知" intro="缴费方式、支付时限与退费规则，请在报名前仔细阅读。">
      <div className={styles.narrow}>
        <FrontContent module={contentModules.paymentNotice} name="缴费须知" reserve={360} />
        <p className={styles.askMore}>
          还有疑问？请查看<Link to={href('faq')}>家长问答</Link>，或<Link to={href('enquiries')}>联系招生咨询</Link>。
        </p>
      </div>
    </PageFrame>
  );
}
