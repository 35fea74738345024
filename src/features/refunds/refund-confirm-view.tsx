/**
 * /personal/refundConfirm?id={order id} 申请退费: the order, the preview of what comes back and
 * why, a reason, and a confirmation that states the amount before anything is sent.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router-dom';
import type { operations } from '#contract/index';
import { refundStatus } from '#contract/coded-values';
import type { Fen } from '#contract/fen';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, TextArea } from '../../components/ui/field.tsx';
import { ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import type { ApiError } from '../../lib/api/outcome.ts';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatYuan } from '../../lib/format.ts';
import type { Checked } from '../../lib/forms/field-errors.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { toast } from '../../stores/toast-store.ts';
import { failureMessage } from '../../lib/api/failure-text.ts';
import { RefundPreview, type RefundPreviewData } from './refund-preview.tsx';
import { orderKind, type RefundKind } from './use-order-kind.ts';
import { refundDetailsHref } from '../../lib/refund-address.ts';
import { Refusal } from '#src/components/ui/record-summary.tsx';
import styles from './refunds.module.css';
import { OrderFacts } from '#src/components/orders/order-facts.tsx';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { orderDetailQuery } from '../../lib/api/shared-queries.ts';
import { refundPreviewQuery } from './refund-confirm-page.data.ts';
import { loadContract } from '../../lib/api/client.ts';

/** Reasons parents give most; one click fills the box, which stays editable. */
export const QUICK_REASONS = ['孩子时间安排冲突', '孩子兴趣转移，不再继续学习', '孩子身体原因无法上课', '搬家或路程太远', '对课程安排不满意'] as const;
export const REASON_MAX = 200;

/** The contract's own rule for the reason (2–200 characters, trimmed), with its Chinese messages. */
type RefundReason = z.output<(typeof operations)['apply_refund']['body']>;
type OrderDetail = Data<'order_detail'>;

