/** Small coloured labels (class badges, statuses) and a coded enum's status text. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { orderStatus } from '#contract/index';
import { Badge, StatusText } from '#src/components/ui/badge.tsx';

const meta = {
  title: 'Kit/Badge',
  component: Badge,
  args: { children: '摇号', tone: 'info' },
  argTypes: { tone: { control: 'inline-radio', options: ['primary', 'success', 'danger', 'warning', 'info', 'muted'] } },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const EveryTone: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge tone="primary">先到先得</Badge>
      <Badge tone="success">已支付</Badge>
      <Badge tone="danger">待支付</Badge>
      <Badge tone="warning">面试</Badge>
      <Badge tone="info">摇号</Badge>
      <Badge tone="muted">已关闭</Badge>
    </div>
  ),
};
/** Every order status in its label and tone (red needs action, green done). */
export const OrderStatuses: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, listStyle: 'none', padding: 0 }}>
      {orderStatus.options.map((o) => (
        <li key={o.value}>
          <StatusText value={o.value} of={orderStatus} />
        </li>
      ))}
    </ul>
  ),
};
