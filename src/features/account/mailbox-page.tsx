/**
 * /personal/accountMailbox, 邮箱. None bound: bind one (a code to the new mailbox, then
 * mailbox_relevance). One bound: change it in two steps — a code to the old mailbox proves it is
 * the parent (a verify token, valid 10 minutes), then the new mailbox's code replaces it.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { mailboxScene } from '#contract/index';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { QueryState } from '../../components/ui/states.tsx';
import { callOrThrow, useApiMutation, useApiQuery } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { FormActions, FormError } from '../../components/form/form-parts.tsx';
import { CodeField, SendCodeButton, Steps, useCodeSender } from './code-sending.tsx';
import { isRefusal, placeRefusal } from '../../lib/forms/refusals.ts';
import { compact } from '../../lib/forms/field-errors.ts';
import { checkCode, checkMailbox } from './rules.ts';
import styles from './account.module.css';

const CHANGE_STEPS = ['验证原邮箱', '设置新邮箱', '完成'];

type MailField = 'mailbox' | 'code';
type MailErrors = Partial<Record<MailField | 'form', string>>;
const labels: Record<MailField, string> = { mailbox: '邮箱', code: '验证码' };

function placed(error: unknown): MailErrors {
  const where = placeRefusal<MailField>(error, {
    labels,
    codes: { verifyCodeWrong: 'code', verifyCodeExpired: 'code', sendTooFrequent: 'code', mailboxTaken: 'mailbox', invalidRequest: 'mailbox' },
  });
  return where.field ? { [where.field]: where.message } : { form: where.message };
}

export function MailboxPage() {
  const query = useApiQuery('check_mailbox', {});
  const [done, setDone] = useState<{ changed: boolean; mailbox: string } | null>(null);

  function finished(changed: boolean, mailbox: string) {
    setDone({ changed, mailbox });
    toast.succeed(changed ? '邮箱已更换' : '邮箱已绑定');
  }

  return (
    <PageFrame plain title="邮箱" intro="邮箱用于接收电子发票和重要通知。">
      {done ? (
        <>
          {done.changed && <Steps steps={CHANGE_STEPS} current={2} label="更换邮箱步骤" />}
          <div className={styles.done} role="status">
            <span className={styles.doneMark} aria-hidden="true">
              ✓
            </span>
            <h2 className={styles.doneTitle}>{done.changed ? '邮箱已更换' : '邮箱已绑定'}</h2>
            <p className={styles.doneHint}>电子发票和通知将发送至 {done.mailbox}。</p>
            <Link to="/personal/personalData">返回个人资料</Link>
          </div>
        </>
      ) : (
        <QueryState query={query}>
          {(data) =>
            data.is_bound && data.mailbox ? (
              <ChangeMailbox current={data.mailbox} onDone={(m) => finished(true, m)} />
            ) : (
              <>
                <div className={styles.note}>
                  <p>您的账号还没有绑定邮箱。绑定后，电子发票会同时发送到邮箱，便于保存和报销。</p>
                </div>
                <BindMailbox onDone={(m) => finished(false, m)} />
              </>
            )
          }
        </QueryState>
      )}
    </PageFrame>
  );
}

/** A new mailbox and its code: binding, and step 2 of a change. */
function NewMailboxForm({
  scene,
  submitText,
  sending,
  onSubmit,
}: {
  scene: typeof mailboxScene.values.bind | typeof mailboxScene.values.change;
  submitText: string;
  sending: boolean;
  onSubmit: (mailbox: string, code: string) => Promise<MailErrors>;
}) {
  const sender = useCodeSender();
  const send = useApiMutation('send_mailbox_verification_code', { errorHandling: 'manual' });
  const [mailbox, setMailbox] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<MailErrors>({});

  async function sendCode() {
    const problem = checkMailbox(mailbox);
    setErrors(problem ? { mailbox: problem } : {});
    if (problem) return;
    try {
      sender.sent(await send.mutateAsync({ body: { mailbox: mailbox.trim(), scene } }), mailbox.trim());
    } catch (error) {
      sender.failed(error);
      setErrors(placed(error));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = compact<MailField>({ mailbox: checkMailbox(mailbox), code: checkCode(code) ?? (sender.everSent ? null : '请先获取验证码') });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setErrors(await onSubmit(mailbox.trim(), code));
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={submitText}>
      <Field label={scene === mailboxScene.values.bind ? '邮箱' : '新邮箱'} required error={errors.mailbox}>
        {(props) => (
          <TextInput {...props} type="email" value={mailbox} onChange={(e) => (setMailbox(e.target.value), setErrors((p) => ({ ...p, mailbox: undefined })))} autoComplete="email" maxLength={100} placeholder="例如 name@example.com" />
        )}
      </Field>
      <CodeField
        label="邮箱验证码"
        value={code}
        onChange={(v) => (setCode(v), setErrors((p) => ({ ...p, code: undefined })))}
        error={errors.code}
        sender={sender}
        button={<SendCodeButton sender={sender} loading={send.isPending} onClick={() => void sendCode()} />}
      />
      <FormError message={errors.form ?? null} />
      <FormActions>
        <Button type="submit" loading={sending}>
          {submitText}
        </Button>
      </FormActions>
    </form>
  );
}

function BindMailbox({ onDone }: { onDone: (mailbox: string) => void }) {
  const bind = useApiMutation('mailbox_relevance', { errorHandling: 'manual' });
  return (
    <NewMailboxForm
      scene={mailboxScene.values.bind}
      submitText="绑定邮箱"
      sending={bind.isPending}
      onSubmit={async (mailbox, code) => {
        try {
          await bind.mutateAsync({ body: { mailbox, code } });
          onDone(mailbox);
          return {};
        } catch (error) {
          return placed(error);
        }
      }}
    />
  );
}

function ChangeMailbox({ current, onDone }: { current: string; onDone: (mailbox: string) => void }) {
  const [token, setToken] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const change = useApiMutation('change_mailbox', { errorHandling: 'manual' });
  return (
    <>
      <Steps steps={CHANGE_STEPS} current={token ? 1 : 0} label="更换邮箱步骤" />
      <div className={styles.current}>
        <span className={styles.currentLabel}>当前邮箱</span>
        <span className={styles.currentValue}>{current}</span>
        {token && <span className={styles.currentAside}>已验证</span>}
      </div>
      {token ? (
        <NewMailboxForm
          key="new"
          scene={mailboxScene.values.change}
          submitText="确认更换"
          sending={change.isPending}
          onSubmit={async (mailbox, code) => {
            try {
              await change.mutateAsync({ body: { mailbox, code, verify_token: token } });
              onDone(mailbox);
              return {};
            } catch (error) {
              if (isRefusal(error, 'verifyStepMissing')) {
                setExpired(placeRefusal(error).message);
                setToken(null);
                return {};
              }
              return placed(error);
            }
          }}
        />
      ) : (
        <VerifyOldMailbox key="old" current={current} notice={expired} onVerified={(t) => (setExpired(null), setToken(t))} />
      )}
    </>
  );
}

function VerifyOldMailbox({ current, notice, onVerified }: { current: string; notice: string | null; onVerified: (token: string) => void }) {
  const sender = useCodeSender();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<MailErrors>({});
  // verify_old_mailbox GET sends the code: an action, so a mutation rather than a cached query.
  const send = useMutation({ mutationFn: () => callOrThrow('verify_old_mailbox_get', {}), meta: { errorHandling: 'manual' } });
  const verify = useApiMutation('verify_old_mailbox_post', { errorHandling: 'manual' });

  async function sendCode() {
    setErrors({});
    try {
      const answer = await send.mutateAsync();
      sender.sent(answer, answer.mailbox);
    } catch (error) {
      sender.failed(error);
      setErrors(placed(error));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    const problem = checkCode(code) ?? (sender.everSent ? null : '请先获取验证码');
    setErrors(problem ? { code: problem } : {});
    if (problem) return;
    try {
      const { verify_token } = await verify.mutateAsync({ body: { code } });
      onVerified(verify_token);
    } catch (error) {
      setErrors(placed(error));
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="验证原邮箱">
      {notice && (
        <div className={`${styles.note} ${styles.noteWarning}`} role="alert">
          <p>{notice}</p>
        </div>
      )}
      <div className={styles.note}>
        <p>为确认是您本人操作，请先验证当前邮箱 {current}：获取验证码后，到邮箱中查收。</p>
      </div>
      <CodeField
        label="邮箱验证码"
        value={code}
        onChange={(v) => (setCode(v), setErrors({}))}
        error={errors.code}
        sender={sender}
        button={<SendCodeButton sender={sender} loading={send.isPending} onClick={() => void sendCode()} />}
      />
      <FormError message={errors.form ?? null} />
      <FormActions>
        <Button type="submit" loading={verify.isPending}>
          下一步
        </Button>
      </FormActions>
    </form>
  );
}
