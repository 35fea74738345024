/** Where the parent is in signing up: choose, confirm the order, pay, done (on a phone, only the current step's name shows). */
import styles from './journey.module.css';

export const JOURNEY_STEPS = ['填写报名信息', '确认订单', '扫码支付', '报名完成'] as const;

export function JourneySteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <ol className={styles.steps} aria-label="报名流程">
      {JOURNEY_STEPS.map((label, i) => {
        const step = i + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li key={label} className={styles[`step-${state}`]} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? '✓' : step}
            </span>
            <span className={state === 'current' ? undefined : 'phone-hidden'}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
