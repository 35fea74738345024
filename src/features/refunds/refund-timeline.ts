/** A refund's stages as steps: 提交申请 → 处理中 → 已退费 / 已驳回. */
import { refundStatus } from '#contract/coded-values';
import { formatDateTime } from '../../lib/format.ts';
import type { Step } from '../../components/ui/status-steps.tsx';
import type { RefundDetail } from './use-refund-detail.ts';

export function refundSteps(refund: Pick<RefundDetail, 'status' | 'applied_at' | 'finished_at'>): Step[] {
  const applied: Step = { label: '提交申请', state: 'done', time: formatDateTime(refund.applied_at) };
  const finished = refund.finished_at ? formatDateTime(refund.finished_at) : null;
  switch (refund.status) {
    case refundStatus.values.applying:
      return [applied, { label: '处理中', state: 'current', note: '等待中心受理' }, { label: '已退费', state: 'todo' }];
    case refundStatus.values.processing:
      return [applied, { label: '处理中', state: 'current', note: '中心已受理，正在办理退费' }, { label: '已退费', state: 'todo' }];
    case refundStatus.values.refunded:
      return [applied, { label: '处理中', state: 'done' }, { label: '已退费', state: 'done', time: finished }];
    case refundStatus.values.rejected:
      return [applied, { label: '处理中', state: 'done' }, { label: '已驳回', state: 'failed', time: finished }];
    case refundStatus.values.withdrawn:
      return [applied, { label: '已撤回', state: 'done', time: finished, note: '家长已撤回申请' }];
  }
}
