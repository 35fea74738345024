/**
 * A notice the center edits in its back office (get_front_content), as an article: its updated
 * time, then its rich text. The brochure and the payment notice are two modules of it.
 */
import { Bone, SkeletonArea } from '../../components/ui/skeleton.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useQuery } from '@tanstack/react-query';
import { frontContentQuery } from './front-content-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { isNotFound } from '../../lib/api/failure-text.ts';
import { SectionState } from './section-state.tsx';
import styles from './info.module.css';

export { contentModules } from './front-content-query.ts';

/**
 * `reserve`: the height the article is held at while it loads, about what the module's text
 * fills (measured at 1350×940), so what follows it does not move when it lands (decision 025).
 */
export function FrontContent({ module, name, reserve }: { module: number; name: string; reserve: number }) {
  const query = useQuery(frontContentQuery(module));
  return (
    <SectionState
      query={query}
      what={name}
      skeleton={
        <SkeletonArea label={`正在加载${name}…`} className={styles.article}>
          <Bone width={200} height={19} />
          <Bone height={reserve - 35} style={{ marginTop: 16 }} />
        </SkeletonArea>
      }
      notFound={(error) => isNotFound(error) && <EmptyState title={`${name}暂未发布`} hint="请稍后再来查看，或拨打招生咨询电话了解详情。" />}
    >
      {(content) => (
        <article className={styles.article} aria-label={content.title}>
          <p className={styles.updated}>更新时间：{formatDateTime(content.updated_at)}</p>
          <RichText html={content.content} className={styles.articleBody} />
        </article>
      )}
    </SectionState>
  );
}
