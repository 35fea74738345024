/** Grey cards in the shape of ClassCard, while a list of classes loads. */
import { SkeletonArea, boneClassName } from '../ui/skeleton.tsx';
import styles from './class-card.module.css';

/** `label`: the list is loading, said once to assistive technology (a busy status); without it the cards are only shapes. */
export function ClassCardSkeletons({ count = 4, className = '', label }: { count?: number; className?: string; label?: string }) {
  const cards = Array.from({ length: count }, (_, i) => (
    <div key={i} className={styles.skeletonCard} aria-hidden="true">
      <div className={`${boneClassName} ${styles.skeletonCover}`} />
      <div className={`${boneClassName} ${styles.skeletonLine}`} />
      <div className={`${boneClassName} ${styles.skeletonLineShort}`} />
      <div className={`${boneClassName} ${styles.skeletonLineShort}`} />
    </div>
  ));
  if (label) {
    return (
      <SkeletonArea className={className} label={label}>
        {cards}
      </SkeletonArea>
    );
  }
  return (
    <div className={className} aria-hidden="true">
      {cards}
    </div>
  );
}
