/**
 * A lottery or interview sign-up is in: nothing to pay yet. Says when the draw or the interview
 * is (the answer's result_at) and what happens next (its remark), and where to follow it.
 */
import { signUpStatus } from '#contract/coded-values';
import type { Data } from '../../lib/api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Outcome } from '../../components/journey/outcome.tsx';
import { Fact, OutcomeFacts } from '#src/components/ui/facts.tsx';
import { href } from '#src/lib/routes.ts';

export function SignUpPending({ signUp }: { signUp: Data<'sign_up_post'> }) {
  const lottery = signUp.status === signUpStatus.values.lotteryPending;
  return (
    <Outcome
      kind="waiting"
      title={lottery ? '报名已提交，等待摇号' : '报名已提交，等待面试'}
      onward={[
        { to: href('signUps'), label: '查看报名记录' },
        { to: href('classDetails', { id: signUp.class_id }), label: '返回课程详情' },
      ]}
    >
      <p>
        {signUp.contact_name}已报名「{signUp.class_name}」，当前状态：{signUpStatus.label(signUp.status)}。
      </p>
      <OutcomeFacts>
        {signUp.result_at && <Fact term={lottery ? '摇号时间' : '面试时间'}>{formatDateTime(signUp.result_at)}</Fact>}
        {signUp.remark && <Fact term="后续安排">{signUp.remark}</Fact>}
      </OutcomeFacts>
      <p>录取后请在「报名记录」中下单，并在支付时限内完成缴费；未录取无需任何操作。</p>
    </Outcome>
  );
}
