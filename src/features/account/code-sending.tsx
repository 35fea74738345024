/**
 * The pieces every code flow shares: the image code (captcha) with a refresh, the 获取验证码
 * button that counts down before a resend, and the step indicator of a two-step change.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { linkOrNull } from '#contract/links';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextInput } from '../../components/ui/field.tsx';
import { api } from '../../lib/api/queries.ts';
import { waitOfRefusal } from '../../lib/forms/refusals.ts';
import { useWait } from '../../lib/clock.ts';
import styles from './account.module.css';

/**
 * An image code. Each one is used up by a send (right or wrong target), so the page asks for a
 * new one after every attempt; it is never cached beyond the page that shows it.
 */
export function useCaptcha() {
  return useQuery({ ...api.send_sms_get.queryOptions(), staleTime: Infinity, gcTime: 0 });
}

export type Captcha = ReturnType<typeof useCaptcha>;

export function CaptchaField({ captcha, value, onChange, error }: { captcha: Captcha; value: string; onChange: (value: string) => void; error?: string | null }) {
  // Only an image's data: address is drawn (decision 046); one the answer's check left out reads as a failed load.
  const image = captcha.isFetching ? null : linkOrNull(captcha.data?.captcha_image, 'image');
  return (
    <Field label="图形验证码" required error={error} hint="看不清可点击图片换一张，不区分大小写">
      {(props) => (
        <div className={styles.inline}>
          <TextInput {...props} value={value} onChange={(e) => onChange(e.target.value)} maxLength={6} autoComplete="off" placeholder="请输入右侧图中的字符" />
          {/* Named 换一张 only with the picture: showing words instead, the words are its name (WCAG 2.5.3). */}
          <button
            type="button"
            className={styles.captcha}
            onClick={() => void captcha.refetch()}
            aria-label={image ? '换一张图形验证码' : undefined}
            aria-busy={captcha.isFetching || undefined}
            title="看不清？换一张"
            disabled={captcha.isFetching}
          >
            {image ? (
              <img src={image} alt="图形验证码" width={120} height={40} />
            ) : (
              <span className={styles.captchaText}>{(captcha.isError || captcha.data) && !captcha.isFetching ? '加载失败，点击重试' : '加载中…'}</span>
            )}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The countdown of a code that was sent, and a line saying where it went. */
export function useCodeSender() {
  const { remaining, start } = useWait();
  const [notice, setNotice] = useState<string | null>(null);
  const [everSent, setEverSent] = useState(false);
  return {
    remaining,
    everSent,
    notice,
    /** After a send: counts down resend_after and says where the code went. */
    sent(answer: { expires_in: number; resend_after: number }, target: string) {
      start(answer.resend_after);
      setEverSent(true);
      setNotice(`验证码已发送至 ${target}，${Math.max(1, Math.round(answer.expires_in / 60))}分钟内有效`);
    },
    /** After a refusal: a 'too frequent' one still counts down the wait it names. */
    failed(error: unknown) {
      const wait = waitOfRefusal(error);
      if (wait !== null) start(wait);
    },
    reset() {
      start(0);
      setEverSent(false);
      setNotice(null);
    },
  };
}

export type CodeSender = ReturnType<typeof useCodeSender>;

export function SendCodeButton({ sender, loading, onClick, disabled }: { sender: CodeSender; loading: boolean; onClick: () => void; disabled?: boolean }) {
  const waiting = sender.remaining > 0;
  return (
    <Button variant="secondary" className={styles.sendButton} onClick={onClick} loading={loading} disabled={disabled || waiting}>
      {waiting ? `${sender.remaining}秒后重新获取` : sender.everSent ? '重新获取验证码' : '获取验证码'}
    </Button>
  );
}

/** A code input with its send button beside it, and where the code went below. */
export function CodeField({
  label = '验证码',
  value,
  onChange,
  error,
  sender,
  button,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  sender: CodeSender;
  button: ReactNode;
}) {
  return (
    <Field label={label} required error={error} hint={sender.notice ?? '验证码为6位数字，5分钟内有效'}>
      {(props) => (
        <div className={styles.inline}>
          <TextInput
            {...props}
            value={value}
            onChange={(e) => onChange(e.target.value.replace(/\s/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入6位验证码"
          />
          {button}
        </div>
      )}
    </Field>
  );
}

/** Where a parent is in a change of phone or mailbox. */
export function Steps({ steps, current, label }: { steps: string[]; current: number; label: string }) {
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((step, i) => (
        <li key={step} className={i < current ? styles.stepDone : i === current ? styles.stepCurrent : undefined} aria-current={i === current ? 'step' : undefined}>
          <span className={styles.stepNumber} aria-hidden="true">
            {i < current ? '✓' : i + 1}
          </span>
          <span>{step}</span>
          {i < current && <span className="visually-hidden">（已完成）</span>}
        </li>
      ))}
    </ol>
  );
}
