/**
 * The search's answer: the active filters as removable tags, the classes found, pagination, and
 * when nothing matches, the filters that could be loosened, as buttons that loosen them.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { buttonLook } from '../../components/ui/button.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { ClassCard, type ClassCardData } from '../../components/classes/class-card.tsx';
import { ClassCardSkeletons } from '../../components/classes/class-card-skeletons.tsx';
import { isEmptyList } from '../../lib/use-page-param.ts';
import { filterText, loosenText } from './filter-labels.ts';
import { SEARCH_PAGE_SIZE, activeFilters, withFilters, type FilterKey, type SearchState } from './search-params.ts';
import { SearchButton } from './search-button.tsx';
import styles from './search.module.css';

/** The results a phone (one column) and a desktop (the first row) show as the page opens. */
const COVERS_IN_VIEW = 4;

/** A page of results; `total` is left out by a backend that does not count (decision 073). */
type Results = { list: ClassCardData[]; total?: number };
type Names = { center?: string; specialty?: string };

/** fee_min and fee_max are one filter to a parent. */
function filterGroups(state: SearchState): FilterKey[] {
  return activeFilters(state).filter((key) => key !== 'fee_max' || state.fee_min === undefined);
}

/** What removing a filter changes in the search. */
export function without(key: FilterKey): Partial<SearchState> {
  return key === 'fee_min' || key === 'fee_max' ? { fee_min: undefined, fee_max: undefined } : { [key]: undefined };
}

/** Every filter but the keyword, which the parent typed in the header's search. */
function clearFilters(state: SearchState): Partial<SearchState> {
  return Object.assign(
    {},
    ...filterGroups(state)
      .filter((k) => k !== 'name')
      .map(without),
  );
}

export function ActiveFilters({ state, names, onChange }: { state: SearchState; names: Names; onChange: (patch: Partial<SearchState>) => void }) {
  const groups = filterGroups(state);
  if (groups.length === 0) return null;
  return (
    <div className={styles.tags} aria-label="已选条件" role="group">
      <span className={styles.tagsLabel}>已选：</span>
      {groups.map((key) => (
        <SearchButton key={key} target={withFilters(state, without(key))} onChoose={() => onChange(without(key))} className={styles.tag} aria-label={`去掉条件：${filterText(key, state, names)}`}>
          {filterText(key, state, names)}
          <span aria-hidden="true" className={styles.tagX}>
            ×
          </span>
        </SearchButton>
      ))}
      {groups.some((k) => k !== 'name') && (
        <SearchButton target={withFilters(state, clearFilters(state))} onChoose={() => onChange(clearFilters(state))} className={styles.clear}>
          清空筛选
        </SearchButton>
      )}
    </div>
  );
}

export function SearchResults({
  results,
  page,
  state,
  names,
  onChange,
  onPage,
}: {
  results: UseQueryResult<Results>;
  page: number;
  state: SearchState;
  names: Names;
  onChange: (patch: Partial<SearchState>) => void;
  onPage: (page: number) => void;
}) {
  if (results.isPending) return <ClassCardSkeletons count={8} className={styles.grid} label="搜索结果加载中" />;
  if (results.isError) return <QueryFailed error={results.error} title="搜索失败" onRetry={() => void results.refetch()} />;
  const { list, total } = results.data;
  if (list.length === 0 && !isEmptyList(page, results.data)) {
    return (
      <EmptyState
        title={`第${page}页没有班级了`}
        hint={total === undefined ? '可回到第一页查看。' : `共找到${total}个班级，可回到第一页查看。`}
        action={
          <SearchButton target={{ ...state, page: undefined }} onChoose={() => onPage(1)} className={buttonLook('secondary')}>
            回到第1页
          </SearchButton>
        }
      />
    );
  }
  if (list.length === 0) {
    const groups = filterGroups(state);
    return (
      <EmptyState
        title="没有找到符合条件的班级"
        hint={groups.length > 0 ? '试试放宽下面的条件：' : '暂时没有开放的课程，请稍后再来看看。'}
        action={
          groups.length > 0 && (
            <div className={styles.suggestions}>
              {groups.map((key) => (
                <SearchButton key={key} target={withFilters(state, without(key))} onChoose={() => onChange(without(key))} className={buttonLook('secondary', 'sm')}>
                  {loosenText(key, state, names)}
                </SearchButton>
              ))}
              {groups.length > 1 && (
                <SearchButton
                  target={withFilters(state, Object.assign({}, ...groups.map(without)))}
                  onChoose={() => onChange(Object.assign({}, ...groups.map(without)))}
                  className={buttonLook('ghost', 'sm')}
                >
                  清空全部条件
                </SearchButton>
              )}
            </div>
          )
        }
      />
    );
  }
  return (
    <>
      <div className={`${styles.grid} ${results.isPlaceholderData ? styles.stale : ''}`} aria-busy={results.isPlaceholderData || undefined}>
        {list.map((klass, index) => (
          <ClassCard key={klass.id} klass={klass} headingLevel={2} inView={index < COVERS_IN_VIEW} />
        ))}
      </div>
      <Pagination page={page} pageSize={SEARCH_PAGE_SIZE} total={total} rows={list.length} onPage={() => window.scrollTo({ top: 0 })} />
    </>
  );
}
