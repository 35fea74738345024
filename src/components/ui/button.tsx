/** Buttons of the green theme; `loading` disables the button while a request runs. */
import type { ButtonHTMLAttributes } from 'react';
import styles from './ui.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
type Size = 'sm' | 'md' | 'lg';

/** A button's look, for a link that must look like one (a sign-in link, decision 090). */
export const buttonLook = (variant: Variant = 'primary', size: Size = 'md') => `${styles.button} ${styles[variant]} ${styles[size]}`;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  children,
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; loading?: boolean }) {
  return (
    <button type={type} className={`${buttonLook(variant, size)} ${className}`} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className={styles.buttonSpinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
