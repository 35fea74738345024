/** How many messages are unread; nothing when none, 99+ past 99. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { UnreadBadge } from '#src/components/ui/unread-badge.tsx';

const meta = {
  title: 'Kit/UnreadBadge',
  component: UnreadBadge,
  args: { count: 3 },
  decorators: [(Story) => <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>消息通知 {Story()}</span>],
} satisfies Meta<typeof UnreadBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Some: Story = { play: async ({ canvas }) => void (await expect(canvas.getByText('条未读')).toBeInTheDocument()) };
export const Many: Story = { args: { count: 120 }, play: async ({ canvas }) => void (await expect(canvas.getByText('99+')).toBeVisible()) };
export const None: Story = { args: { count: 0 }, play: async ({ canvas }) => void (await expect(canvas.queryByText('条未读')).toBeNull()) };
