/**
 * Confirmation before an irreversible action (cancel an order, apply for a refund, delete). A modal
 * <dialog> (modal.ts): Esc closes it (its cancel event), Tab cycles inside it, and on close focus
 * goes back to the control that opened it.
 */
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { keepTabInside, useModalDialog } from './modal.ts';
import styles from './ui.module.css';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmText = '确定',
  cancelText = '再想想',
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useModalDialog(open);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onClose())} onKeyDown={keepTabInside}>
      {open && (
        <>
          <h2 id="confirm-title" className={styles.dialogTitle}>
            {title}
          </h2>
          {children && <div className={styles.dialogBody}>{children}</div>}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {cancelText}
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
              {confirmText}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
