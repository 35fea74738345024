/**
 * What a record's page (a refund's, an invoice's) leads with: a band of its status, its amount and
 * one more item; and the note a refusal leaves (a rejected application, a form the backend refused).
 */
import type { ReactNode } from 'react';
import type { Fen } from '#contract/fen';
import { formatYuan } from '#src/lib/format.ts';
import styles from './record-summary.module.css';

/** The band: the record's status, then its amount, then what else the page puts there. */
export function Summary({ label, status, amount, children }: { label: string; status: { label: string; value: ReactNode }; amount: { label: string; fen: Fen }; children?: ReactNode }) {
  return (
    <section className={styles.summary} aria-label={label}>
      <SummaryItem label={status.label} kind="status">
        {status.value}
      </SummaryItem>
      <SummaryItem label={amount.label} kind="amount">
        {formatYuan(amount.fen)}
      </SummaryItem>
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
