/**
 * The phone and the mailbox pages, one component: with none bound, bind one (a code to the new
 * phone or mailbox, then bind); with one bound, change it in two steps — a code to the old one
 * proves it is the parent (a verify token, valid 10 minutes), then the new one's code replaces it
 * with that token. An expired or used token sends the parent back to the first step, saying why.
 * What differs between phone and mailbox (the calls, the image code, the words) is a Channel.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormSubmit } from '../../components/form/form-parts.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { ErrorState, LoadingState } from '../../components/ui/states.tsx';
import { compact, type Checked, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { isRefusal, placeRefusal, type RefusalPlaces } from '../../lib/forms/refusals.ts';
import { useForm, type Form } from '../../lib/forms/use-form.ts';
import { toast } from '../../stores/toast-store.ts';
import { CaptchaField, CodeField, SendCodeButton, Steps, type Captcha, type CodeSender } from './code-sending.tsx';
import { checkCode } from './rules.ts';
import styles from './account.module.css';
import { href } from '#src/lib/routes.ts';

/** An image code a channel asks for before it sends a code (the phone's send_sms). */
export interface CaptchaInput {
  captcha: Captcha;
  value: string;
  onChange: (value: string) => void;
}

export interface Channel {
  page: { title: string; intro: string };
  /** 手机号 or 邮箱, as the page names it. */
  noun: string;
  steps: readonly [string, string, string];
  /** Said above the form when none is bound yet. */
  unboundNote: string;
  /** The form's names of the phone or mailbox and of its code, as the contract names them. */
  fields: { target: string; code: string; captcha?: string };
  codeLabel: string;
  targetInput: InputHTMLAttributes<HTMLInputElement>;
  checkTarget: (value: string) => string | null;
  /** Where a refusal of any step goes. */
  refusals: RefusalPlaces<string>;
  verifyNote: (current: string) => ReactNode;
  doneHint: (target: string) => string;
  /** The phone or mailbox bound now, null when none. */
  useCurrent: () => { isPending: boolean; isError: boolean; current: string | null; retry: () => void };
  /**
   * Step 1 of a change: a code to the old one (send answers the messages to show, none when it
   * went), and its check, which answers the verify token.
   */
  useVerifyOld: (current: string) => { sender: CodeSender; send: () => Promise<FieldErrors<string>>; sending: boolean; verify: (code: string) => Promise<string>; verifying: boolean };
  /** Binding, or step 2 of a change: a code to the new one (checked first), then binding it. */
  useNew: (kind: 'bind' | 'change') => {
    sender: CodeSender;
    captcha?: CaptchaInput;
    send: (target: string) => Promise<FieldErrors<string>>;
    sending: boolean;
    bind: (target: string, code: string, token: string | null) => Promise<unknown>;
    binding: boolean;
  };
}

export function TwoStepChangePage({ channel }: { channel: Channel }) {
  const current = channel.useCurrent();
  const [done, setDone] = useState<{ changed: boolean; target: string } | null>(null);
  const title = (changed: boolean) => `${channel.noun}${changed ? '已更换' : '已绑定'}`;

  function finished(changed: boolean, target: string) {
    setDone({ changed, target });
    toast.succeed(title(changed));
  }

  return (
    <PageFrame plain title={channel.page.title} intro={channel.page.intro}>
      {done ? (
        <>
          {done.changed && <Steps steps={[...channel.steps]} current={2} label={`更换${channel.noun}步骤`} />}
          <div className={styles.done} role="status">
            <span className={styles.doneMark} aria-hidden="true">
              ✓
            </span>
            <h2 className={styles.doneTitle}>{title(done.changed)}</h2>
            <p className={styles.doneHint}>{channel.doneHint(done.target)}</p>
            <Link to={href('personalData')}>返回个人资料</Link>
          </div>
        </>
      ) : current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState onRetry={current.retry} />
      ) : current.current ? (
        <ChangeSteps channel={channel} current={current.current} onDone={(target) => finished(true, target)} />
      ) : (
        <>
          <div className={styles.note}>
            <p>{channel.unboundNote}</p>
          </div>
          <NewTargetForm channel={channel} kind="bind" token={null} onDone={(target) => finished(false, target)} />
        </>
      )}
    </PageFrame>
  );
}

function ChangeSteps({ channel, current, onDone }: { channel: Channel; current: string; onDone: (target: string) => void }) {
  const [token, setToken] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  return (
    <>
      <Steps steps={[...channel.steps]} current={token ? 1 : 0} label={`更换${channel.noun}步骤`} />
      <div className={styles.current}>
        <span className={styles.currentLabel}>当前{channel.noun}</span>
        <span className={styles.currentValue}>{current}</span>
        {token && <span className={styles.currentAside}>已验证</span>}
      </div>
      {token ? (
        <NewTargetForm
          key="new"
          channel={channel}
          kind="change"
          token={token}
          onDone={onDone}
          // The old one's proof expired or was used: that step again.
          onExpired={(message) => (setExpired(message), setToken(null))}
        />
      ) : (
        <VerifyOldForm key="old" channel={channel} current={current} notice={expired} onVerified={(t) => (setExpired(null), setToken(t))} />
      )}
    </>
  );
}

