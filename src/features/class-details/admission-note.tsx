/** What happens after signing up, by the class's admission kind (the design brief's rules). */
import { admissionKind } from '#contract/coded-values';
import { formatDateTime } from '../../lib/format.ts';
import type { ClassDetail } from './sign-up-state.ts';
import styles from './details.module.css';

export function admissionSteps(klass: ClassDetail): { title: string; text: string } {
  const pay = `${klass.pay_window_minutes}分钟`;
  switch (klass.admission_kind) {
    case admissionKind.values.lottery:
      return {
        title: '摇号录取',
        text:
          `报名截止（${formatDateTime(klass.sign_up_end_at)}）后统一摇号` +
          (klass.lottery_at ? `，摇号时间为 ${formatDateTime(klass.lottery_at)}` : '，摇号时间另行通知') +
          `。结果会以站内消息通知；中签后请在“我的报名”中下单，并在${pay}内完成支付。未中签不收取任何费用。`,
      };
    case admissionKind.values.interview:
      return {
        title: '面试录取',
        text:
          '报名后需参加面试' +
          (klass.interview_at ? `，面试时间为 ${formatDateTime(klass.interview_at)}` : '，面试时间另行通知') +
          `。面试通过后请在“我的报名”中下单，并在${pay}内完成支付；未通过不收取任何费用。`,
      };
    case admissionKind.values.seckill:
      return {
        title: '限时秒杀',
        text: `到点准时开抢，名额有限，先到先得。抢到后请在${pay}内完成支付，超时未支付名额将自动释放。`,
      };
    default:
      return {
        title: '先到先得',
        text: `报名成功后请在${pay}内完成支付，超时未支付名额将自动释放。`,
      };
  }
}

export function AdmissionNote({ klass }: { klass: ClassDetail }) {
  const { title, text } = admissionSteps(klass);
  return (
    <div className={styles.admission}>
      <strong className={styles.admissionTitle}>{title}</strong>
      <p>{text}</p>
    </div>
  );
}
