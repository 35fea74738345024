/**
 * The sign-up button of the class page and the line beside it that says why it is (not) there:
 * see sign-up-state.ts for which state wins. The collect toggle sits next to it.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { admissionKind, signUpStatus } from '#contract/coded-values';
import { Button, buttonLook } from '../../components/ui/button.tsx';
import { StatusText } from '../../components/ui/badge.tsx';
import ui from '../../components/ui/ui.module.css';
import { browser } from '../../lib/browser.ts';
import { formatDateTime } from '../../lib/format.ts';
import { childStore, selectChild } from '../../stores/child-store.ts';
import { OpeningCountdown } from '../../components/classes/opening-countdown.tsx';
import { SignInLink } from '#src/components/ui/sign-in-link.tsx';
import { usePassedChildren, useSignedIn } from '../../lib/session/use-session.ts';
import { CollectToggle } from './collect-toggle.tsx';
import { ageFits, decideSignUp, selectedChild, type ClassDetail, type SignUpState } from './sign-up-state.ts';
import styles from './details.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { childSignUpsQuery } from './class-details-page.data.ts';

const linkButton = (variant: 'primary' | 'secondary') => `${ui.button} ${ui[variant]} ${ui.lg} ${styles.mainAction}`;

/** A sign-up still waiting for the parent to place the order. */
const needsOrder = new Set<number>([signUpStatus.values.awaitingOrder, signUpStatus.values.admitted]);

function useSignUpState(klass: ClassDetail): SignUpState {
  const signedIn = useSignedIn();
  const children = usePassedChildren();
  const { contactId } = useSnapshot(childStore());
  const hasChild = signedIn && contactId !== null;
  const signUps = useQuery({ ...childSignUpsQuery(contactId ?? 0), enabled: hasChild });
  return decideSignUp({
    klass,
    signedIn,
    children: children.isError ? [] : children.data?.list,
    contactId,
    // Unknown sign-ups must not block the button: the backend refuses a second sign-up anyway.
    signUps: signUps.isError ? [] : signUps.data?.list,
  });
}

function chooseChild(id: number) {
  selectChild(id);
  // Spec §4: a change of child reloads the page.
  browser.reload();
}

/** The selected child and whether their age fits, while the class is not open yet. */
function ChildAgeNote({ klass }: { klass: ClassDetail }) {
  const signedIn = useSignedIn();
  const children = usePassedChildren();
  const { contactId } = useSnapshot(childStore());
  const child = signedIn ? selectedChild({ children: children.data?.list, contactId }) : undefined;
  if (!child || child.age === undefined) return null;
  return ageFits(klass, child) ? (
    <p className={styles.note}>
      {child.name}（{child.age}岁）符合本班年龄要求。
    </p>
  ) : (
    <p className={`${styles.note} ${styles.warn}`}>
      本班招收{klass.min_age}-{klass.max_age}岁的孩子，{child.name}今年{child.age}岁，不符合年龄要求。
    </p>
  );
}

