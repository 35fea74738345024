/** A round avatar: the image, or the default figure when there is none or it fails to load. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from '#src/components/ui/avatar.tsx';

/** A small drawn portrait, inline: the story asks for no file. */
const PORTRAIT = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#fde7c7"/><circle cx="32" cy="26" r="12" fill="#8a5a36"/><path d="M10 60c4-12 12-17 22-17s18 5 22 17z" fill="#2f6fb3"/></svg>')}`;

const meta = { title: 'Kit/Avatar', component: Avatar, args: { src: PORTRAIT, size: 64 } } satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {};
export const NoImage: Story = { args: { src: null } };
/** An address that does not load falls back to the default figure. */
export const BrokenImage: Story = {
  args: { src: '/no-such-avatar.png' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-avatar="default"]')).not.toBeNull());
  },
};
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar {...args} size={24} />
      <Avatar {...args} size={32} />
      <Avatar {...args} size={64} />
      <Avatar src={null} size={64} />
    </div>
  ),
};
