/**
 * /searchHome — class search. The address is the search: name, center and specialty (from the
 * header search and the category menu) and every other filter, so reload, shared links and Back
 * all work (features/search/search-params.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { useDocumentDescription, useDocumentTitle } from '../../components/ui/page-frame.tsx';
import { childStore } from '../../stores/child-store.ts';
import { usePassedChildren } from '../../lib/session/use-session.ts';
import { SearchFilters } from './search-filters.tsx';
import { SEARCH_PAGE_SIZE, withFilters, type SearchState } from './search-params.ts';
import { useSearchState } from './use-search-state.ts';
import { ActiveFilters, SearchResults } from './search-results.tsx';
import { resultsQuery, specialtiesQuery } from './search-page.data.ts';
import styles from './search.module.css';
import { classCategoryQuery } from '../../lib/api/shared-queries.ts';

export { SEARCH_PAGE_SIZE };

export function SearchPage() {
  const [state, setSearch] = useSearchState();
  const page = state.page ?? 1;

  const categories = useQuery(classCategoryQuery());
  const specialties = useQuery({ ...specialtiesQuery(state.center ?? 0), enabled: state.center !== undefined });
  const results = useQuery({
    ...resultsQuery(state),
    // The old page stays (dimmed) while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });

  const { contactId } = useSnapshot(childStore());
  const children = usePassedChildren();
  const child = children.data?.list.find((c) => c.id === contactId) ?? null;

  const category = categories.data?.class_list.find((c) => c.id === state.center);
  const names = {
    center: category?.name ?? specialties.data?.center.name,
    specialty: (specialties.data?.list ?? category?.children ?? []).find((s) => s.id === state.specialty)?.name,
  };
  const heading = state.name ? `“${state.name}”的搜索结果` : [names.center, names.specialty].filter(Boolean).join(' · ') || '全部课程';
  useDocumentTitle(state.name ? `搜索：${state.name}` : heading);
  useDocumentDescription(
    state.name
      ? `少年儿童活动中心与「${state.name}」相关的课程和班级：按中心、年龄、上课日筛选，查看学费与余位，在线报名。`
      : `少年儿童活动中心的${heading}：按中心、专业、年龄、上课日筛选，查看学费与余位，在线报名。`,
  );

  const change = (patch: Partial<SearchState>) => setSearch((latest) => withFilters(latest, patch));
  const goToPage = (to: number) => {
    setSearch((latest) => ({ ...latest, page: to }));
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page}>
      {/* The search header (spec §9: 450px high, decision 059): what is searched, and the conditions. */}
      <div className={styles.searchHeader}>
        <header className={styles.head}>
          <h1 className={styles.title}>{heading}</h1>
          <p className={styles.count} role="status">
            {results.data?.total !== undefined ? (
              <>
                共找到 <strong>{results.data.total}</strong> 个班级
              </>
            ) : results.isPending ? (
              '正在搜索…'
            ) : null}
          </p>
        </header>
        <SearchFilters
          state={state}
          centers={categories.data?.class_list ?? []}
          specialties={state.center !== undefined ? (specialties.data?.list ?? category?.children ?? null) : null}
          childAge={child?.age !== undefined ? { name: child.name, age: child.age } : null}
          onChange={change}
        />
      </div>
      <section className={styles.results} aria-label="搜索结果">
        <ActiveFilters state={state} names={names} onChange={change} />
        <SearchResults results={results} page={page} state={state} names={names} onChange={change} onPage={goToPage} />
      </section>
    </div>
  );
}
