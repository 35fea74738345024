/**
 * What a record's page (a refund's, an invoice's) leads with: a band of its status, its amount and
 * one more item; and the note a refusal leaves (a rejected application, a form the backend refused).
 */
import type { ReactNode } from 'react';
import styles from './record-summary.module.css';

export function Summary({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={styles.summary} aria-label={label}>
      {children}
    </section>
  );
}

/** One item of the band: a small label over its value; `kind` writes a status larger, an amount in red, a number in even digits. */
export function SummaryItem({ label, kind, children }: { label: ReactNode; kind?: 'status' | 'amount' | 'number'; children: ReactNode }) {
  return (
    <div>
      <p className={styles.label}>{label}</p>
      <p className={kind ? styles[kind] : undefined}>{children}</p>
    </div>
  );
}

/** A refusal: its title in red, then what it says. A form's refusal is an alert; a record's, a note named by its title. */
export function Refusal({ title, alert = false, className, children }: { title: string; alert?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={`${styles.refusal} ${className ?? ''}`} {...(alert ? { role: 'alert' } : { role: 'note', 'aria-label': title })}>
      <p className={styles.refusalTitle}>{title}</p>
      {children}
    </div>
  );
}
