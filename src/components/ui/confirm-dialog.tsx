/**
 * Confirmation before an irreversible action (cancel an order, apply for a refund, delete). A modal
 * <dialog>: Esc closes it (its cancel event), Tab cycles inside it, and on close focus goes back to
 * the control that opened it.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      // Browsers differ on where focus goes when a dialog closes; the opener may also be gone.
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);
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

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** A modal dialog makes the page inert, but Tab past its last control leaves for the browser's own UI: cycle instead. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
