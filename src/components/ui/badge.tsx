/** A small coloured label: class badges, statuses (red needs action, green done). */
import type { ReactNode } from 'react';
import type { Tone } from '#contract/coded-values';
import styles from './ui.module.css';

export function Badge({ tone = 'info', children, title }: { tone?: Tone | 'primary'; children: ReactNode; title?: string }) {
  return (
    <span className={`${styles.badge} ${styles[`tone-${tone}`]}`} title={title}>
      {children}
    </span>
  );
}

/** A status of a coded enum, in its label and tone. */
export function StatusText<V extends number>({ value, of }: { value: V; of: { label: (v: V) => string; tone: (v: V) => Tone } }) {
  return <span className={`${styles.status} ${styles[`text-${of.tone(value)}`]}`}>{of.label(value)}</span>;
}
