/** The parts every form shares around its fields: the refusal above the buttons, and the buttons. */
import type { ReactNode } from 'react';
import styles from './form.module.css';

/** A refusal that names no field, said above the button. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

/** The row of a form's buttons, aligned with the fields. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
