/** /personal/mailing 邮寄地址: the parent's one address, shown when saved, and a form to add or change it. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { MailInfoCard } from '../../components/mailing/mail-info-card.tsx';
import { MailingForm } from './mailing-form.tsx';
import { useMailInfo } from '../../lib/mail-info.ts';
import styles from './mailing.module.css';
import { routeAt, routes, type RouteName } from '#src/lib/routes.ts';

/** Where a page that sent the parent here wants them back (?back=): only a personal page. */
export function safeBack(raw: string | null): string | null {
  return raw && raw.startsWith(`${routes.personal.path}/`) && !raw.startsWith('//') ? raw : null;
}

const backLabels: Partial<Record<RouteName, string>> = { invoiceRequest: '返回申请发票' };

export function MailingView({ back }: { back: string | null }) {
  const mail = useMailInfo();
  const [editing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const backLabel = back ? (backLabels[routeAt(back.split('?')[0] ?? '') ?? 'home'] ?? '返回') : null;

  return (
    <PageFrame plain title="邮寄地址" intro="纸质发票将寄往此地址。每个账号保存一个邮寄地址，可随时修改。">
      {mail.isPending ? (
        <LoadingState label="正在加载邮寄地址" />
      ) : mail.isError ? (
        <ErrorState title="邮寄地址加载失败" onRetry={mail.retry} />
      ) : mail.unknownUser ? (
        // get_mail_info takes the parent's user id, which this backend did not send (decision 073).
        <p className={styles.lead} role="status">
          暂时无法读取您保存的邮寄地址，请稍后再试；如需邮寄纸质发票，可联系授课中心。
        </p>
      ) : mail.mailInfo && !editing ? (
        <div className={styles.saved}>
          {justSaved && (
            <p className={styles.savedNote} role="status">
              邮寄地址已保存
            </p>
          )}
          <MailInfoCard mailInfo={mail.mailInfo} label="当前邮寄地址" />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => (setEditing(true), setJustSaved(false))}>
              修改地址
            </Button>
            {back && backLabel && (
              <Link className={styles.backLink} to={back}>
                {backLabel}
              </Link>
            )}
          </div>
        </div>
      ) : (
        <>
          {!mail.mailInfo && <p className={styles.lead}>您还没有邮寄地址，请填写后保存。</p>}
          <MailingForm current={mail.mailInfo} onSaved={() => (setEditing(false), setJustSaved(true))} onCancel={mail.mailInfo ? () => setEditing(false) : undefined} />
        </>
      )}
    </PageFrame>
  );
}
