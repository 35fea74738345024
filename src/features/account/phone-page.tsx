/**
 * /personal/accountPhone, 手机号. No phone bound: bind one (image code, SMS code, bind). A phone
 * bound: change it in two steps — the old phone's code proves it is the parent (a verify token,
 * valid 10 minutes), then the new phone's code binds it with that token.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { maskPhone, smsScene } from '#contract/index';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { QueryState } from '../../components/ui/states.tsx';
import { useApiMutation, useApiQuery } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { FormActions, FormError } from '../../components/form/form-parts.tsx';
import { CaptchaField, CodeField, SendCodeButton, Steps, useCodeSender } from './code-sending.tsx';
import { smsLabels, useSmsWithCaptcha, type SmsErrors } from './phone-code.ts';
import { isRefusal, placeRefusal } from '../../lib/forms/refusals.ts';
import { compact } from '../../lib/forms/field-errors.ts';
import { checkCode, checkPhone } from './rules.ts';
import styles from './account.module.css';

const CHANGE_STEPS = ['验证原手机号', '设置新手机号', '完成'];

export function PhonePage() {
  const query = useApiQuery('see_phone_num', {});
  const [done, setDone] = useState<{ changed: boolean; phone: string } | null>(null);

  function finished(changed: boolean, phone: string) {
    setDone({ changed, phone });
    toast.succeed(changed ? '手机号已更换' : '手机号已绑定');
  }

  return (
    <PageFrame plain title="手机号" intro="手机号用于登录、找回密码，以及接收报名、缴费和退费通知。">
      {done ? (
        <>
          {done.changed && <Steps steps={CHANGE_STEPS} current={2} label="更换手机号步骤" />}
          <div className={styles.done} role="status">
            <span className={styles.doneMark} aria-hidden="true">
              ✓
            </span>
            <h2 className={styles.doneTitle}>{done.changed ? '手机号已更换' : '手机号已绑定'}</h2>
            <p className={styles.doneHint}>当前绑定的手机号为 {maskPhone(done.phone)}，今后请使用它登录和接收通知。</p>
            <Link to="/personal/personalData">返回个人资料</Link>
          </div>
        </>
      ) : (
        <QueryState query={query}>
          {(data) => (data.phone ? <ChangePhone current={data.phone} onDone={(phone) => finished(true, phone)} /> : <BindPhone onDone={(phone) => finished(false, phone)} />)}
        </QueryState>
      )}
    </PageFrame>
  );
}

/** The phone, image code and SMS code of a new phone, shared by binding and step 2 of a change. */
function NewPhoneForm({
  scene,
  submitText,
  sending,
  onSubmit,
}: {
  scene: typeof smsScene.values.bindPhone | typeof smsScene.values.changePhone;
  submitText: string;
  sending: boolean;
  /** Sends phone and code; answers the messages to show (none when it worked). */
  onSubmit: (phone: string, code: string) => Promise<SmsErrors>;
}) {
  const sms = useSmsWithCaptcha(scene);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<SmsErrors>({});

  async function send() {
    setErrors({});
    setErrors(await sms.send(phone));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = compact<keyof SmsErrors>({ phone: checkPhone(phone), sms_code: checkCode(code) ?? (sms.sender.everSent ? null : '请先获取验证码') });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setErrors(await onSubmit(phone.trim(), code));
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={submitText}>
      <Field label={scene === smsScene.values.bindPhone ? '手机号' : '新手机号'} required error={errors.phone}>
        {(props) => (
          <TextInput {...props} value={phone} onChange={(e) => (setPhone(e.target.value), setErrors((p) => ({ ...p, phone: undefined })))} inputMode="numeric" autoComplete="tel" maxLength={11} placeholder="请输入11位手机号" />
        )}
      </Field>
      <CaptchaField captcha={sms.captcha} value={sms.captchaCode} onChange={(v) => (sms.setCaptchaCode(v), setErrors((p) => ({ ...p, captcha_code: undefined })))} error={errors.captcha_code} />
      <CodeField
        label="短信验证码"
        value={code}
        onChange={(v) => (setCode(v), setErrors((p) => ({ ...p, sms_code: undefined })))}
        error={errors.sms_code}
        sender={sms.sender}
        button={<SendCodeButton sender={sms.sender} loading={sms.sending} onClick={() => void send()} />}
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

function BindPhone({ onDone }: { onDone: (phone: string) => void }) {
  const bind = useApiMutation('binding_phone_number', { errorHandling: 'manual' });
  return (
    <>
      <div className={styles.note}>
        <p>您的账号还没有绑定手机号。绑定后可以用手机号登录，并及时收到报名和缴费通知。</p>
      </div>
      <NewPhoneForm
        scene={smsScene.values.bindPhone}
        submitText="绑定手机号"
        sending={bind.isPending}
        onSubmit={async (phone, code) => {
          try {
            await bind.mutateAsync({ body: { phone, sms_code: code } });
            onDone(phone);
            return {};
          } catch (error) {
            return placed(error);
          }
        }}
      />
    </>
  );
}

function placed(error: unknown): SmsErrors {
  const where = placeRefusal(error, { labels: smsLabels, codes: { verifyCodeWrong: 'sms_code', verifyCodeExpired: 'sms_code', phoneTaken: 'phone', invalidRequest: 'phone' } });
  return where.field ? { [where.field]: where.message } : { form: where.message };
}

function ChangePhone({ current, onDone }: { current: string; onDone: (phone: string) => void }) {
  const [token, setToken] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const bindNew = useApiMutation('binding_new_phone_num', { errorHandling: 'manual' });

  return (
    <>
      <Steps steps={CHANGE_STEPS} current={token ? 1 : 0} label="更换手机号步骤" />
      <div className={styles.current}>
        <span className={styles.currentLabel}>当前手机号</span>
        <span className={styles.currentValue}>{current}</span>
        {token && <span className={styles.currentAside}>已验证</span>}
      </div>
      {token ? (
        <NewPhoneForm
          key="new"
          scene={smsScene.values.changePhone}
          submitText="确认更换"
          sending={bindNew.isPending}
          onSubmit={async (phone, code) => {
            try {
              await bindNew.mutateAsync({ body: { phone, sms_code: code, verify_token: token } });
              onDone(phone);
              return {};
            } catch (error) {
              // The old phone's proof expired or was used: that step again.
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
        <VerifyOldPhone key="old" current={current} notice={expired} onVerified={(t) => (setExpired(null), setToken(t))} />
      )}
    </>
  );
}

function VerifyOldPhone({ current, notice, onVerified }: { current: string; notice: string | null; onVerified: (token: string) => void }) {
  const sender = useCodeSender();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ sms_code?: string; form?: string }>({});
  const send = useApiMutation('verify_old_phone_number_send_sms', { errorHandling: 'manual' });
  const verify = useApiMutation('verify_old_phone_number', { errorHandling: 'manual' });

  async function sendCode() {
    setErrors({});
    try {
      sender.sent(await send.mutateAsync({ body: {} }), current);
    } catch (error) {
      sender.failed(error);
      const where = placeRefusal(error, { codes: { sendTooFrequent: 'sms_code' } });
      setErrors(where.field ? { sms_code: where.message } : { form: where.message });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    const problem = checkCode(code) ?? (sender.everSent ? null : '请先获取验证码');
    setErrors(problem ? { sms_code: problem } : {});
    if (problem) return;
    try {
      const { verify_token } = await verify.mutateAsync({ body: { sms_code: code } });
      onVerified(verify_token);
    } catch (error) {
      const where = placeRefusal(error, { labels: { sms_code: '验证码' }, codes: { verifyCodeWrong: 'sms_code', verifyCodeExpired: 'sms_code' } });
      setErrors(where.field ? { sms_code: where.message } : { form: where.message });
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="验证原手机号">
      {notice && (
        <div className={`${styles.note} ${styles.noteWarning}`} role="alert">
          <p>{notice}</p>
        </div>
      )}
      <div className={styles.note}>
        <p>为确认是您本人操作，请先获取验证码，验证当前手机号 {current}。如原手机号已不再使用，请联系客服更换。</p>
      </div>
      <CodeField
        label="短信验证码"
        value={code}
        onChange={(v) => (setCode(v), setErrors({}))}
        error={errors.sms_code}
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
