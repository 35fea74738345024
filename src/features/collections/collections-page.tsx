/**
 * /personal/collect, 我的收藏: one tab per kind of collection (get_collection_type), the
 * collected classes of the chosen kind as class cards, a page at a time, each with 取消收藏.
 * The tab and the page live in the address (`?type=2&page=3`).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../stores/toast-store.ts';
import { ClassCard } from '../../components/classes/class-card.tsx';
import { ClassCardSkeletons } from '../../components/classes/class-card-skeletons.tsx';
import { CollectionTabs, tabIds, type CollectionKind } from './collection-tabs.tsx';
import { isEmptyList, usePageParam, useStayWithinPages } from '../../lib/use-page-param.ts';
import styles from './collections.module.css';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { COLLECTION_PAGE_SIZE, collectionTypesQuery, collectionsQuery } from './collections-page.data.ts';

/** Three cards a row, three rows a page. */
export { COLLECTION_PAGE_SIZE };

type Collection = Data<'get_my_collection'>['list'][number];

export function CollectionsPage() {
  const [page, setPage] = usePageParam();
  const types = useQuery(collectionTypesQuery());
  const kinds = types.data?.list ?? [];
  const wanted = useRouteSearch('favourites').type;
  const active = kinds.find((k) => k.value === wanted) ?? kinds[0];

  return (
    <PageFrame plain title="我的收藏" intro="收藏感兴趣的课程和活动，报名开放时方便找到。">
      {types.isPending ? (
        <ClassCardSkeletons count={3} className={styles.grid} label="收藏加载中" />
      ) : types.isError ? (
        <QueryFailed error={types.error} title="收藏分类加载失败" onRetry={() => void types.refetch()} />
      ) : !active ? (
        <EmptyState title="暂无收藏分类" />
      ) : (
        <>
          <CollectionTabs kinds={kinds} active={active.value} onChange={(value) => setPage(1, { patch: { type: String(value) } })} />
          <div role="tabpanel" id={tabIds(active.value).panel} aria-labelledby={tabIds(active.value).tab} className={styles.panel}>
            {/* A new observer per kind: the previous kind's cards never stand in for this one's. */}
            <CollectionList key={active.value} kind={active} page={page} onPage={setPage} />
          </div>
        </>
      )}
    </PageFrame>
  );
}

function CollectionList({ kind, page, onPage }: { kind: CollectionKind; page: number; onPage: (page: number, options?: { replace?: boolean }) => void }) {
  const query = useQuery({
    ...collectionsQuery(kind.value, page),
    // The page stays (dimmed) while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  useStayWithinPages(page, COLLECTION_PAGE_SIZE, query, onPage);

  if (query.isPending) return <ClassCardSkeletons count={3} className={styles.grid} label={`收藏的${kind.label}加载中`} />;
  if (query.isError) return <QueryFailed error={query.error} title={`收藏的${kind.label}加载失败`} onRetry={() => void query.refetch()} />;
  if (isEmptyList(page, data!)) {
    return (
      <EmptyState
        title={`还没有收藏${kind.label}`}
        hint={`在${kind.label}详情页点击“收藏”，就能在这里找到它们。`}
        action={
          <Link to={href('search')} className={styles.findLink}>
            去发现{kind.label}
          </Link>
        }
      />
    );
  }
  // Past the end, or on the way to the page before it (the old, empty page stands in meanwhile).
  if (data!.list.length === 0) return <ClassCardSkeletons count={3} className={styles.grid} />;
  return (
    <>
      <ul className={`${styles.grid} ${query.isPlaceholderData ? styles.stale : ''}`} aria-busy={query.isPlaceholderData || undefined} aria-label={`收藏的${kind.label}`}>
        {data!.list.map((item) => (
          <CollectionItem key={item.id} item={item} />
        ))}
      </ul>
      <Pagination page={page} pageSize={COLLECTION_PAGE_SIZE} total={data!.total} rows={data!.list.length} onPage={() => window.scrollTo({ top: 0 })} />
    </>
  );
}

function CollectionItem({ item }: { item: Collection }) {
  // The list is asked again before the button lets go (lib/api/invalidations.ts), so the card
  // leaves as the spinner ends; a class page open elsewhere stops saying 已收藏 too.
  const remove = useApiMutation('delete_my_collection', {
    onSuccess: () => void toast.succeed(`已取消收藏“${item.class.name}”`),
  });
  return (
    <li className={styles.item}>
      <ClassCard klass={item.class} headingLevel={2} />
      <div className={styles.itemFoot}>
        <span className={styles.collectedAt}>
          收藏于 <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
        </span>
        <Button variant="ghost" size="sm" loading={remove.isPending} aria-label={`取消收藏 ${item.class.name}`} onClick={() => remove.mutate({ pathParams: { id: item.id } })}>
          取消收藏
        </Button>
      </div>
    </li>
  );
}
