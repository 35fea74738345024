/**
 * /personal/classBooking — 报名记录: every sign-up of the parent's children, filtered by status
 * (?status=) and child (?child=), each with what happens next (the backend's remark: draw time,
 * interview time, payment window) and the step to take: 去下单, 去支付, 取消报名.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admissionKind, signUpStatus, type ValueOf } from '#contract/coded-values';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, StatusText } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { useApiMutation, useApiQuery, type Data } from '../../lib/api/queries.ts';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { toast } from '../../stores/toast-store.ts';
import { useOssUrl } from '../../lib/session/oss.ts';
import { enumFromKey, keyOfValue, useListAddress } from './list-address.ts';
import { ChildFilter, FilterTabs, LinkButton, ListBody, ListToolbar, type Tab } from './list-parts.tsx';
import { orderHref, payHref } from './order-actions.tsx';
import styles from './orders.module.css';
import { href } from '#src/lib/routes.ts';
import { useRouteSearch } from '#src/lib/use-route-search.ts';
import { signUpsQuery } from './class-booking-page.data.ts';

type SignUp = Data<'sign_up_list'>['list'][number];
type SignUpStatus = ValueOf<typeof signUpStatus>;
const { awaitingOrder, lotteryPending, interviewPending, admitted, notAdmitted, ordered, enrolled, cancelled, refunded, withdrawn } = signUpStatus.values;

/** Shorter than the status label where the tab needs it (已录取，待下单). */
const TAB_LABELS: Partial<Record<SignUpStatus, string>> = { [admitted]: '已录取' };
export const SIGN_UP_TABS: Tab[] = [
  { key: null, label: '全部' },
  ...[awaitingOrder, lotteryPending, interviewPending, admitted, ordered, enrolled, notAdmitted, cancelled, refunded, withdrawn].map((v) => ({
    key: keyOfValue(signUpStatus, v),
    label: TAB_LABELS[v] ?? signUpStatus.label(v),
  })),
];

/** Sign-ups whose paid order is there to read: enrolled, or left the class by a refund. */
const PAID_ORDER = new Set<SignUpStatus>([enrolled, refunded, withdrawn]);

/** Sign-ups with no paid order can still be cancelled (the backend refuses the rest). */
const CANCELLABLE = new Set<SignUpStatus>([awaitingOrder, lotteryPending, interviewPending, admitted, ordered]);

export function ClassBookingPage() {
  const { page } = useListAddress();
  const search = useRouteSearch('signUps');
  const status = enumFromKey(signUpStatus, search.status ?? null);
  const child = search.child;
  const signUps = useQuery({ ...signUpsQuery({ ...search, page }), placeholderData: keepPreviousData });
  const [target, setTarget] = useState<SignUp | null>(null);
  const filtered = status !== undefined || child !== undefined;

  return (
    <PageFrame plain title="报名记录" intro="摇号、面试的结果会以站内消息通知；录取后请尽快下单并在支付时限内完成支付。">
      <ListToolbar>
        <ChildFilter value={child} />
      </ListToolbar>
      <FilterTabs label="报名状态" tabs={SIGN_UP_TABS} current={status === undefined ? null : keyOfValue(signUpStatus, status)} />
      <ListBody
        query={signUps}
        what="报名记录"
        empty={
          <EmptyState
            title={filtered ? '没有符合条件的报名记录' : '还没有报名记录'}
            hint={filtered ? '可以换个状态或孩子看看。' : '为孩子报名课程后，报名进度会显示在这里。'}
            action={<LinkButton to={href('search')}>去选课程</LinkButton>}
          />
        }
      >
        {(list) => (
          <ul className={styles.cards} aria-label="报名记录">
            {list.map((s) => (
              <SignUpCard key={s.id} signUp={s} onCancel={setTarget} />
            ))}
          </ul>
        )}
      </ListBody>
      <CancelSignUpDialog target={target} onClose={() => setTarget(null)} />
    </PageFrame>
  );
}

