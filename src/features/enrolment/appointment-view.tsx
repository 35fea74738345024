/**
 * /appointment?id={class}: choose a passed child, see the fee, a time conflict and the cancel
 * count before sending, agree to the class's sign-up rules, then sign_up. First-come and 秒杀
 * go on to /settlement; lottery and interview sign-ups wait, and the page says what happens next.
 */
import { admissionKind, classSignUpState, signUpStatus } from '#contract/coded-values';
import { errorCodes } from '#contract/error-codes';
import type { Fen } from '#contract/fen';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, LoadingState } from '../../components/ui/states.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useApiMutation, type Data } from '../../lib/api/queries.ts';
import { formatCountdown, formatMonthDayTime, formatYuan } from '../../lib/format.ts';
import { childStore } from '../../stores/child-store.ts';
import { usePassedChildren } from '../../lib/session/use-session.ts';
import { ChildPicker } from './child-picker.tsx';
import { ClassSummary, type ClassDetail } from './class-summary.tsx';
import { failureCode, failureMessage } from '../../lib/api/failure-text.ts';
import { Notice } from '../../components/journey/notice.tsx';
import { LinkButton } from '../../components/journey/outcome.tsx';
import { QueryFailed } from '../../components/ui/query-failed.tsx';
import { SignUpPending } from './sign-up-pending.tsx';
import { useCountdown } from '../../lib/clock.ts';
import ui from '#src/components/ui/ui.module.css';
import styles from './journey.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { classDetailQuery } from '../../lib/api/shared-queries.ts';
import { defaultChild, signUpFeeQuery, conflictQuery, cancelCountQuery } from './appointment-page.data.ts';

export function AppointmentView({ classId }: { classId: number }) {
  const klass = useQuery(classDetailQuery(classId));
  const [pending, setPending] = useState<Data<'sign_up_post'> | null>(null);
  if (klass.isPending) return <LoadingState />;
  if (klass.isError) return <QueryFailed error={klass.error} title="课程信息加载失败" onRetry={() => void klass.refetch()} />;
  if (pending) return <SignUpPending signUp={pending} />;
  return <SignUpForm klass={klass.data} onPending={setPending} onOpen={() => void klass.refetch()} />;
}