export function RefundConfirmView({ orderId }: { orderId: number }) {
  const order = useQuery(orderDetailQuery(orderId));
  const kind = order.data ? orderKind(order.data) : null;
  const regular = useQuery({ ...refundPreviewQuery('regular', orderId), enabled: kind === 'regular' });
  const activity = useQuery({ ...refundPreviewQuery('activity', orderId), enabled: kind === 'activity' });
  const preview = kind === 'activity' ? activity : regular;

  if (order.isPending) return <LoadingState label="正在加载订单" />;
  if (order.isError) return <QueryFailed error={order.error} title="订单加载失败" onRetry={() => void order.refetch()} />;
  return (
    <div className={styles.stack}>
      <OrderFacts order={order.data} schedule linked status paid />
      {kind === null || preview.isPending ? (
        <LoadingState label="正在计算可退金额" />
      ) : preview.isError ? (
        <PreviewRefused order={order.data} error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <>
          <RefundPreview preview={preview.data} kind={kind} />
          {preview.data.refundable_amount > 0 ? (
            <RefundForm order={order.data} preview={preview.data} kind={kind} />
          ) : (
            <p className={styles.notice} role="status">
              当前没有可退的金额，无法申请退费。如有疑问，请联系中心客服。
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** The preview itself was refused (a refund already running, an unpaid order...): say why. */
function PreviewRefused({ order, error, onRetry }: { order: OrderDetail; error: ApiError; onRetry: () => void }) {
  const refusal = error.failure.kind === 'business';
  const running = order.refunds.find((r) => r.status === refundStatus.values.applying || r.status === refundStatus.values.processing);
  return refusal ? (
    <Refusal title="不能申请退费" alert>
      <p>{failureMessage(error)}</p>
      <p>{running ? <Link to={refundDetailsHref(running.id, order.class_type)}>查看退费进度</Link> : <Link to={href('refunds')}>查看退费记录</Link>}</p>
    </Refusal>
  ) : (
    <ErrorState title="可退金额计算失败" hint={failureMessage(error) ?? undefined} onRetry={onRetry} />
  );
}

function RefundForm({ order, preview, kind }: { order: OrderDetail; preview: RefundPreviewData; kind: RefundKind }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const applyRegular = useApiMutation('apply_refund', { errorHandling: 'manual' });
  const applyActivity = useApiMutation('activity_apply_refund', { errorHandling: 'manual' });
  const sending = applyRegular.isPending || applyActivity.isPending;

  // The contract's rule, loaded when the form is first touched (decision 091).
  const check = async ({ reason }: { reason: string }): Promise<Checked<RefundReason, 'reason'>> => {
    const { operations } = await loadContract();
    const parsed = operations.apply_refund.body.safeParse({ reason });
    return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: { reason: parsed.error.issues[0]?.message ?? '请填写退费原因' } };
  };
  const form = useForm({
    initial: { reason: '' },
    check,
    rules: loadContract,
    refusals: { labels: { reason: '退费原因' } },
    focus: 'textarea',
    // Valid: the parent confirms the amount first.
    onSubmit: () => setConfirming(true),
  });
  const { reason } = form.draft;
  const change = (value: string) => form.set('reason', value);

  async function confirm() {
    const result = await check(form.draft);
    if (!result.ok) return setConfirming(false);
    const input = { pathParams: { id: order.id }, body: result.body };
    let applied: { refund_id: number; amount: Fen } | undefined;
    // The dialog stays (busy) while it is sent; a refusal closes it and is said above the button.
    const sent = await form.run(async () => {
      applied = await (kind === 'activity' ? applyActivity.mutateAsync(input) : applyRegular.mutateAsync(input));
    });
    if (!sent || !applied) return setConfirming(false);
    toast.succeed(`退费申请已提交，预计退还${formatYuan(applied.amount)}`);
    navigate(refundDetailsHref(applied.refund_id, order.class_type));
  }

  const length = reason.trim().length;
  return (
    <form {...form.formProps} className={styles.form} aria-label="退费申请">
      <h2 className={styles.sectionTitle}>退费原因</h2>
      <Field label="退费原因" required error={form.errors.reason}>
        {(props) => (
          <div className={styles.reasonBox}>
            <div className={styles.chips} role="group" aria-label="常见原因">
              {QUICK_REASONS.map((r) => (
                <button key={r} type="button" className={styles.chip} aria-pressed={reason === r} onClick={() => change(r)}>
                  {r}
                </button>
              ))}
            </div>
            <TextArea {...props} value={reason} maxLength={REASON_MAX} rows={4} placeholder="请填写退费原因（2–200字），可点选上方常见原因后再补充" onChange={(e) => change(e.target.value)} />
            <span className={styles.counter} aria-live="polite">
              {length}/{REASON_MAX}
            </span>
          </div>
        )}
      </Field>
      {form.errors.form && (
        <Refusal title="退费申请未提交" alert className={styles.formRefusal}>
          <p>{form.errors.form}</p>
        </Refusal>
      )}
      <div className={styles.formActions}>
        <Button type="submit" size="lg" loading={form.busy || sending}>
          申请退费
        </Button>
        <Link to={href('orderDetails', { id: order.id })}>返回订单详情</Link>
      </div>
      <ConfirmDialog open={confirming} title="确认申请退费" confirmText="确认退费" danger busy={sending} onConfirm={() => void confirm()} onClose={() => setConfirming(false)}>
        <p className={styles.dialogAmount}>
          本次将退还 <strong>{formatYuan(preview.refundable_amount)}</strong>
        </p>
        <p>
          课程：{order.class_name}（{order.contact_name}）
        </p>
        <p className={styles.dialogReason}>退费原因：{reason.trim()}</p>
        <p>提交后不能撤回，退费进度可在「退费记录」中查看。</p>
      </ConfirmDialog>
    </form>
  );
}
