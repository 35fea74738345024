/**
 * /personal/accountMailbox, 邮箱: binding one, or changing it in two steps (two-step-change.tsx).
 * A mailbox's code needs no image code; the old mailbox's code is sent by a GET
 * (verify_old_mailbox), which is an action, so a mutation rather than a cached query.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { mailboxScene } from '#contract/coded-values';
import { callOrThrow, useApiMutation } from '../../lib/api/queries.ts';
import { placeRefusal, type RefusalPlaces } from '../../lib/forms/refusals.ts';
import { useCodeSender } from './code-sending.tsx';
import { checkMailbox } from './rules.ts';
import { TwoStepChangePage, type Channel } from './two-step-change.tsx';
import { mailboxQuery } from './mailbox-page.data.ts';

const refusals: RefusalPlaces<'mailbox' | 'code'> = {
  labels: { mailbox: '邮箱', code: '验证码' },
  codes: { verifyCodeWrong: 'code', verifyCodeExpired: 'code', sendTooFrequent: 'code', mailboxTaken: 'mailbox', invalidRequest: 'mailbox' },
};

const mailboxChannel: Channel = {
  page: { title: '邮箱', intro: '邮箱用于接收电子发票和重要通知。' },
  noun: '邮箱',
  steps: ['验证原邮箱', '设置新邮箱', '完成'],
  unboundNote: '您的账号还没有绑定邮箱。绑定后，电子发票会同时发送到邮箱，便于保存和报销。',
  fields: { target: 'mailbox', code: 'code' },
  codeLabel: '邮箱验证码',
  targetInput: { type: 'email', autoComplete: 'email', maxLength: 100, placeholder: '例如 name@example.com' },
  checkTarget: checkMailbox,
  refusals,
  verifyNote: (current) => `为确认是您本人操作，请先验证当前邮箱 ${current}：获取验证码后，到邮箱中查收。`,
  doneHint: (mailbox) => `电子发票和通知将发送至 ${mailbox}。`,

  useCurrent() {
    const query = useQuery(mailboxQuery());
    const data = query.data;
    return { isPending: query.isPending, isError: query.isError, current: data?.is_bound && data.mailbox ? data.mailbox : null, retry: () => void query.refetch() };
  },

  useVerifyOld() {
    const sender = useCodeSender();
    const send = useMutation({ mutationFn: () => callOrThrow('verify_old_mailbox_get', {}), meta: { errorHandling: 'manual' } });
    const verify = useApiMutation('verify_old_mailbox_post', { errorHandling: 'manual' });
    return {
      sender,
      async send() {
        try {
          const answer = await send.mutateAsync();
          sender.sent(answer, answer.mailbox);
          return {};
        } catch (error) {
          sender.failed(error);
          return placeRefusal(error, refusals);
        }
      },
      sending: send.isPending,
      verify: async (code) => (await verify.mutateAsync({ body: { code } })).verify_token,
      verifying: verify.isPending,
    };
  },

  useNew(kind) {
    const sender = useCodeSender();
    const scene = kind === 'bind' ? mailboxScene.values.bind : mailboxScene.values.change;
    const send = useApiMutation('send_mailbox_verification_code', { errorHandling: 'manual' });
    const bind = useApiMutation('mailbox_relevance', { errorHandling: 'manual' });
    const change = useApiMutation('change_mailbox', { errorHandling: 'manual' });
    return {
      sender,
      async send(mailbox) {
        const problem = checkMailbox(mailbox);
        if (problem) return { mailbox: problem };
        try {
          sender.sent(await send.mutateAsync({ body: { mailbox: mailbox.trim(), scene } }), mailbox.trim());
          return {};
        } catch (error) {
          sender.failed(error);
          return placeRefusal(error, refusals);
        }
      },
      sending: send.isPending,
      bind: (mailbox, code, token) => (token === null ? bind.mutateAsync({ body: { mailbox, code } }) : change.mutateAsync({ body: { mailbox, code, verify_token: token } })),
      binding: bind.isPending || change.isPending,
    };
  },
};

export function MailboxPage() {
  return <TwoStepChangePage channel={mailboxChannel} />;
}
