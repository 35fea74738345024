/** 已上 12 / 16 次, with a bar: how far a class has got. */
import styles from './orders.module.css';

export function SessionProgress({ held, total }: { held: number; total: number }) {
  const done = Math.min(held, total);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const text = `已上 ${done} / ${total} 次`;
  return (
    <div className={styles.progress}>
      <div className={styles.progressBar} role="progressbar" aria-label="上课进度" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-valuetext={text}>
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <span>{text}</span>
    </div>
  );
}