function SignUpCard({ signUp: s, onCancel }: { signUp: SignUp; onCancel: (s: SignUp) => void }) {
  const ossUrl = useOssUrl();
  const headingId = `sign-up-${s.id}`;
  return (
    <li>
      <article className={styles.card} aria-labelledby={headingId}>
        <img className={styles.cardCover} src={ossUrl(s.cover_url) ?? undefined} alt="" width={128} height={72} loading="lazy" />
        <div className={styles.cardBody}>
          <div className={styles.cardHead}>
            <h2 id={headingId} className={styles.cardTitle} title={s.class_name}>
              <Link to={href('classDetails', { id: s.class_id })}>{s.class_name}</Link>
            </h2>
            <Badge tone="primary">{admissionKind.label(s.admission_kind)}</Badge>
          </div>
          <p className={styles.meta}>
            <span>报名孩子：{s.contact_name}</span>
            <span>报名时间：{formatDateTime(s.created_at)}</span>
            <span>费用：{formatYuan(s.fee)}</span>
          </p>
          {s.remark && <p className={`${styles.remark} ${styles[`remark-${signUpStatus.tone(s.status)}`]}`}>{s.remark}</p>}
        </div>
        <div className={styles.cardSide}>
          <StatusText value={s.status} of={signUpStatus} />
          <div className={styles.actions}>
            {(s.status === awaitingOrder || s.status === admitted) && <LinkButton to={href('orderConfirm', { signUpId: s.id })}>去下单</LinkButton>}
            {s.status === ordered && s.order_id !== null && <LinkButton to={payHref(s.order_id)}>去支付</LinkButton>}
            {PAID_ORDER.has(s.status) && s.order_id !== null && (
              <LinkButton to={orderHref(s.order_id)} variant="secondary">
                查看订单
              </LinkButton>
            )}
            {CANCELLABLE.has(s.status) && (
              <Button variant="ghost" size="sm" onClick={() => onCancel(s)}>
                取消报名
              </Button>
            )}
            <Link to={href('classDetails', { id: s.class_id })} className={styles.textLink}>
              查看课程
            </Link>
          </div>
        </div>
      </article>
    </li>
  );
}

/** What cancelling gives up, by where the sign-up stands. */
const CANCEL_EFFECT: Partial<Record<SignUpStatus, string>> = {
  [lotteryPending]: '取消后将不再参加本次摇号。',
  [interviewPending]: '取消后将不再参加面试。',
  [admitted]: '取消后录取名额将释放，且无法恢复。',
  [ordered]: '该报名的待支付订单将一并取消，名额将释放给其他家长。',
};

/**
 * Asks before cancelling, and says how many times this child has cancelled this class: at the
 * limit the child can no longer sign up for it (cancel_sign_up_count).
 */
function CancelSignUpDialog({ target, onClose }: { target: SignUp | null; onClose: () => void }) {
  const count = useApiQuery(
    'cancel_sign_up_count',
    { query: { class_id: target?.class_id ?? 0, contact_id: target?.contact_id ?? 0 } },
    // The count is a courtesy: without it the parent can still decide, so no toast.
    { enabled: target !== null, errorHandling: 'log', staleTime: 0 },
  );
  const cancel = useApiMutation('cancel_sign_up', {
    onSuccess: () => toast.succeed('报名已取消'),
    onSettled: () => onClose(),
  });
  const left = count.data ? count.data.limit - count.data.count : null;
  return (
    <ConfirmDialog
      open={target !== null}
      title="取消报名"
      confirmText="确定取消"
      danger
      busy={cancel.isPending}
      onConfirm={() => target && cancel.mutate({ pathParams: { id: target.id }, body: {} })}
      onClose={onClose}
    >
      {target && (
        <>
          <p>
            确定取消{target.contact_name}报名的「{target.class_name}」吗？
          </p>
          {CANCEL_EFFECT[target.status] && <p>{CANCEL_EFFECT[target.status]}</p>}
          {count.isPending ? (
            <p className={styles.dialogNote}>正在查询取消次数…</p>
          ) : count.data ? (
            <>
              <p className={styles.dialogNote}>
                同一班级每个孩子最多可取消报名 {count.data.limit} 次，{target.contact_name}已取消 {count.data.count} 次。
              </p>
              {left !== null && left <= 1 && <p className={styles.dialogWarn}>本次取消后将达到上限，{target.contact_name}将不能再报名该班。</p>}
            </>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}
