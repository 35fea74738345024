/** A short progress line (申请 → 处理中 → 完成) for a refund or an invoice, with the time of each step. */
import type { ReactNode } from 'react';
import styles from './status-steps.module.css';

export type StepState = 'done' | 'current' | 'todo' | 'failed';

export interface Step {
  label: string;
  state: StepState;
  /** When it happened, already formatted; none for steps not reached. */
  time?: string | null;
  note?: ReactNode;
}

const stateText: Record<StepState, string> = { done: '已完成', current: '进行中', todo: '未开始', failed: '未通过' };

export function StatusSteps({ steps, label = '处理进度' }: { steps: Step[]; label?: string }) {
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((step, i) => (
        <li key={step.label} className={`${styles.step} ${styles[step.state]}`} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className={styles.dot} aria-hidden="true">
            {step.state === 'done' ? '✓' : step.state === 'failed' ? '!' : i + 1}
          </span>
          <span className={styles.label}>
            {step.label}
            <span className="visually-hidden">（{stateText[step.state]}）</span>
          </span>
          {step.time && <span className={styles.time}>{step.time}</span>}
          {step.note && <span className={styles.note}>{step.note}</span>}
        </li>
      ))}
    </ol>
  );
}
