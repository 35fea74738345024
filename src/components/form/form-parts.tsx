/** The parts every form shares around its fields: the refusal above the buttons, and the buttons. */
import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import styles from './form.module.css';

/** A refusal that names no field, said above the button. */
function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

/** The row of a form's buttons, aligned with the fields. */
function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/**
 * The end of a form: its refusal that names no field, then its submit button (busy while the form
 * sends) and any other buttons after it.
 */
export function FormSubmit({ error, busy, label, children }: { error: string | undefined; busy: boolean; label: ReactNode; children?: ReactNode }) {
  return (
    <>
      <FormError message={error ?? null} />
      <FormActions>
        <Button type="submit" loading={busy}>
          {label}
        </Button>
        {children}
      </FormActions>
    </>
  );
}
