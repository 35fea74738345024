/**
 * What a layout shows in the page's place while the page's chunk loads: a title and blocks that
 * keep the page area at least a screen high, so the footer stays below the fold and nothing the
 * parent sees moves when the page arrives. Static (no shimmer): an animated background repaints
 * every frame on the main thread that is busy starting the page.
 */
import styles from './layouts.module.css';

export function PageSkeleton() {
  return (
    <div className={styles.pageSkeleton} role="status" aria-busy="true" aria-label="页面加载中">
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonBlock} />
      <div className={styles.skeletonBlock} />
    </div>
  );
}
