/**
 * A labelled form field with its error (the spec: inputs have an error state). The error is tied
 * to the control with aria-describedby so screen readers read it.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './ui.module.css';

export function Field({
  label,
  error,
  hint,
  required,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`${styles.field} ${error ? styles.fieldError : ''}`}>
      <label htmlFor={id} className={styles.label}>
        <FieldName required={required}>{label}</FieldName>
      </label>
      <div className={styles.control}>
        {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}) })}
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          hint && <p className={styles.hint}>{hint}</p>
        )}
      </div>
    </div>
  );
}

export const TextInput = (props: InputHTMLAttributes<HTMLInputElement>) => <input className={styles.input} {...props} />;
export const TextArea = (props: TextareaHTMLAttributes<HTMLTextAreaElement>) => <textarea className={styles.input} {...props} />;
export const Select = (props: SelectHTMLAttributes<HTMLSelectElement>) => <select className={styles.input} {...props} />;

/** The `<option>`s of a coded enum (contract/enums.ts) by their Chinese labels; `empty` first offers 请选择, no choice. */
/** A field's name, after a red star when it must be filled in; also a row of choices' (a legend, a group's label). */
export function FieldName({ required, children }: { required?: boolean; children: ReactNode }) {
  return (
    <>
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
      {children}
    </>
  );
}

export function EnumOptions({ of, empty = false }: { of: { options: readonly { value: number | string; label: string }[] }; empty?: boolean }) {
  return (
    <>
      {empty && <option value="">请选择</option>}
      {of.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