export function SignUpPanel({ klass }: { klass: ClassDetail }) {
  const state = useSignUpState(klass);
  const chooseId = useId();
  const seckill = klass.admission_kind === admissionKind.values.seckill;
  let action: ReactNode;
  let message: ReactNode = null;

  switch (state.kind) {
    case 'checking':
      action = (
        <Button size="lg" className={styles.mainAction} loading>
          立即报名
        </Button>
      );
      break;
    case 'signedUp': {
      const { child, signUp } = state;
      action = (
        <Link to={href('signUps')} className={linkButton('secondary')}>
          查看我的报名
        </Link>
      );
      message = (
        <p className={styles.note}>
          {child.name}已报名本班：
          <StatusText value={signUp.status} of={signUpStatus} />
          {needsOrder.has(signUp.status) ? '，请尽快在“我的报名”中下单并完成支付。' : '。'}
          {signUp.remark && <span className={styles.remark}>{signUp.remark}</span>}
        </p>
      );
      break;
    }
    case 'ended':
      action = (
        <Button size="lg" className={styles.mainAction} disabled>
          报名已结束
        </Button>
      );
      message = <p className={styles.note}>报名已于 {formatDateTime(klass.sign_up_end_at)} 截止。</p>;
      break;
    case 'notStarted':
      action = (
        <Button size="lg" className={styles.mainAction} disabled>
          {seckill ? '等待开抢' : '报名未开始'}
        </Button>
      );
      message = (
        <>
          <p className={styles.note}>
            {formatDateTime(klass.sign_up_start_at)} {seckill ? '准时开抢' : '开始报名'}
            {seckill && <OpeningCountdown startAt={klass.sign_up_start_at} className={styles.countdown} />}
          </p>
          <SignInFirst seckill={seckill} />
          <ChildAgeNote klass={klass} />
        </>
      );
      break;
    case 'full':
      action = (
        <Button size="lg" className={styles.mainAction} disabled>
          名额已满
        </Button>
      );
      message = (
        <p className={styles.note}>
          本班{klass.capacity}个名额已全部报满。
          <Link to={href('search', { center: klass.center_id, specialty: klass.specialty_id, available: true })}>看看同类可报名的班级</Link>
        </p>
      );
      break;
    case 'signIn':
      action = <SignInLink className={linkButton('primary')}>登录后报名</SignInLink>;
      message = <p className={styles.note}>报名需要先登录，登录后会回到本页。</p>;
      break;
    case 'noChild':
      action = (
        <Link to={href('children')} className={linkButton('primary')}>
          添加宝宝信息
        </Link>
      );
      message = <p className={styles.note}>报名前请先添加孩子信息，审核通过后即可报名。</p>;
      break;
    case 'chooseChild':
      action = (
        <Button size="lg" className={styles.mainAction} disabled>
          立即报名
        </Button>
      );
      message = (
        <div className={styles.note}>
          <p id={chooseId}>请选择为哪个宝宝报名：</p>
          <div className={styles.children} role="group" aria-labelledby={chooseId}>
            {state.children.map((child) => (
              <button key={child.id} type="button" className={styles.childChoice} onClick={() => chooseChild(child.id)}>
                {child.name}
                {child.age !== undefined && `（${child.age}岁）`}
                {!ageFits(klass, child) && <span className={styles.unfit}>年龄不符</span>}
              </button>
            ))}
          </div>
        </div>
      );
      break;
    case 'ageNotFit':
      action = (
        <Button size="lg" className={styles.mainAction} disabled>
          年龄不符
        </Button>
      );
      message = (
        <p className={`${styles.note} ${styles.warn}`}>
          本班招收{klass.min_age}-{klass.max_age}岁的孩子，{state.child.name}今年{state.child.age}岁，不能报名。
          <Link to={href('search', { age: state.child.age, available: true })}>找适合{state.child.age}岁的班级</Link>
        </p>
      );
      break;
    case 'open':
      action = (
        <Link to={href('signUp', { id: klass.id })} className={linkButton('primary')}>
          立即报名
        </Link>
      );
      message = (
        <p className={styles.note}>
          将为 <strong>{state.child.name}</strong>
          {state.child.age !== undefined && `（${state.child.age}岁）`}报名，可在页面顶部“当前宝宝”处切换。
        </p>
      );
      break;
  }

  return (
    <div className={styles.signUp}>
      <div className={styles.actions}>
        {action}
        <CollectToggle klass={klass} />
      </div>
      {/* Not a live region: the 秒杀 countdown inside would be read out every second. */}
      <div className={styles.messages}>{message}</div>
    </div>
  );
}

/** While a class is not open yet: signing in now saves time when it opens. */
function SignInFirst({ seckill }: { seckill: boolean }) {
  const signedIn = useSignedIn();
  if (signedIn) return null;
  return (
    <p className={styles.note}>
      <SignInLink className={buttonLook('link')}>先登录</SignInLink>
      {seckill ? '，开抢时可直接报名。' : '，开始报名时可直接报名。'}
    </p>
  );
}
