/**
 * Sending an SMS code to a phone the parent types (bind, the new phone of a change, setting a
 * password): the image code first, then send_sms with its scene; the countdown starts from
 * resend_after. Each image code is used up by a send, so a new one is drawn after every try.
 */
import { useState } from 'react';
import { maskPhone } from '#contract/id-number';
import { smsScene, type ValueOf } from '#contract/coded-values';
import { useApiMutation } from '../../lib/api/queries.ts';
import { compact, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { placeRefusal, type RefusalPlaces } from '../../lib/forms/refusals.ts';
import { useCaptcha, useCodeSender } from './code-sending.tsx';
import { checkCaptcha, checkPhone } from './rules.ts';

export type SmsField = 'phone' | 'captcha_code' | 'sms_code';

export const smsLabels: Record<SmsField, string> = { phone: '手机号', captcha_code: '图形验证码', sms_code: '验证码' };

/** Where the refusals of the phone's calls go (sending a code, binding, setting a password). */
export const smsRefusals: RefusalPlaces<SmsField> = {
  labels: smsLabels,
  codes: {
    captchaWrong: 'captcha_code',
    phoneTaken: 'phone',
    sendTooFrequent: 'sms_code',
    verifyCodeWrong: 'sms_code',
    verifyCodeExpired: 'sms_code',
    invalidRequest: 'phone',
  },
};

export function useSmsWithCaptcha(scene: ValueOf<typeof smsScene>) {
  const captcha = useCaptcha();
  const [captchaCode, setCaptchaCode] = useState('');
  const sender = useCodeSender();
  const mutation = useApiMutation('send_sms_post', { errorHandling: 'manual' });

  /**
   * Sends a code to `to`: a typed phone, or the bound one (`{ bound: masked }`: the backend knows
   * the number, the app only its mask). Answers the messages to show (none when it went).
   */
  async function send(to: string | { bound: string }, extraCheck?: () => FieldErrors<SmsField>): Promise<FieldErrors<SmsField>> {
    const phone = typeof to === 'string' ? to.trim() : null;
    const before = compact<SmsField | 'form'>({ phone: phone === null ? null : checkPhone(phone), captcha_code: checkCaptcha(captchaCode), ...extraCheck?.() });
    if (Object.keys(before).length > 0) return before;
    const key = captcha.data?.captcha_key;
    if (!key) return { captcha_code: '图形验证码未加载，请点击图片刷新' };
    try {
      const answer = await mutation.mutateAsync({ body: { ...(phone === null ? {} : { phone }), scene, captcha_key: key, captcha_code: captchaCode.trim() } });
      sender.sent(answer, phone === null ? (to as { bound: string }).bound : maskPhone(phone));
      return {};
    } catch (error) {
      sender.failed(error);
      return placeRefusal(error, smsRefusals);
    } finally {
      setCaptchaCode('');
      void captcha.refetch();
    }
  }

  return { captcha, captchaCode, setCaptchaCode, sender, send, sending: mutation.isPending };
}
