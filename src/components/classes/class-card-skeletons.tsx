/** Grey cards in the shape of ClassCard, while a list of classes loads. */
import styles from './class-card.module.css';

export function ClassCardSkeletons({ count = 4, className = '' }: { count?: number; className?: string }) {
  return (
    <div className={className} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeletonCard}>
          <div className={`${styles.skeleton} ${styles.skeletonCover}`} />
          <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
          <div className={`${styles.skeleton} ${styles.skeletonLineShort}`} />
          <div className={`${styles.skeleton} ${styles.skeletonLineShort}`} />
        </div>
      ))}
    </div>
  );
}