function SignUpForm({ klass, onPending, onOpen }: { klass: ClassDetail; onPending: (signUp: Data<'sign_up_post'>) => void; onOpen: () => void }) {
  const navigate = useNavigate();
  const children = usePassedChildren();
  const { contactId: selectedChild } = useSnapshot(childStore());
  const kids = children.data?.list ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const contactId = picked ?? defaultChild(kids, selectedChild, klass);
  const [agreed, setAgreed] = useState(false);
  const hintId = useId();

  const pair = { query: { class_id: klass.id, contact_id: contactId ?? 0 } };
  const enabled = contactId !== null;
  const fee = useQuery({ ...signUpFeeQuery(pair), enabled });
  const conflict = useQuery({ ...conflictQuery(pair), enabled });
  const cancels = useQuery({ ...cancelCountQuery(pair), enabled });

  const signUp = useApiMutation('sign_up_post', {
    errorHandling: 'manual',
    onSuccess: (result) => {
      if (result.status === signUpStatus.values.awaitingOrder || result.status === signUpStatus.values.admitted) {
        void navigate(href('orderConfirm', { signUpId: result.id }));
      } else {
        onPending(result);
      }
    },
  });

  function choose(id: number) {
    setPicked(id);
    // A refusal was about the previous child (age, duplicate...): it no longer applies.
    signUp.reset();
  }

  const conflicts = conflict.data?.is_conflict ? conflict.data.conflicts : [];
  const limitReached = cancels.data ? cancels.data.count >= cancels.data.limit : false;
  const ended = klass.sign_up_state === classSignUpState.values.ended;
  const childName = kids.find((c) => c.id === contactId)?.name ?? '';
  const blocker =
    contactId === null
      ? '请选择报名的孩子'
      : ended
        ? '该班级报名已结束'
        : conflicts.length > 0
          ? '上课时间冲突，无法报名'
          : limitReached
            ? '取消报名次数已达上限，无法再次报名'
            : !agreed
              ? '请先阅读并勾选同意报名须知'
              : null;
  // After a first-come sign-up the page is leaving for settlement: no second click meanwhile.
  const busy = signUp.isPending || signUp.isSuccess;

  function submit() {
    if (blocker || busy || contactId === null) return;
    signUp.mutate({ body: { class_id: klass.id, contact_id: contactId, agree_rules: true } });
  }

  const refusal = failureMessage(signUp.error);
  const refusalCode = failureCode(signUp.error);

  return (
    <div className={ui.stack}>
      <ClassSummary klass={klass} />
      <StateNotice klass={klass} onOpen={onOpen} />

      <section className={styles.section} aria-labelledby="child-heading">
        <h2 id="child-heading" className={styles.sectionTitle}>
          选择报名孩子
        </h2>
        {children.isPending ? (
          <LoadingState label="正在加载孩子信息" />
        ) : children.isError ? (
          <QueryFailed error={children.error} title="孩子信息加载失败" onRetry={() => void children.refetch()} />
        ) : kids.length === 0 ? (
          <EmptyState title="还没有审核通过的孩子" hint="报名前请先添加孩子信息，审核通过后即可报名。" action={<LinkButton to={href('children')}>添加孩子</LinkButton>} />
        ) : (
          <ChildPicker kids={kids} value={contactId} onChange={choose} ageRange={{ min: klass.min_age, max: klass.max_age }} disabled={busy} />
        )}
        {conflicts.length > 0 && (
          <Notice tone="warning" title="上课时间冲突" live="alert">
            {conflicts.map((c) => (
              <p key={c.class_id}>
                {childName}已报名的「{c.class_name}」（{c.schedule}）与本班上课时间冲突，不能同时报名。
              </p>
            ))}
          </Notice>
        )}
        {cancels.data && cancels.data.count > 0 && (
          <Notice tone={limitReached ? 'danger' : 'info'} live="status">
            {limitReached
              ? `${childName}已取消本班报名${cancels.data.count}次，达到上限${cancels.data.limit}次，不能再次报名。`
              : `${childName}已取消本班报名${cancels.data.count}次；累计取消${cancels.data.limit}次后将不能再报名本班。`}
          </Notice>
        )}
      </section>

      <section className={styles.section} aria-labelledby="notice-heading">
        <h2 id="notice-heading" className={styles.sectionTitle}>
          报名须知
        </h2>
        {/* Scrollable: keyboard users scroll it once it has focus (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className={styles.rules} tabIndex={0} aria-label="报名须知内容">
          <RichText html={klass.sign_up_notice} />
        </div>
        <label className={styles.agree}>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} disabled={busy} />
          我已阅读并同意《报名须知》
        </label>
      </section>

      <section className={styles.checkout} aria-label="费用与提交">
        {refusal && (
          <Notice tone="danger" title="报名未成功">
            <p>{refusal}</p>
            {refusalCode === errorCodes.alreadySignedUp.code && <Link to={href('signUps')}>查看报名记录</Link>}
            {refusalCode === errorCodes.contactNotPassed.code && <Link to={href('children')}>查看孩子信息</Link>}
          </Notice>
        )}
        <div className={styles.checkoutBar}>
          <FeeText fee={fee.data} fallback={klass.fee} />
          <div className={styles.submit}>
            {blocker && (
              <span id={hintId} className={styles.blocker}>
                {blocker}
              </span>
            )}
            <Button size="lg" loading={busy} disabled={blocker !== null} aria-describedby={blocker ? hintId : undefined} onClick={submit}>
              {submitLabel(klass)}
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

function submitLabel(klass: ClassDetail): string {
  if (klass.admission_kind === admissionKind.values.lottery) return '提交报名，参加摇号';
  if (klass.admission_kind === admissionKind.values.interview) return '提交报名，参加面试';
  return '提交报名';
}

function FeeText({ fee, fallback }: { fee: Data<'get_sign_up_fee'> | undefined; fallback: Fen }) {
  return (
    <div className={styles.fee}>
      {fee && (
        <span className={styles.feeParts}>
          学费 {formatYuan(fee.tuition_fee)}
          {fee.material_fee > 0 && `\u3000材料费 ${formatYuan(fee.material_fee)}`}
        </span>
      )}
      <span>
        应缴费用 <strong className={styles.amount}>{formatYuan(fee?.total_fee ?? fallback)}</strong>
      </span>
    </div>
  );
}

/** Not open yet (a 秒杀 opening at 10:00, say): the time left, and a fresh look at the class then. */
function OpeningNotice({ klass, onOpen }: { klass: ClassDetail; onOpen: () => void }) {
  const { left } = useCountdown(klass.sign_up_start_at, onOpen);
  return (
    <Notice tone="info" title={`报名将于${formatMonthDayTime(klass.sign_up_start_at)}开始`}>
      {left > 0 ? `距开始还有 ${formatCountdown(left)}，开始后即可提交报名。` : '报名已开始，正在刷新…'}
    </Notice>
  );
}

/** Before sending: when the window is not open, and what lottery or interview admission means. */
function StateNotice({ klass, onOpen }: { klass: ClassDetail; onOpen: () => void }) {
  const { notStarted, full, ended } = classSignUpState.values;
  if (klass.sign_up_state === notStarted) return <OpeningNotice klass={klass} onOpen={onOpen} />;
  if (klass.sign_up_state === ended) {
    return (
      <Notice tone="warning" title={`报名已于${formatMonthDayTime(klass.sign_up_end_at)}结束`}>
        请关注其他班级。
      </Notice>
    );
  }
  if (klass.sign_up_state === full) {
    return (
      <Notice tone="warning" title="名额已满">
        有家长取消或超时未支付时名额会释放，可稍后再试。
      </Notice>
    );
  }
  if (klass.admission_kind === admissionKind.values.lottery) {
    const when = klass.lottery_at ? `于${formatMonthDayTime(klass.lottery_at)}` : '报名截止后';
    return (
      <Notice tone="info" title="本班摇号录取">
        提交报名后{when}摇号，录取后再下单缴费，结果以站内消息通知。
      </Notice>
    );
  }
  if (klass.admission_kind === admissionKind.values.interview) {
    const when = klass.interview_at ? `面试时间${formatMonthDayTime(klass.interview_at)}，` : '';
    return (
      <Notice tone="info" title="本班面试录取">
        {when}面试通过后再下单缴费，结果以站内消息通知。
      </Notice>
    );
  }
  return null;
}
