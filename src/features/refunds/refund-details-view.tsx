/** /personal/refundDetails?id={refund id} 退费详情: one refund, its progress and, if rejected, why. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { refundStatus } from '#contract/coded-values';
import { StatusText } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { failureMessage, failureText } from '../../lib/api/failure-text.ts';
import { refundSteps } from './refund-timeline.ts';
import { StatusSteps } from '../../components/ui/status-steps.tsx';
import { useRefundDetail, type RefundDetail } from './use-refund-detail.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { decideErrorAction } from '../../lib/api/error-policy.ts';
import { isNoSuchCall, learnFromError, useProposals } from '../../lib/api/proposals.ts';
import { useApiMutation } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { Fact, FactBox } from '#src/components/ui/facts.tsx';
import { Summary, SummaryItem, Refusal } from '#src/components/ui/record-summary.tsx';
import styles from './refunds.module.css';
import { href } from '#src/lib/routes.ts';

const backToList = (
  <Link className={styles.buttonLink} to={href('refunds')}>
    返回退费记录
  </Link>
);

export function RefundDetailsView({ refundId, activity = false }: { refundId: number | null; activity?: boolean }) {
  return (
    <PageFrame plain title="退费详情" actions={<Link to={href('refunds')}>返回退费记录</Link>}>
      {refundId === null ? <EmptyState title="没有找到这笔退费" hint="请从「退费记录」中选择要查看的退费。" action={backToList} /> : <RefundDetailsBody refundId={refundId} activity={activity} />}
    </PageFrame>
  );
}

function RefundDetailsBody({ refundId, activity }: { refundId: number; activity: boolean }) {
  const detail = useRefundDetail(refundId, activity);
  if (detail.isPending) return <LoadingState label="正在加载退费详情" />;
  if (detail.missing) return <EmptyState title="没有找到这笔退费" hint="退费记录不存在或已删除。" action={backToList} />;
  if (detail.error || !detail.refund) {
    return <ErrorState title="退费详情加载失败" hint={failureMessage(detail.error) ?? undefined} onRetry={detail.retry} />;
  }
  return <RefundCard refund={detail.refund} isActivity={detail.isActivity} />;
}

function RefundCard({ refund, isActivity }: { refund: RefundDetail; isActivity: boolean }) {
  const rejected = refund.status === refundStatus.values.rejected;
  return (
    <div className={styles.stack}>
      <Summary
        label="退费概况"
        status={{ label: '退费状态', value: <StatusText value={refund.status} of={refundStatus} /> }}
        amount={{ label: refund.status === refundStatus.values.refunded ? '已退金额' : '申请退费金额', fen: refund.amount }}
      >
        <SummaryItem label="退费单号" kind="number">
          {refund.refund_no}
        </SummaryItem>
      </Summary>

      <StatusSteps steps={refundSteps(refund)} label="退费进度" />

      {refund.status === refundStatus.values.applying && <WithdrawRefund refund={refund} />}

      {rejected && (
        <Refusal title="驳回原因">
          <p>{refund.reject_reason || '中心未说明原因，如有疑问请联系客服。'}</p>
          <p>
            <Link to={href('refundRequest', { id: refund.order_id })}>重新申请退费</Link>
          </p>
        </Refusal>
      )}

      <FactBox label="退费信息">
        <Fact term={isActivity ? '活动' : '课程'}>{refund.class_name}</Fact>
        <Fact term="孩子">{refund.contact_name}</Fact>
        <Fact term="订单号">
          <Link to={href('orderDetails', { id: refund.order_id })}>{refund.order_no}</Link>
        </Fact>
        <Fact term={<>退还{isActivity ? '场次' : '课次'}</>}>{refund.sessions_refunded > 0 ? `${refund.sessions_refunded}${isActivity ? '场' : '次'}` : '—'}</Fact>
        <Fact term="申请时间">{formatDateTime(refund.applied_at)}</Fact>
        <Fact term={rejected ? '驳回时间' : '完成时间'}>{formatDateTime(refund.finished_at)}</Fact>
        <Fact term="退费原因" wide>
          {refund.reason}
        </Fact>
      </FactBox>
    </div>
  );
}

/**
 * 撤回: only while the centre has not accepted the application (withdraw_refund refuses after),
 * and only on a backend that has withdraw_refund, the project's own call (decision 057): elsewhere
 * the parent is told whom to ask. A 404 of the call itself says the backend lacks it too.
 */
function WithdrawRefund({ refund }: { refund: RefundDetail }) {
  const [asking, setAsking] = useState(false);
  const client = useQueryClient();
  const { proposals } = useProposals(true);
  const withdraw = useApiMutation('withdraw_refund', {
    onSuccess: () => toast.succeed('退费申请已撤回'),
    onError: (error) => {
      learnFromError(client, error);
      // A missing call in the parent's words; any other refusal as the policy says it.
      if (isNoSuchCall(error.failure)) toast.error('暂不能在线撤回退费申请，请联系授课中心');
      else if (decideErrorAction(error.failure).type === 'toast') toast.error(failureText(error));
    },
    onSettled: () => setAsking(false),
    errorHandling: 'manual',
  });
  if (proposals === 'absent') return <p className={styles.notice}>如需撤回申请，请在中心受理前联系授课中心。</p>;
  if (proposals !== 'taken') return null;
  return (
    <div>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        撤回申请
      </Button>
      <ConfirmDialog
        open={asking}
        title="撤回退费申请"
        confirmText="确定撤回"
        busy={withdraw.isPending}
        onConfirm={() => withdraw.mutate({ pathParams: { id: refund.id } })}
        onClose={() => setAsking(false)}
      >
        <p>撤回后订单恢复为已支付，孩子可继续上课；如需退费可以重新申请。</p>
      </ConfirmDialog>
    </div>
  );
}
