/** A short progress line with the time of each step. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatusSteps } from '#src/components/ui/status-steps.tsx';

const meta = {
  title: 'Kit/StatusSteps',
  component: StatusSteps,
  args: {
    label: '退费进度',
    steps: [
      { label: '提交申请', state: 'done', time: '2026-01-15 10:23' },
      { label: '中心审核', state: 'current', note: '预计3个工作日内完成' },
      { label: '退款到账', state: 'todo' },
    ],
  },
} satisfies Meta<typeof StatusSteps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InProgress: Story = {
  play: async ({ canvas }) => void (await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent('中心审核')),
};
export const Done: Story = {
  args: {
    steps: [
      { label: '提交申请', state: 'done', time: '2026-01-15 10:23' },
      { label: '中心审核', state: 'done', time: '2026-01-16 09:00' },
      { label: '退款到账', state: 'done', time: '2026-01-18 14:30' },
    ],
  },
};
export const Rejected: Story = {
  args: {
    steps: [
      { label: '提交申请', state: 'done', time: '2026-01-15 10:23' },
      { label: '中心审核', state: 'failed', time: '2026-01-16 09:00', note: '已上课次数超过三分之二' },
      { label: '退款到账', state: 'todo' },
    ],
  },
};
