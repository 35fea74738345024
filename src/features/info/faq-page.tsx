/**
 * /patriarchFAQ, 家长问答: questions searched by keyword as the parent types (debounced; the
 * keyword and the page live in the address, so a search can be shared and survives a reload),
 * grouped by category, each answer a disclosure.
 */
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonLook } from '../../components/ui/button.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { Bone, SkeletonArea } from '../../components/ui/skeleton.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { FAQ_KEYWORD_MAX } from '#contract/limits';
import { type Data } from '../../lib/api/queries.ts';
import { isEmptyList } from '../../lib/use-page-param.ts';
import { SectionState } from './section-state.tsx';
import { FAQ_PAGE_SIZE, questionsQuery } from './faq-page.data.ts';
import styles from './faq.module.css';

type Faq = Data<'parents_questions_and_answers'>['list'][number];

/** Long enough to let a parent finish a word, short enough to feel live. */
const SEARCH_DELAY_MS = 300;

export function FaqPage() {
  const [, setParams] = useSearchParams();
  const address = useRouteSearch('faq');
  const keyword = address.keyword ?? '';
  const page = address.page ?? 1;

  const [text, setText] = useState(keyword);
  // The address changed under us (a nav link, back): the box follows it.
  const [seenKeyword, setSeenKeyword] = useState(keyword);
  if (seenKeyword !== keyword) {
    setSeenKeyword(keyword);
    if (text.trim() !== keyword) setText(keyword);
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    clearTimeout(timer.current);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('keyword', value);
        else next.delete('keyword');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const onType = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(value.trim()), SEARCH_DELAY_MS);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text.trim());
  };

  const query = useQuery({
    ...questionsQuery({ keyword, page }),
    // The old answers stay while a new search runs, instead of the list blinking to a spinner.
    placeholderData: keepPreviousData,
  });

  return (
    <PageFrame title="家长问答" intro="报名、缴费、退费、发票与接送等常见问题，输入关键词即可查找。">
      {/* A GET form to this page: the search works before the scripts load too (decision 074). */}
      <form role="search" method="get" action={href('faq')} className={styles.search} onSubmit={onSubmit}>
        <SearchIcon size={18} className={styles.searchIcon} />
        <input
          type="search"
          name="keyword"
          className={styles.searchInput}
          aria-label="搜索问题"
          placeholder="输入关键词，如：退费、发票、接送"
          maxLength={FAQ_KEYWORD_MAX}
          value={text}
          onChange={(e) => onType(e.target.value)}
        />
        {query.isPlaceholderData && (
          <span className={styles.searching} role="status">
            搜索中…
          </span>
        )}
      </form>
      <section aria-label="问答列表" className={styles.results}>
        <SectionState
          query={query}
          what="问答"
          skeleton={<FaqSkeleton />}
          isEmpty={(d) => d.list.length === 0}
          empty={
            query.data && !isEmptyList(page, query.data) ? (
              <EmptyState
                title="这一页没有内容了"
                action={
                  <Link to={href('faq', { keyword: keyword || undefined })} className={buttonLook('secondary')}>
                    回到第一页
                  </Link>
                }
              />
            ) : keyword ? (
              <EmptyState
                title={`没有找到与“${keyword}”相关的问题`}
                hint="换个关键词试试，或拨打招生咨询电话咨询。"
                action={
                  <Link to={href('faq')} className={buttonLook('secondary')}>
                    清除搜索
                  </Link>
                }
              />
            ) : (
              <EmptyState title="暂无常见问题" />
            )
          }
        >
          {(data) => (
            <>
              <FaqGroups key={`${keyword}|${page}`} list={data.list} keyword={keyword} />
              <Pagination page={page} pageSize={FAQ_PAGE_SIZE} total={data.total} rows={data.list.length} onPage={() => window.scrollTo({ top: 0, behavior: 'smooth' })} />
            </>
          )}
        </SectionState>
      </section>
    </PageFrame>
  );
}

/**
 * A page of questions while they load: FAQ_PAGE_SIZE rows of a question's height in three
 * categories, and the pagination, the height a page of answers fills (decision 025).
 */
function FaqSkeleton() {
  return (
    <SkeletonArea label="正在加载问答…">
      {[4, 3, 3].map((rows, i) => (
        <div key={i} className={styles.group}>
          <Bone className={styles.category} width={52} height={26} />
          <ul className={styles.items}>
            {Array.from({ length: rows }, (_, j) => (
              <li key={j} className={styles.item}>
                <Bone width="70%" height={24} style={{ margin: '14px 8px' }} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      <Bone width={320} height={32} style={{ margin: '20px 0 0 auto' }} />
    </SkeletonArea>
  );
}

/** Categories in the order they first appear, each with its questions. */
export function groupByCategory(list: readonly Faq[]): [string, Faq[]][] {
  const groups = new Map<string, Faq[]>();
  for (const faq of list) groups.set(faq.category, [...(groups.get(faq.category) ?? []), faq]);
  return [...groups];
}

/** `?expand=all` opens every answer: what the server draws for a browser without JavaScript to open them. */
function FaqGroups({ list, keyword }: { list: readonly Faq[]; keyword: string }) {
  const search = useRouteSearch('faq');
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(search.expand === 'all' ? list.map((f) => f.id) : []));
  const expandAll = href('faq', { ...search, expand: 'all' });
  const allOpen = list.length > 0 && list.every((f) => open.has(f.id));
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <div className={styles.toolbar}>
        <Button variant="link" onClick={() => setOpen(allOpen ? new Set() : new Set(list.map((f) => f.id)))}>
          {allOpen ? '全部收起' : '全部展开'}
        </Button>
        {/* Without JavaScript the button does nothing: this link asks the server for every answer open. */}
        {!allOpen && (
          <noscript>
            <Link to={expandAll}>显示全部答案</Link>
          </noscript>
        )}
      </div>
      {groupByCategory(list).map(([category, faqs]) => (
        <div key={category} className={styles.group}>
          <h2 className={styles.category}>{category}</h2>
          <ul className={styles.items}>
            {faqs.map((faq) => {
              const expanded = open.has(faq.id);
              const panelId = `faq-answer-${faq.id}`;
              return (
                <li key={faq.id} className={`${styles.item} ${expanded ? styles.open : ''}`}>
                  <h3 className={styles.questionHeading}>
                    <button type="button" className={styles.question} aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(faq.id)}>
                      <span className={styles.q} aria-hidden="true">
                        问
                      </span>
                      <span className={styles.questionText}>
                        <Highlight text={faq.question} keyword={keyword} />
                      </span>
                      <span className={styles.chevron} aria-hidden="true" />
                    </button>
                  </h3>
                  <div id={panelId} className={styles.answer} hidden={!expanded}>
                    {expanded && (
                      <>
                        <span className={styles.a} aria-hidden="true">
                          答
                        </span>
                        <RichText html={faq.answer} className={styles.answerText} />
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}

/** The text with each occurrence of the keyword marked (case-insensitive). */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  if (!keyword) return <>{text}</>;
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = text.split(new RegExp(`(${escaped})`, 'gi'));
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}
