/**
 * /details?id={class id} — one class: what, when, where, for whom and for how much; its
 * sessions, description, notice and refund rule; collecting it; and a sign-up button that says
 * why it can or cannot be used (sign-up-state.ts).
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { classSignUpState } from '#contract/coded-values';
import { StatusText } from '../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../components/ui/page-frame.tsx';
import { useClassMetadata } from './class-metadata.ts';
import { RichText } from '../../components/ui/rich-text.tsx';
import { EmptyState, ErrorState } from '../../components/ui/states.tsx';
import { DetailsSkeleton } from './details-skeleton.tsx';
import { formatDate, formatDateTime, formatYuan } from '../../lib/format.ts';
import { ClassBadges } from '../../components/classes/class-badges.tsx';
import { scheduleText, seatsText } from '../../components/classes/class-card.tsx';
import { useRefetchWhenDue } from '../../lib/clock.ts';
import { CoverImage } from '../../components/classes/cover-image.tsx';
import { AdmissionNote } from './admission-note.tsx';
import { ClassBreadcrumb } from './class-breadcrumb.tsx';
import { ClassSessions } from './class-sessions.tsx';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { SignUpPanel } from './sign-up-panel.tsx';
import type { ClassDetail } from './sign-up-state.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import styles from './details.module.css';
import ui from '../../components/ui/ui.module.css';
import { failureMessage } from '../../lib/api/failure-text.ts';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { classDetailQuery } from '../../lib/api/shared-queries.ts';

export function ClassDetailsPage() {
  const { id } = useRouteSearch('classDetails');
  if (id === undefined) return <ClassNotFound />;
  // A new id is a new page: nothing of the previous class may linger.
  return <ClassPage key={id} id={id} />;
}

function ClassNotFound({ reason }: { reason?: string }) {
  useDocumentTitle('班级不存在');
  return (
    <div className={styles.notFound}>
      <h1 className="visually-hidden">班级不存在</h1>
      <EmptyState
        title="没有找到这个班级"
        hint={reason ?? '链接可能有误，或班级已下架。可以去看看其他正在报名的课程。'}
        action={
          <div className={styles.notFoundActions}>
            <Link to={href('search')} className={`${ui.button} ${ui.primary} ${ui.md}`}>
              去找课程
            </Link>
            <Link to={href('home')} className={`${ui.button} ${ui.secondary} ${ui.md}`}>
              返回首页
            </Link>
          </div>
        }
      />
    </div>
  );
}

function ClassPage({ id }: { id: number }) {
  const detail = useQuery(classDetailQuery(id));
  const klass = detail.data;
  // When the window opens or closes, the server says so: ask it at that moment.
  const due = !klass ? [] : klass.sign_up_state === classSignUpState.values.notStarted ? [klass.sign_up_start_at] : klass.sign_up_state === classSignUpState.values.open ? [klass.sign_up_end_at] : [];
  useRefetchWhenDue(due, detail.refetch);
  const failure = detail.error?.failure;
  const refusal = failure && (failure.kind === 'http' || failure.kind === 'business') ? failure : null;
  const notFound = refusal?.status === 404;
  // The same title ClassNotFound sets: this effect runs after the child's and must agree with it.
  useDocumentTitle(notFound ? '班级不存在' : (klass?.name ?? '课程详情'));
  useClassMetadata(klass);

  if (detail.isPending) return <DetailsSkeleton />;
  if (detail.isError) {
    // A 404 without the backend's envelope carries only the English reason phrase: say nothing more.
    if (notFound) return <ClassNotFound reason={refusal?.code != null ? refusal.msg : undefined} />;
    return (
      <div className={styles.notFound}>
        <h1 className="visually-hidden">课程详情</h1>
        <ErrorState title="班级信息加载失败" hint={failureMessage(detail.error) ?? '网络或服务暂时不可用，请稍后重试。'} onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  return <ClassView klass={detail.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ClassView({ klass }: { klass: ClassDetail }) {
  const ossUrl = useOssUrl();
  const titleId = useId();
  const full = klass.seats_left === 0 || klass.sign_up_state === classSignUpState.values.full;
  return (
    <div className={styles.page}>
      <ClassBreadcrumb klass={klass} />
      <article className={styles.summary} aria-labelledby={titleId}>
        <CoverImage className={styles.cover} src={ossUrl(klass.cover_url) ?? undefined} alt="" width={440} height={293} />
        <div className={styles.info}>
          <h1 id={titleId} className={styles.name}>
            {klass.name}
          </h1>
          <div className={styles.tags}>
            <span className={styles.state}>
              <StatusText value={klass.sign_up_state} of={classSignUpState} />
            </span>
            <ClassBadges klass={klass} />
          </div>
          <div className={styles.price}>
            <span className={styles.priceLabel}>学费</span>
            <strong className={styles.fee}>{formatYuan(klass.fee)}</strong>
            <span className={full ? styles.seatsFull : styles.seats}>{seatsText(klass)}</span>
          </div>
          <dl className={styles.facts}>
            <Fact label="授课老师">{klass.teacher_name}</Fact>
            <Fact label="学期">{klass.term}</Fact>
            <Fact label="上课时间">
              每{scheduleText(klass)}，共{klass.session_count}次
            </Fact>
            <Fact label="上课日期">
              {formatDate(klass.first_session_date)} 至 {formatDate(klass.last_session_date)}
            </Fact>
            <Fact label="上课地点">
              {klass.address}
              {klass.classroom && ` · ${klass.classroom}`}
            </Fact>
            <Fact label="适合年龄">
              {klass.min_age}-{klass.max_age}岁
            </Fact>
            <Fact label="报名时间">
              {formatDateTime(klass.sign_up_start_at)} 至 {formatDateTime(klass.sign_up_end_at)}
            </Fact>
            <Fact label="招生名额">{klass.capacity}人</Fact>
          </dl>
          <SignUpPanel klass={klass} />
          <AdmissionNote klass={klass} />
        </div>
      </article>
      <div className={styles.columns}>
        <div className={styles.main}>
          <section className={styles.block} aria-labelledby={`${titleId}-about`}>
            <h2 id={`${titleId}-about`} className={styles.blockTitle}>
              课程详情
            </h2>
            <RichText html={klass.description} />
            {klass.teacher_intro && (
              <div className={styles.teacher}>
                <h3>授课老师：{klass.teacher_name}</h3>
                <p>{klass.teacher_intro}</p>
              </div>
            )}
          </section>
          <section className={styles.block} aria-labelledby={`${titleId}-sessions`}>
            <h2 id={`${titleId}-sessions`} className={styles.blockTitle}>
              上课安排
            </h2>
            <ClassSessions classId={klass.id} />
          </section>
        </div>
        <aside className={styles.aside}>
          <section className={styles.block} aria-labelledby={`${titleId}-notice`}>
            <h2 id={`${titleId}-notice`} className={styles.blockTitle}>
              报名须知
            </h2>
            <RichText html={klass.sign_up_notice} />
          </section>
          <section className={styles.block} aria-labelledby={`${titleId}-refund`}>
            <h2 id={`${titleId}-refund`} className={styles.blockTitle}>
              退费规则
            </h2>
            <p className={styles.refund}>{klass.refund_rule}</p>
          </section>
        </aside>
      </div>
    </div>
  );
}
