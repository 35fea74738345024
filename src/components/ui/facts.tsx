/**
 * Term–definition facts: what a page knows of a thing, a row per term. `FactBox` is a bordered
 * box of two columns (one on a phone) that names itself for assistive technology; `Facts` is a bare
 * list styled by its page. Either holds `Fact` rows.
 */
import type { ReactNode } from 'react';
import styles from './facts.module.css';

export function FactBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={styles.box} aria-label={label}>
      <dl className={`${styles.terms} ${styles.grid}`}>{children}</dl>
    </section>
  );
}

export function Facts({ className, label, children }: { className?: string; label?: string; children: ReactNode }) {
  return (
    <dl className={className} aria-label={label}>
      {children}
    </dl>
  );
}

/** Facts one under another, as a dialog asks the parent to check them. */
export function FactColumn({ children }: { children: ReactNode }) {
  return <dl className={`${styles.terms} ${styles.column}`}>{children}</dl>;
}

/** The facts of an outcome (a payment's result, a sign-up waiting for its draw), under its message. */
export function OutcomeFacts({ children }: { children: ReactNode }) {
  return <dl className={`${styles.terms} ${styles.outcome}`}>{children}</dl>;
}

/** One row; `wide` spans every column of a grid of facts, `amount` writes the value larger. */
export function Fact({
  term,
  wide = false,
  amount = false,
  className,
  valueClassName,
  children,
}: {
  term: ReactNode;
  wide?: boolean;
  amount?: boolean;
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  const row = [wide && styles.wide, className].filter(Boolean).join(' ');
  const value = [amount && styles.amount, valueClassName].filter(Boolean).join(' ');
  return (
    <div className={row || undefined}>
      <dt>{term}</dt>
      <dd className={value || undefined}>{children}</dd>
    </div>
  );
}
