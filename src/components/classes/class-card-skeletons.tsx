/** Grey cards in the shape of ClassCard, while a list of classes loads. */
import { boneClassName } from '../ui/skeleton.tsx';
import styles from './class-card.module.css';

export function ClassCardSkeletons({ count = 4, className = '' }: { count?: number; className?: string }) {
  return (
    <div className={className} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeletonCard}>
          <div className={`${boneClassName} ${styles.skeletonCover}`} />
          <div className={`${boneClassName} ${styles.skeletonLine}`} />
          <div className={`${boneClassName} ${styles.skeletonLineShort}`} />
          <div className={`${boneClassName} ${styles.skeletonLineShort}`} />
        </div>
      ))}
    </div>
  );
}
