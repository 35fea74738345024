/**
 * What a parent can do with an order, as the backend's flags say (can_pay, can_cancel,
 * can_refund, can_invoice): the same buttons on the list and on the order's page. Cancelling asks
 * first; everything the order shows up in is asked again (lib/api/invalidations.ts).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { orderHref } from '../../lib/record-address.ts';
import { toast } from '../../stores/toast-store.ts';
import { LinkButton } from './list-parts.tsx';
import styles from './orders.module.css';
import { href } from '#src/lib/routes.ts';

export type OrderSummary = Data<'order_list'>['list'][number];
export type ActionFlags = Pick<OrderSummary, 'id' | 'class_name' | 'contact_name' | 'order_no' | 'can_pay' | 'can_cancel' | 'can_refund' | 'can_invoice'>;

export const payHref = (orderId: number) => href('orderPayment', { orderId });
export { orderHref, supplyFeePayHref } from '../../lib/record-address.ts';

/**
 * One confirmation dialog for a whole list: `ask(order)` opens it. A refusal is toasted by the
 * central error policy; either way the lists are fetched again, since the order has moved on.
 */
export function useCancelOrder() {
  const [target, setTarget] = useState<ActionFlags | null>(null);
  const cancel = useApiMutation('cancel_order', {
    onSuccess: () => toast.succeed('订单已取消，名额已释放'),
    onSettled: () => setTarget(null),
  });
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title="取消订单"
      confirmText="确定取消"
      cancelText="再想想"
      danger
      busy={cancel.isPending}
      onConfirm={() => target && cancel.mutate({ pathParams: { id: target.id }, body: {} })}
      onClose={() => setTarget(null)}
    >
      {target && (
        <>
          <p>
            确定取消{target.contact_name}报名「{target.class_name}」的订单吗？
          </p>
          <p>取消后名额将释放给其他家长，如仍想参加需要重新报名。</p>
          <p className={styles.dialogNote}>订单号：{target.order_no}</p>
        </>
      )}
    </ConfirmDialog>
  );
  const cancellingId = cancel.isPending ? cancel.variables.pathParams.id : null;
  return { ask: setTarget, dialog, cancellingId };
}

export function OrderActions({ order, onCancel, cancelling, withDetails = true }: { order: ActionFlags; onCancel: (order: ActionFlags) => void; cancelling: boolean; withDetails?: boolean }) {
  return (
    <div className={styles.actions}>
      {order.can_pay && <LinkButton to={payHref(order.id)}>去支付</LinkButton>}
      {order.can_cancel && (
        <Button variant="ghost" size="sm" loading={cancelling} onClick={() => onCancel(order)}>
          取消订单
        </Button>
      )}
      {order.can_refund && (
        <LinkButton to={href('refundRequest', { id: order.id })} variant="secondary">
          申请退费
        </LinkButton>
      )}
      {order.can_invoice && (
        <LinkButton to={href('invoiceRequest', { id: order.id })} variant="secondary">
          申请发票
        </LinkButton>
      )}
      {withDetails && (
        <Link to={orderHref(order.id)} className={styles.textLink}>
          查看详情
        </Link>
      )}
    </div>
  );
}
