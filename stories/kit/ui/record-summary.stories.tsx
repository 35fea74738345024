/** A record's headline band (status, amount, one more item) and a refusal's note. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Fen } from '#contract/index';
import { Refusal, Summary, SummaryItem } from '#src/components/ui/record-summary.tsx';

const meta = {
  title: 'Kit/RecordSummary',
  component: Summary,
  args: {
    label: '退费概况',
    status: { label: '退费状态', value: '审核中' },
    amount: { label: '退费金额', fen: 30000 as Fen },
    children: (
      <SummaryItem label="申请编号" kind="number">
        TF202601150003
      </SummaryItem>
    ),
  },
} satisfies Meta<typeof Summary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Band: Story = {};
export const RefusalNote: Story = {
  render: () => (
    <Refusal title="退费申请被驳回">
      <p>已上课次数超过总课次的三分之二，按退费规则不予退费。如有疑问请致电咨询。</p>
    </Refusal>
  ),
};
export const FormRefusal: Story = {
  render: () => (
    <Refusal title="提交失败" alert>
      <p>该订单已申请过发票</p>
    </Refusal>
  ),
};
