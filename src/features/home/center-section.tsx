/** The centers (homepage_center), each leading to its classes on the search page. */
import { Link } from 'react-router-dom';
import { QueryFailed } from '#src/components/ui/query-failed.tsx';
import { useQuery } from '@tanstack/react-query';
import { centersQuery } from './home-page.data.ts';
import { centerHref } from '#src/components/classes/category-menu.tsx';
import { CoverImage } from '#src/components/classes/cover-image.tsx';
import { useOssUrl } from '#src/lib/session/oss.ts';
import { HomeSection } from './home-section.tsx';
import { SkeletonArea, boneClassName } from '#src/components/ui/skeleton.tsx';
import styles from './home.module.css';
import { href } from '#src/lib/routes.ts';

export function CenterSection() {
  const centers = useQuery(centersQuery());
  const ossUrl = useOssUrl();
  if (centers.isSuccess && centers.data.list.length === 0) return null;
  return (
    <HomeSection title="特色中心" subtitle="按兴趣找到适合孩子的课程" more={{ to: href('search'), label: '全部课程' }} busy={centers.isPending}>
      {centers.isPending ? (
        <SkeletonArea className={styles.centers} label="特色中心加载中">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className={`${boneClassName} ${styles.centerSkeleton}`} aria-hidden="true" />
          ))}
        </SkeletonArea>
      ) : centers.isError ? (
        <QueryFailed error={centers.error} title="特色中心加载失败" onRetry={() => void centers.refetch()} />
      ) : (
        <ul className={styles.centers}>
          {centers.data.list.map((center) => (
            <li key={center.id}>
              <Link to={centerHref(center.id)} className={styles.center}>
                <CoverImage className={styles.centerCover} src={ossUrl(center.cover_url) ?? undefined} alt="" loading="lazy" width={140} height={84} />
                <span className={styles.centerBody}>
                  <span className={styles.centerHead}>
                    <strong className={styles.centerName}>{center.name}</strong>
                    <span className={styles.centerCount}>{center.class_count}个班级</span>
                  </span>
                  <span className={styles.centerDescription}>{center.description}</span>
                  <span className={styles.centerAddress} title={center.address}>
                    {center.address}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
