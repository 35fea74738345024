/**
 * /personal/password, 登录密码. With a password: change it (old, new, confirm). Without one (an
 * account made by SMS or WeChat): set one with an SMS code to the bound phone. The contract's
 * rule (8–20 characters, letters and digits) is shown and ticked off as the parent types.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { operations } from '#contract/index';
import { smsScene } from '#contract/coded-values';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { QueryState } from '../../components/ui/states.tsx';
import { useApiMutation } from '../../lib/api/queries.ts';
import { toast } from '../../stores/toast-store.ts';
import { FormSubmit } from '../../components/form/form-parts.tsx';
import { CaptchaField, CodeField, SendCodeButton } from './code-sending.tsx';
import { compact, hasErrors, type Checked } from '../../lib/forms/field-errors.ts';
import { firstIssue } from '../../lib/forms/issue-messages.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { smsLabels, useSmsWithCaptcha, type SmsField } from './phone-code.ts';
import { checkCode, checkConfirm, checkPassword, PASSWORD_MAX, PASSWORD_MIN, passwordRuleState } from './rules.ts';
import styles from './account.module.css';
import { href } from '#src/lib/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { passwordQuery } from './password-page.data.ts';

export function PasswordPage() {
  const query = useQuery(passwordQuery());
  const [done, setDone] = useState<'changed' | 'set' | null>(null);

  function finished(kind: 'changed' | 'set') {
    setDone(kind);
    toast.succeed(kind === 'changed' ? '密码已修改' : '密码已设置');
  }

  return (
    <PageFrame plain title="登录密码" intro="设置密码后，可以在登录页用手机号或用户名加密码登录。">
      {done ? (
        <div className={styles.done} role="status">
          <span className={styles.doneMark} aria-hidden="true">
            ✓
          </span>
          <h2 className={styles.doneTitle}>{done === 'changed' ? '密码已修改' : '密码已设置'}</h2>
          <p className={styles.doneHint}>下次登录时请使用新密码，请妥善保管。</p>
          <Link to={href('personalData')}>返回个人资料</Link>
        </div>
      ) : (
        <QueryState query={query}>
          {(data) =>
            data.has_password ? (
              <ChangePassword onDone={() => finished('changed')} />
            ) : data.phone ? (
              <SetPassword masked={data.phone} onDone={() => finished('set')} />
            ) : (
              <div className={`${styles.note} ${styles.noteWarning}`}>
                <p>
                  您的账号还没有设置密码。设置密码需要先向绑定的手机号发送验证码，请先<Link to={href('phone')}>绑定手机号</Link>。
                </p>
              </div>
            )
          }
        </QueryState>
      )}
    </PageFrame>
  );
}

/** 8–20位 · 同时包含字母和数字, each ticked once the typed password meets it. */
function PasswordRules({ value }: { value: string }) {
  const state = passwordRuleState(value);
  const item = (met: boolean, text: string) => (
    <li className={value === '' ? undefined : met ? styles.ruleMet : styles.ruleMissed}>
      {text}
      {value !== '' && <span className="visually-hidden">{met ? '（已满足）' : '（未满足）'}</span>}
    </li>
  );
  return (
    <ul className={styles.rules} aria-label="密码要求">
      {item(state.length, `${PASSWORD_MIN}–${PASSWORD_MAX}位`)}
      {item(state.mix, '同时包含字母和数字')}
    </ul>
  );
}

type PasswordField = 'new_password' | 'confirm';

