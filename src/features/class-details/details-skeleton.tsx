/**
 * The class page's shape while class_detail is out: the breadcrumb, the summary (cover 440×293
 * beside the title, tags, price, facts, sign-up and admission note) and the two columns, at the
 * heights a class fills (measured at 1350×940), so nothing moves when it lands (decision 025).
 */
import { Bone, SkeletonArea } from '../../components/ui/skeleton.tsx';
import styles from './details.module.css';

export function DetailsSkeleton() {
  return (
    <SkeletonArea label="正在加载班级信息" className={styles.page}>
      <Bone width={320} height={19} />
      <div className={styles.summary}>
        {/* The cover's own size, from its CSS: 440×293 beside the facts, the column's width on a phone. */}
        <Bone className={styles.cover} width="var(--cover-width)" height="var(--cover-height)" />
        <div className={styles.info}>
          <Bone width="60%" height={32} />
          <Bone width="40%" height={22} />
          <Bone height={65} />
          <Bone height={136} />
          <Bone height={74} />
          <Bone height={70} />
        </div>
      </div>
      <div className={styles.columns}>
        <div className={styles.main}>
          <Bone className={styles.block} height={319} />
          <Bone className={styles.block} height={480} />
        </div>
        <div className={styles.aside}>
          <Bone className={styles.block} height={321} />
          <Bone className={styles.block} height={174} />
        </div>
      </div>
    </SkeletonArea>
  );
}
