/** Confirmation before an irreversible action (cancel an order, apply for a refund, delete). */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
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
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onClose())}>
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