/** New password and its confirmation, with the rule beside them. */
function NewPasswordFields({
  password,
  confirm,
  errors,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  errors: Partial<Record<PasswordField, string>>;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) {
  // The confirmation is judged as soon as it can no longer become equal.
  const liveMismatch = confirm !== '' && !password.startsWith(confirm) ? '两次输入的密码不一致' : undefined;
  return (
    <>
      <Field label="新密码" required error={errors.new_password}>
        {(props) => (
          <>
            <TextInput
              {...props}
              type="password"
              value={password}
              onChange={(e) => onPassword(e.target.value)}
              autoComplete="new-password"
              maxLength={40}
              placeholder={`${PASSWORD_MIN}–${PASSWORD_MAX}位，包含字母和数字`}
            />
            <PasswordRules value={password} />
          </>
        )}
      </Field>
      <Field label="确认新密码" required error={errors.confirm ?? liveMismatch}>
        {(props) => <TextInput {...props} type="password" value={confirm} onChange={(e) => onConfirm(e.target.value)} autoComplete="new-password" maxLength={40} placeholder="请再次输入新密码" />}
      </Field>
    </>
  );
}

function checkNew(password: string, confirm: string) {
  return { new_password: checkPassword(password), confirm: checkConfirm(password, confirm) };
}

type ChangeField = 'old_password' | PasswordField;
const oldSchema = operations.change_password_put.body.shape.old_password;

function ChangePassword({ onDone }: { onDone: () => void }) {
  const change = useApiMutation('change_password_put', { errorHandling: 'manual' });
  const form = useForm({
    initial: { old_password: '', new_password: '', confirm: '' },
    check: ({ old_password: old, new_password: password, confirm }): Checked<{ old_password: string; new_password: string }, ChangeField> => {
      const found = compact<ChangeField>({ old_password: firstIssue(oldSchema, old), ...checkNew(password, confirm) });
      if (!found.new_password && old !== '' && password === old) found.new_password = '新密码不能与原密码相同';
      return hasErrors(found) ? { ok: false, errors: found } : { ok: true, body: { old_password: old, new_password: password } };
    },
    refusals: { labels: { old_password: '原密码', new_password: '新密码' }, codes: { passwordWrong: 'old_password', invalidRequest: 'new_password' } },
    onSubmit: async (body: { old_password: string; new_password: string }) => {
      await change.mutateAsync({ body });
      onDone();
    },
  });
  const { draft, errors, set } = form;

  return (
    <form {...form.formProps} className={styles.form} aria-label="修改密码">
      <Field label="原密码" required error={errors.old_password}>
        {(props) => (
          <TextInput
            {...props}
            type="password"
            value={draft.old_password}
            onChange={(e) => set('old_password', e.target.value)}
            autoComplete="current-password"
            maxLength={40}
            placeholder="请输入当前使用的密码"
          />
        )}
      </Field>
      <NewPasswordFields password={draft.new_password} confirm={draft.confirm} errors={errors} onPassword={(v) => set('new_password', v)} onConfirm={(v) => set('confirm', v)} />
      <FormSubmit error={errors.form} busy={change.isPending} label="确认修改" />
    </form>
  );
}

type SetField = SmsField | PasswordField;

function SetPassword({ masked, onDone }: { masked: string; onDone: () => void }) {
  const sms = useSmsWithCaptcha(smsScene.values.setPassword);
  const set = useApiMutation('change_password_post', { errorHandling: 'manual' });
  const form = useForm({
    initial: { sms_code: '', new_password: '', confirm: '' },
    check: ({ sms_code: code, new_password: password, confirm }): Checked<{ sms_code: string; new_password: string }, SetField> => {
      const found = compact<SetField>({ sms_code: checkCode(code) ?? (sms.sender.everSent ? null : '请先获取验证码'), ...checkNew(password, confirm) });
      return hasErrors(found) ? { ok: false, errors: found } : { ok: true, body: { sms_code: code, new_password: password } };
    },
    refusals: { labels: { ...smsLabels, new_password: '新密码' }, codes: { verifyCodeWrong: 'sms_code', verifyCodeExpired: 'sms_code' } },
    onSubmit: async (body: { sms_code: string; new_password: string }) => {
      await set.mutateAsync({ body });
      onDone();
    },
  });
  const { draft, errors } = form;

  async function send() {
    form.show({});
    // The backend sends it to the bound phone: the app knows only the mask.
    form.show(await sms.send({ bound: masked }));
  }

  return (
    <form {...form.formProps} className={styles.form} aria-label="设置密码">
      <div className={styles.note}>
        <p>您的账号还没有设置密码。验证码将发送至绑定的手机号 {masked}，验证后即可设置。</p>
      </div>
      <CaptchaField captcha={sms.captcha} value={sms.captchaCode} onChange={(v) => (sms.setCaptchaCode(v), form.dismiss('captcha_code'))} error={errors.captcha_code} />
      <CodeField
        label="短信验证码"
        value={draft.sms_code}
        onChange={(v) => form.set('sms_code', v)}
        error={errors.sms_code}
        sender={sms.sender}
        button={<SendCodeButton sender={sms.sender} loading={sms.sending} onClick={() => void send()} />}
      />
      <NewPasswordFields password={draft.new_password} confirm={draft.confirm} errors={errors} onPassword={(v) => form.set('new_password', v)} onConfirm={(v) => form.set('confirm', v)} />
      <FormSubmit error={errors.form} busy={set.isPending} label="设置密码" />
    </form>
  );
}
