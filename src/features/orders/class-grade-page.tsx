/**
 * /personal/classGrade — 我的课程: the classes the children attend (paid orders), 进行中 or 已结课
 * (?status=finished), for one child or all (?child=), with how far each has got and when and
 * where the next session is.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { type Data } from '../../lib/api/queries.ts';
import { formatMonthDayTime } from '../../lib/format.ts';
import { scheduleText } from '../../components/classes/class-card.tsx';
import { useOssUrl } from '../../lib/session/oss.ts';
import { useListAddress } from './list-address.ts';
import { ChildFilter, FilterTabs, LinkButton, ListBody, ListToolbar, type Tab } from './list-parts.tsx';
import { orderHref } from './order-actions.tsx';
import { SessionProgress } from './session-progress.tsx';
import styles from './orders.module.css';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { myClassesQuery } from './class-grade-page.data.ts';

type MyClass = Data<'my_class'>['list'][number];

export const CLASS_TABS: Tab[] = [
  { key: null, label: '进行中' },
  { key: 'finished', label: '已结课' },
];

export function ClassGradePage() {
  const { page } = useListAddress();
  const search = useRouteSearch('myClasses');
  const finished = search.status === 'finished';
  const child = search.child;
  const classes = useQuery({ ...myClassesQuery({ ...search, page }), placeholderData: keepPreviousData });
  return (
    <PageFrame plain title="我的课程">
      <ListToolbar>
        <ChildFilter value={child} />
      </ListToolbar>
      <FilterTabs label="课程状态" tabs={CLASS_TABS} current={finished ? 'finished' : null} />
      <ListBody
        query={classes}
        what="课程"
        empty={
          <EmptyState
            title={finished ? '还没有已结课的课程' : '还没有进行中的课程'}
            hint={finished ? '课程全部上完后会显示在这里。' : '报名并完成支付后，孩子的课程会显示在这里。'}
            action={<LinkButton to={href('search')}>去选课程</LinkButton>}
          />
        }
      >
        {(list) => (
          <ul className={styles.classGrid} aria-label="我的课程">
            {list.map((c) => (
              <ClassItem key={c.order_id} item={c} finished={finished} />
            ))}
          </ul>
        )}
      </ListBody>
    </PageFrame>
  );
}

function ClassItem({ item, finished }: { item: MyClass; finished: boolean }) {
  const ossUrl = useOssUrl();
  const k = item.class;
  const headingId = `my-class-${item.order_id}`;
  return (
    <li>
      <article className={styles.classCard} aria-labelledby={headingId}>
        <div className={styles.classTop}>
          <img className={styles.cardCover} src={ossUrl(k.cover_url) ?? undefined} alt="" width={128} height={72} loading="lazy" />
          <div className={styles.cardBody}>
            <div className={styles.cardHead}>
              <h2 id={headingId} className={styles.cardTitle} title={k.name}>
                <Link to={href('classDetails', { id: k.id })}>{k.name}</Link>
              </h2>
            </div>
            <p className={styles.meta}>
              <Badge tone="primary">{item.contact_name}</Badge>
              <span>{k.term}</span>
            </p>
            <p className={styles.meta}>
              {k.center_name} · {k.teacher_name}
            </p>
          </div>
        </div>
        <SessionProgress held={item.held_sessions} total={k.session_count} />
        <dl className={styles.classFacts}>
          <dt>上课时间</dt>
          <dd>{scheduleText(k)}</dd>
          <dt>下次上课</dt>
          <dd>{item.next_session_at ? `${formatMonthDayTime(item.next_session_at)} · ${item.classroom}` : finished ? '已结课' : '暂无排课'}</dd>
        </dl>
        <div className={styles.classFoot}>
          <LinkButton to={orderHref(item.order_id)} variant="ghost">
            查看订单
          </LinkButton>
          <LinkButton to={href('classDetails', { id: k.id })} variant="secondary">
            课程详情
          </LinkButton>
        </div>
      </article>
    </li>
  );
}
