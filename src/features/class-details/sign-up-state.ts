/**
 * What the sign-up button of a class says, worked out from the class, the session, the selected
 * child and that child's sign-ups: one state, in the order a parent needs to hear it (a child
 * already signed up hears that first; then whether the class takes sign-ups at all; then what the
 * parent still has to do: sign in, add a child, choose one).
 */
import { classSignUpState, signUpStatus, type ValueOf } from '#contract/coded-values';
import type { Data } from '../../lib/api/queries.ts';

export type ClassDetail = Data<'class_detail'>;
type Child = Data<'contact_information'>['list'][number];
type SignUp = Data<'sign_up_list'>['list'][number];
type SignUpStatus = ValueOf<typeof signUpStatus>;

/** Sign-ups that keep the child in (or on the way into) the class. */
const LIVE: ReadonlySet<SignUpStatus> = new Set([
  signUpStatus.values.awaitingOrder,
  signUpStatus.values.lotteryPending,
  signUpStatus.values.interviewPending,
  signUpStatus.values.admitted,
  signUpStatus.values.ordered,
  signUpStatus.values.enrolled,
]);

export type SignUpState =
  | { kind: 'checking' }
  | { kind: 'signedUp'; child: Child; signUp: SignUp }
  | { kind: 'ended' }
  | { kind: 'notStarted' }
  | { kind: 'full' }
  | { kind: 'signIn' }
  | { kind: 'noChild' }
  | { kind: 'chooseChild'; children: Child[] }
  | { kind: 'ageNotFit'; child: Child }
  | { kind: 'open'; child: Child };

export interface SignUpFacts {
  klass: ClassDetail;
  signedIn: boolean;
  /** The parent's passed children; undefined while loading (or signed out). */
  children: Child[] | undefined;
  /** The selected child's id (childStore()), if any. */
  contactId: number | null;
  /** The selected child's sign-ups; undefined while loading (or no child is selected). */
  signUps: SignUp[] | undefined;
}

/** Whether a child's age fits the class; an age the backend did not send (decision 073) is left to the backend to judge. */
export function ageFits(klass: Pick<ClassDetail, 'min_age' | 'max_age'>, child: Pick<Child, 'age'>): boolean {
  return child.age === undefined || (klass.min_age <= child.age && child.age <= klass.max_age);
}

/** The live sign-up of this child for this class, if any. */
export function liveSignUp(signUps: SignUp[] | undefined, classId: number, contactId: number): SignUp | undefined {
  return signUps?.find((s) => s.class_id === classId && s.contact_id === contactId && LIVE.has(s.status));
}

export function selectedChild(facts: Pick<SignUpFacts, 'children' | 'contactId'>): Child | undefined {
  return facts.children?.find((c) => c.id === facts.contactId);
}

export function decideSignUp(facts: SignUpFacts): SignUpState {
  const { klass, signedIn, children, signUps } = facts;
  const child = signedIn ? selectedChild(facts) : undefined;
  const existing = child && liveSignUp(signUps, klass.id, child.id);
  if (child && existing) return { kind: 'signedUp', child, signUp: existing };

  const state = klass.sign_up_state;
  if (state === classSignUpState.values.ended) return { kind: 'ended' };
  if (state === classSignUpState.values.notStarted) return { kind: 'notStarted' };
  if (state === classSignUpState.values.full || klass.seats_left === 0) return { kind: 'full' };

  if (!signedIn) return { kind: 'signIn' };
  if (children === undefined) return { kind: 'checking' };
  if (children.length === 0) return { kind: 'noChild' };
  if (!child) return { kind: 'chooseChild', children };
  if (signUps === undefined) return { kind: 'checking' };
  if (!ageFits(klass, child)) return { kind: 'ageNotFit', child };
  return { kind: 'open', child };
}
