/** What a refund would return now, with the numbers behind it and the rule the backend applied. */
import type { Data } from '../../lib/api/queries.ts';
import { formatYuan } from '../../lib/format.ts';
import type { RefundKind } from './use-order-kind.ts';
import { Fact, Facts } from '#src/components/ui/facts.tsx';
import styles from './refunds.module.css';

export type RefundPreviewData = Data<'preview_refund_fee'>;

export function RefundPreview({ preview, kind }: { preview: RefundPreviewData; kind: RefundKind }) {
  const unit = kind === 'activity' ? '场' : '次';
  const started = kind === 'activity' ? '已开始' : '已开课';
  const nothing = preview.refundable_amount <= 0;
  return (
    <section className={styles.preview} aria-labelledby="refund-preview-title">
      <h2 id="refund-preview-title" className={styles.sectionTitle}>
        退费金额
      </h2>
      <div className={styles.previewBody}>
        <div className={nothing ? `${styles.refundable} ${styles.refundableNone}` : styles.refundable}>
          <span className={styles.refundableLabel}>本次可退金额</span>
          <strong className={nothing ? styles.bigAmountNone : styles.bigAmount} data-testid="refundable-amount">
            {formatYuan(preview.refundable_amount)}
          </strong>
          <span className={styles.refundableNote}>{nothing ? '没有可退的金额' : preview.is_full ? '全额退还' : `按未上课的${kind === 'activity' ? '场次' : '课次'}退还`}</span>
        </div>
        <Facts className={styles.breakdown}>
          <Fact term="已缴费用">{formatYuan(preview.paid_amount)}（学费及已缴的补缴费用）</Fact>
          <Fact term="已退金额">{formatYuan(preview.refunded_amount)}</Fact>
          <Fact term={kind === 'activity' ? '活动场次' : '上课进度'}>{`共${preview.session_count}${unit}，${started}${preview.held_sessions}${unit}，剩余${preview.remaining_sessions}${unit}`}</Fact>
          <Fact term={<>每{unit}费用</>}>{formatYuan(preview.per_session_fee)}</Fact>
        </Facts>
      </div>
      <p className={styles.rule}>
        <span className={styles.ruleLabel}>退费规则</span>
        {preview.rule}
      </p>
    </section>
  );
}
