/** The enrolment journey's pieces: its steps, a boxed notice, and how a step ends (an outcome). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { JourneySteps } from '#src/components/journey/journey-steps.tsx';
import { Notice } from '#src/components/journey/notice.tsx';
import { LinkButton, Outcome } from '#src/components/journey/outcome.tsx';
import { WithProviders } from '../support/story-mock.tsx';

const meta: Meta = { title: 'Pieces/Journey', decorators: [(Story) => <WithProviders>{Story()}</WithProviders>] };
export default meta;
type Story = StoryObj;

export const StepsAtTheStart: Story = {
  render: () => <JourneySteps current={1} />,
  play: async ({ canvas }) => void (await expect(canvas.getByText('填写报名信息').closest('[aria-current]')).not.toBeNull()),
};
export const StepsPaying: Story = { render: () => <JourneySteps current={3} /> };
export const StepsDone: Story = { render: () => <JourneySteps current={4} /> };

export const NoticeOfEveryTone: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 640 }}>
      <Notice tone="danger" title="上课时间冲突">
        李晓博已报名的「小主持人寒假集训营」与本班时间重叠。
      </Notice>
      <Notice tone="warning" title="请在20分钟内完成支付">
        超时订单将自动关闭，名额释放给其他家长。
      </Notice>
      <Notice tone="info">报名截止后统一摇号，结果将以短信通知。</Notice>
      <Notice tone="success" title="报名成功" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('上课时间冲突');
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
  },
};

const onward = [
  { to: '/personal/myOrder', label: '查看订单' },
  { to: '/', label: '返回首页' },
];
export const OutcomeSuccess: Story = {
  render: () => (
    <Outcome kind="success" title="支付成功" onward={onward}>
      已为李晓博报名「少儿国画启蒙班」，开课前一天将短信提醒。
    </Outcome>
  ),
};
export const OutcomeWaiting: Story = { render: () => <Outcome kind="waiting" title="等待摇号" onward={onward} children="报名截止后统一摇号，明天10:00公布结果。" /> };
export const OutcomeFailed: Story = { render: () => <Outcome kind="failed" title="支付未完成" onward={[null, ...onward]} children="订单已超过支付时限，已自动关闭。" /> };
export const OutcomeSignIn: Story = {
  render: () => <Outcome kind="signin" title="请先登录" actions={<LinkButton to="/">去登录</LinkButton>} children="登录后才能报名课程。" />,
};