/** Only the refusals of fields this form shows go beside them; the others above the button. */
function placesFor(channel: Channel, fields: readonly string[]): RefusalPlaces<string> {
  const { codes = {}, labels = {} } = channel.refusals;
  return {
    codes: Object.fromEntries(Object.entries(codes).filter(([, field]) => field && fields.includes(field))),
    labels: Object.fromEntries(Object.entries(labels).filter(([field]) => fields.includes(field))),
  };
}

/** Messages for fields this form does not show are said above its button. */
function only(messages: FieldErrors<string>, fields: readonly string[]): FieldErrors<string> {
  const out: FieldErrors<string> = {};
  for (const [field, message] of Object.entries(messages)) {
    if (fields.includes(field) || field === 'form') out[field] = message;
    else out.form ??= message;
  }
  return out;
}

function VerifyOldForm({ channel, current, notice, onVerified }: { channel: Channel; current: string; notice: string | null; onVerified: (token: string) => void }) {
  const codeField = channel.fields.code;
  const old = channel.useVerifyOld(current);
  const { sender } = old;
  const refusals = placesFor(channel, [codeField]);
  const form = useForm({
    initial: { code: '' },
    check: ({ code }): Checked<string, string> => {
      const problem = checkCode(code) ?? (sender.everSent ? null : '请先获取验证码');
      return problem ? { ok: false, errors: { [codeField]: problem } } : { ok: true, body: code };
    },
    fieldOf: { code: codeField },
    refusals,
    onSubmit: async (code: string) => onVerified(await old.verify(code)),
  });

  return (
    <form {...form.formProps} className={styles.form} aria-label={channel.steps[0]}>
      {notice && (
        <div className={`${styles.note} ${styles.noteWarning}`} role="alert">
          <p>{notice}</p>
        </div>
      )}
      <div className={styles.note}>
        <p>{channel.verifyNote(current)}</p>
      </div>
      <StepCode channel={channel} form={form} sender={sender} sending={old.sending} send={async () => only(await old.send(), [codeField])} />
      <FormSubmit error={form.errors.form} busy={old.verifying} label="下一步" />
    </form>
  );
}

/** The new phone or mailbox (and the image code a phone needs) and its code: binding, and step 2 of a change. */
function NewTargetForm({
  channel,
  kind,
  token,
  onDone,
  onExpired,
}: {
  channel: Channel;
  kind: 'bind' | 'change';
  token: string | null;
  onDone: (target: string) => void;
  onExpired?: (message: string) => void;
}) {
  const { target: targetField, code: codeField, captcha: captchaField } = channel.fields;
  const next = channel.useNew(kind);
  const { sender } = next;
  const submitText = kind === 'bind' ? `绑定${channel.noun}` : '确认更换';
  const form = useForm({
    initial: { target: '', code: '' },
    check: ({ target, code }): Checked<{ target: string; code: string }, string> => {
      const errors = compact({ [targetField]: channel.checkTarget(target), [codeField]: checkCode(code) ?? (sender.everSent ? null : '请先获取验证码') });
      return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body: { target: target.trim(), code } };
    },
    fieldOf: { target: targetField, code: codeField },
    refusals: channel.refusals,
    onSubmit: async ({ target, code }: { target: string; code: string }) => {
      try {
        await next.bind(target, code, token);
      } catch (error) {
        if (!onExpired || !isRefusal(error, 'verifyStepMissing')) throw error;
        onExpired(placeRefusal(error).form ?? '');
        return;
      }
      onDone(target);
    },
  });

  return (
    <form {...form.formProps} className={styles.form} aria-label={submitText}>
      <Field label={kind === 'bind' ? channel.noun : `新${channel.noun}`} required error={form.errors[targetField]}>
        {(props) => <TextInput {...props} {...channel.targetInput} value={form.draft.target} onChange={(e) => form.set('target', e.target.value)} />}
      </Field>
      {next.captcha && captchaField && (
        <CaptchaField captcha={next.captcha.captcha} value={next.captcha.value} onChange={(v) => (next.captcha!.onChange(v), form.dismiss(captchaField))} error={form.errors[captchaField]} />
      )}
      <StepCode channel={channel} form={form} sender={sender} sending={next.sending} send={() => next.send(form.draft.target)} />
      <FormSubmit error={form.errors.form} busy={next.binding} label={submitText} />
    </form>
  );
}

/** A step's code and the button that sends it; sending first clears what the form said before. */
function StepCode<D extends { code: string }, B>({
  channel,
  form,
  sender,
  sending,
  send,
}: {
  channel: Channel;
  form: Form<D, string, B>;
  sender: CodeSender;
  sending: boolean;
  send: () => Promise<FieldErrors<string>>;
}) {
  async function sendCode() {
    form.show({});
    form.show(await send());
  }
  return (
    <CodeField
      label={channel.codeLabel}
      value={form.draft.code}
      onChange={(v) => form.set('code', v)}
      error={form.errors[channel.fields.code]}
      sender={sender}
      button={<SendCodeButton sender={sender} loading={sending} onClick={() => void sendCode()} />}
    />
  );
}
