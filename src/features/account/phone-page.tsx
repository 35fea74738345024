/**
 * /personal/accountPhone, 手机号: binding one, or changing it in two steps (two-step-change.tsx).
 * A phone's code needs an image code first (send_sms), and goes to the phone itself.
 */
import { maskPhone } from '#contract/id-number';
import { smsScene } from '#contract/coded-values';
import { useApiMutation } from '../../lib/api/queries.ts';
import { placeRefusal } from '../../lib/forms/refusals.ts';
import { useCodeSender } from './code-sending.tsx';
import { smsRefusals, useSmsWithCaptcha } from './phone-code.ts';
import { checkPhone } from './rules.ts';
import { TwoStepChangePage, type Channel } from './two-step-change.tsx';
import { useQuery } from '@tanstack/react-query';
import { phoneQuery } from './phone-page.data.ts';

const phoneChannel: Channel = {
  page: { title: '手机号', intro: '手机号用于登录、找回密码，以及接收报名、缴费和退费通知。' },
  noun: '手机号',
  steps: ['验证原手机号', '设置新手机号', '完成'],
  unboundNote: '您的账号还没有绑定手机号。绑定后可以用手机号登录，并及时收到报名和缴费通知。',
  fields: { target: 'phone', code: 'sms_code', captcha: 'captcha_code' },
  codeLabel: '短信验证码',
  targetInput: { inputMode: 'numeric', autoComplete: 'tel', maxLength: 11, placeholder: '请输入11位手机号' },
  checkTarget: checkPhone,
  refusals: smsRefusals,
  verifyNote: (current) => `为确认是您本人操作，请先获取验证码，验证当前手机号 ${current}。如原手机号已不再使用，请联系客服更换。`,
  doneHint: (phone) => `当前绑定的手机号为 ${maskPhone(phone)}，今后请使用它登录和接收通知。`,

  useCurrent() {
    const query = useQuery(phoneQuery());
    return { isPending: query.isPending, isError: query.isError, current: query.data?.phone ?? null, retry: () => void query.refetch() };
  },

  useVerifyOld(current) {
    const sender = useCodeSender();
    const send = useApiMutation('verify_old_phone_number_send_sms', { errorHandling: 'manual' });
    const verify = useApiMutation('verify_old_phone_number', { errorHandling: 'manual' });
    return {
      sender,
      async send() {
        try {
          sender.sent(await send.mutateAsync({ body: {} }), current);
          return {};
        } catch (error) {
          sender.failed(error);
          return placeRefusal(error, smsRefusals);
        }
      },
      sending: send.isPending,
      verify: async (code) => (await verify.mutateAsync({ body: { sms_code: code } })).verify_token,
      verifying: verify.isPending,
    };
  },

  useNew(kind) {
    const sms = useSmsWithCaptcha(kind === 'bind' ? smsScene.values.bindPhone : smsScene.values.changePhone);
    const bind = useApiMutation('binding_phone_number', { errorHandling: 'manual' });
    const change = useApiMutation('binding_new_phone_num', { errorHandling: 'manual' });
    return {
      sender: sms.sender,
      captcha: { captcha: sms.captcha, value: sms.captchaCode, onChange: sms.setCaptchaCode },
      send: (phone) => sms.send(phone),
      sending: sms.sending,
      bind: (phone, code, token) => (token === null ? bind.mutateAsync({ body: { phone, sms_code: code } }) : change.mutateAsync({ body: { phone, sms_code: code, verify_token: token } })),
      binding: bind.isPending || change.isPending,
    };
  },
};

export function PhonePage() {
  return <TwoStepChangePage channel={phoneChannel} />;
}
